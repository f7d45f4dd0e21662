import { z } from 'zod/mini'
import { DESKTOP_EVENT_CHANNEL, IpcChannel } from './ipc-channels'
import { slugProblem } from './studio-clones'

export { DESKTOP_EVENT_CHANNEL, IpcChannel }

const StorageKeyName = z.string().check(z.minLength(1), z.maxLength(200))
export const StorageGetRequest = z.object({ name: StorageKeyName })
export const StorageSetRequest = z.object({
  name: StorageKeyName,
  value: z.string().check(z.maxLength(1_000_000)),
})
export const StorageRemoveRequest = StorageGetRequest

/** The devices a call asks for (spec 2 §4 mic and camera states); each is judged on its own. */
export const MediaKind = z.enum(['microphone', 'camera'])
export type MediaKind = z.infer<typeof MediaKind>
/** What the call screens can show: allowed, refused (by the visitor or the system), or not asked yet. */
export const MediaPermissionState = z.enum(['granted', 'denied', 'prompt'])
export type MediaPermissionState = z.infer<typeof MediaPermissionState>
export const MediaPermissionRequest = z.object({ kind: MediaKind })

/** Links leave the app only for the web or e-mail. */
export const OpenExternalRequest = z.object({
  url: z.url({ protocol: /^(https?|mailto)$/ }).check(z.maxLength(4096)),
})

export const DesktopAppConfig = z.object({ apiBaseUrl: z.url({ protocol: /^https?$/ }) })
export type DesktopAppConfig = z.infer<typeof DesktopAppConfig>

/** The desktop call window (issue #26 part 7): the whole app window, or a small always-on-top one. */
export const CallWindowMode = z.enum(['normal', 'compact'])
export type CallWindowMode = z.infer<typeof CallWindowMode>

const Label = z.string().check(z.minLength(1), z.maxLength(120))

/**
 * The call the renderer is in, as the main process shows it (tray menu, mute shortcut, compact window).
 * The labels are the renderer's own, in the interface's language: main has no catalogs.
 */
export const DesktopCallState = z.object({
  kind: z.enum(['voice', 'video']),
  status: z.enum(['connecting', 'active']),
  /** Whole seconds since the call became active. */
  elapsedSeconds: z.int().check(z.gte(0), z.lte(86_400)),
  muted: z.boolean(),
  /** Whether the mute toggle does anything now (a video call's mic waits for the visitor to speak). */
  canMute: z.boolean(),
  labels: z.object({
    /** 'Call with {name}'. */
    title: Label,
    mute: Label,
    unmute: Label,
    hangUp: Label,
    showWindow: Label,
    compactWindow: Label,
  }),
})
export type DesktopCallState = z.infer<typeof DesktopCallState>
export const CallStateRequest = z.object({ call: z.nullable(DesktopCallState) })
export const WindowModeRequest = z.object({ mode: CallWindowMode })

/** A likeness:// link, parsed and checked by main: open the clone's profile, or start a voice or video call. */
export const DeepLinkTarget = z.object({
  // The one slug rule (a clone's address): length, characters, reserved words.
  slug: z.string().check(z.refine((slug) => slugProblem(slug) === null)),
  action: z.enum(['open', 'call', 'video']),
})
export type DeepLinkTarget = z.infer<typeof DeepLinkTarget>

/** What main sends the renderer on DESKTOP_EVENT_CHANNEL; the renderer drops anything else. */
export const DesktopEvent = z.union([
  z.object({ type: z.literal('toggle-mute') }),
  z.object({ type: z.literal('hang-up') }),
  z.object({ type: z.literal('window-mode'), mode: CallWindowMode }),
  z.object({ type: z.literal('deep-link'), target: DeepLinkTarget }),
])
export type DesktopEvent = z.infer<typeof DesktopEvent>

const NoPayload = z.undefined()
const NoAnswer = z.undefined()

