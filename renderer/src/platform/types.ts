import type {
  CallWindowMode,
  DesktopCallState,
  DesktopEvent,
  MediaKind,
  MediaPermissionState,
} from '../../../contract/desktop'
import type { EmbedChildMessage, EmbedLayoutName, EmbedParentMessage } from '../../../contract/embed-protocol'
import type { StorageKey } from './storage-keys'

export type { CallWindowMode, DesktopCallState, DesktopEvent, MediaKind, MediaPermissionState }

/**
 * The desktop app's call window (issue #26 part 7): the renderer publishes its call, main shows it in the
 * tray, holds the mute shortcut and shrinks the window to the compact call window; main's events (deep
 * links, tray and shortcut commands, the window's mode) come back here, already checked.
 */
export interface PlatformCallWindow {
  publish(call: DesktopCallState | null): Promise<void>
  /** Answers the mode the window is in afterwards (compact only during a call). */
  setMode(mode: CallWindowMode): Promise<CallWindowMode>
  /** Returns the unsubscribe. */
  onEvent(listener: (event: DesktopEvent) => void): () => void
}

/** The local key-value store both shells offer (spec 1 §3 'Local storage keys'). */
export interface PlatformStorage {
  /** The stored value, or undefined when absent, unreadable or no longer valid for the key's schema. */
  get<T>(key: StorageKey<T>): Promise<T | undefined>
  /**
   * The same value read at once, where the shell can (the web's localStorage), so a screen can show it in
   * its first render; absent where reads are asynchronous (the desktop app asks its main process).
   */
  peek?<T>(key: StorageKey<T>): T | undefined
  set<T>(key: StorageKey<T>, value: T): Promise<void>
  remove(key: StorageKey<unknown>): Promise<void>
}

/**
 * Microphone and camera permission (spec 2 §4: mic and camera set-up asks for permission). The web asks
 * the browser; the desktop app asks its main process, which owns the policy and the system prompt.
 */
export interface PlatformPermissions {
  /** The current state, without prompting. */
  status(kind: MediaKind): Promise<MediaPermissionState>
  /**
   * Asks (the browser's or the system's prompt) and answers the outcome. 'denied' is a clear refusal the
   * call screens show; a missing or busy device rejects with the browser's error instead.
   */
  request(kind: MediaKind): Promise<MediaPermissionState>
}

/** How API requests authenticate: the session cookie on the web, the stored bearer token on desktop. */
export interface PlatformAuth {
  requestInit(): Promise<{ credentials: RequestCredentials; headers: Record<string, string> }>
  /**
   * Where this shell keeps its session's bearer token (desktop: the desktop token; embed: the embed auth
   * token, spec 1 §3), or null where the session is an HttpOnly cookie (the web). Sign-in asks for a
   * bearer token exactly when this is set, stores it here, and log-out forgets it.
   */
  readonly tokenKey: StorageKey<string> | null
}

/**
 * The product running inside an iframe on a creator's site (issue #14, spec 1 §2 'Embed link translation').
 * Its parent is reached only through `notifyParent`, at the exact origin the snippet named and the
 * configuration allows (never '*'); messages from any other origin never reach `onParentMessage`.
 */
export interface EmbedContext {
  readonly configId: string
  /** The clone (and instance) the configuration shows: '/embed/{target}/{configId}'. */
  readonly target: string
  readonly cloneSlug: string
  readonly instanceSlug: string | null
  /** '/embed/{target}/{configId}': the root every embed-relative path is under. */
  readonly root: string
  /** The host page's origin, or null when the page is not framed by an allowed origin. */
  readonly parentOrigin: string | null
  readonly layout: EmbedLayoutName
  /** No 'powered by' footer and no account links (spec 1 §2, §6). */
  readonly whitelabel: boolean
  /** User messages before 'text-exhausted' replaces the paywall (spec 1 §4, §9); null: none. */
  readonly textLimit: number | null
  /** Voice seconds before 'voice-exhausted' replaces the paywall (spec 2 §7); null: none. */
  readonly voiceLimitSeconds: number | null
  /** The main site, where account pages, terms and privacy open in a new tab. */
  readonly mainSiteOrigin: string
  /** Posts to the parent (configId added); does nothing when there is no allowed parent. */
  notifyParent(message: DistributiveOmit<EmbedChildMessage, 'configId'>): void
  /** Messages from the parent, origin already checked. Returns the unsubscribe. */
  onParentMessage(listener: (message: EmbedParentMessage) => void): () => void
}

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never

/** What features may ask of the shell they run in: the web (PWA) or the desktop app. */
export interface Platform {
  readonly kind: 'web' | 'desktop'
  /** Prefix for API and media paths: '' on the web (same origin), the server's origin on desktop. */
  readonly apiBaseUrl: string
  readonly storage: PlatformStorage
  readonly permissions: PlatformPermissions
  readonly auth: PlatformAuth
  /** Set when the product runs embedded in another site's page (an iframe at /embed/...). */
  readonly embed: EmbedContext | null
  /** Opens a web or e-mail link outside the app (a new tab on the web, the system browser on desktop). */
  openExternal(url: string): Promise<void>
  /** The desktop app's call window, tray and deep links; absent on the web and in embeds. */
  readonly callWindow?: PlatformCallWindow
}
