import type { MediaKind, MediaPermissionState } from '../../../contract/desktop'
import type { StorageKey } from './storage-keys'

export type { MediaKind, MediaPermissionState }

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
}

/** What features may ask of the shell they run in: the web (PWA) or the desktop app. */
export interface Platform {
  readonly kind: 'web' | 'desktop'
  /** Prefix for API and media paths: '' on the web (same origin), the server's origin on desktop. */
  readonly apiBaseUrl: string
  readonly storage: PlatformStorage
  readonly permissions: PlatformPermissions
  readonly auth: PlatformAuth
  /** Opens a web or e-mail link outside the app (a new tab on the web, the system browser on desktop). */
  openExternal(url: string): Promise<void>
}