/** Each message is keyed like its channel in IpcChannel and sent on exactly that channel. */
type MessageTable = {
  [N in keyof typeof IpcChannel]: {
    channel: (typeof IpcChannel)[N]
    request: z.ZodMiniType
    response: z.ZodMiniType
  }
}

/**
 * Every IPC message, once: its channel, the payload the main process accepts and the answer the renderer
 * accepts. main/ipc.ts registers exactly these; the preload exposes one bridge function for each.
 */
export const desktopMessages = {
  storageGet: {
    channel: IpcChannel.storageGet,
    request: StorageGetRequest,
    response: z.nullable(z.string()),
  },
  storageSet: { channel: IpcChannel.storageSet, request: StorageSetRequest, response: NoAnswer },
  storageRemove: { channel: IpcChannel.storageRemove, request: StorageRemoveRequest, response: NoAnswer },
  permissionsStatus: {
    channel: IpcChannel.permissionsStatus,
    request: MediaPermissionRequest,
    response: MediaPermissionState,
  },
  permissionsRequest: {
    channel: IpcChannel.permissionsRequest,
    request: MediaPermissionRequest,
    response: MediaPermissionState,
  },
  appVersion: {
    channel: IpcChannel.appVersion,
    request: NoPayload,
    response: z.string().check(z.minLength(1)),
  },
  appConfig: { channel: IpcChannel.appConfig, request: NoPayload, response: DesktopAppConfig },
  openExternal: { channel: IpcChannel.openExternal, request: OpenExternalRequest, response: NoAnswer },
  callState: { channel: IpcChannel.callState, request: CallStateRequest, response: NoAnswer },
  windowMode: { channel: IpcChannel.windowMode, request: WindowModeRequest, response: CallWindowMode },
} as const satisfies MessageTable

export type DesktopMessageName = keyof typeof desktopMessages
export type DesktopRequest<N extends DesktopMessageName> = z.infer<(typeof desktopMessages)[N]['request']>
export type DesktopResponse<N extends DesktopMessageName> = z.infer<(typeof desktopMessages)[N]['response']>
/** What a bridge function answers: the message's response, or nothing for messages without one. */
type Answer<N extends DesktopMessageName> = Promise<
  DesktopResponse<N> extends undefined ? void : DesktopResponse<N>
>

/**
 * The desktop bridge the preload exposes as `window.desktop`: one function per IPC message, nothing else.
 * Stored values cross it as JSON text, checked against the key's schema in the renderer.
 */
export interface DesktopBridge {
  storage: {
    /** The stored JSON text, or null when absent. */
    get(name: string): Answer<'storageGet'>
    set(name: string, value: string): Answer<'storageSet'>
    remove(name: string): Answer<'storageRemove'>
  }
  permissions: {
    /** The current state, without asking anyone. */
    status(kind: MediaKind): Answer<'permissionsStatus'>
    /** Asks the operating system where it has a say (macOS), then answers the resulting state. */
    request(kind: MediaKind): Answer<'permissionsRequest'>
  }
  app: {
    version(): Answer<'appVersion'>
    /** The API base URL the app talks to (LIKENESS_API_URL, default the local server). */
    config(): Answer<'appConfig'>
  }
  /** Opens a web or e-mail link in the system's browser or mail app. */
  openExternal(url: string): Answer<'openExternal'>
  callWindow: {
    /** The call under way (null when none): the tray entry, the mute shortcut and the compact window follow it. */
    publish(call: DesktopCallState | null): Answer<'callState'>
    /** Asks for the compact or the normal window; answers the mode the window is in afterwards. */
    setMode(mode: CallWindowMode): Answer<'windowMode'>
    /**
     * Main's events (unchecked: the renderer parses them with DesktopEvent). Events that arrive before the
     * first listener are kept for it. Returns the unsubscribe.
     */
    onEvent(listener: (event: unknown) => void): () => void
  }
}
