import { z } from 'zod/mini'
import { IpcChannel } from './ipc-channels'

export { IpcChannel }

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
}
