import {
  type CallWindowMode,
  type DesktopAppConfig,
  type DesktopCallState,
  type DesktopMessageName,
  type DesktopRequest,
  type DesktopResponse,
  desktopMessages,
  type MediaKind,
  type MediaPermissionState,
} from '../contract/desktop'
import type { KeyStore } from './key-store'

/** The slice of Electron's ipcMain the handlers need (injected for tests). */
export interface IpcMainLike {
  handle(channel: string, listener: (event: IpcEventLike, ...args: unknown[]) => unknown): void
}
export interface IpcEventLike {
  /** The frame that sent the message; `parent` is set for sub-frames. */
  senderFrame: { url: string; parent?: unknown } | null
}

export interface IpcDeps {
  ipcMain: IpcMainLike
  store: Pick<KeyStore, 'get' | 'set' | 'remove'>
  permissions: {
    status(kind: MediaKind): MediaPermissionState | Promise<MediaPermissionState>
    request(kind: MediaKind): Promise<MediaPermissionState>
  }
  version: string
  config: DesktopAppConfig
  /** Opens an already-validated web or e-mail link in the system browser. */
  openExternal(url: string): Promise<void>
  /** The call the renderer publishes, and the compact call window (main/call-presence.ts). */
  callPresence: {
    publish(call: DesktopCallState | null): void
    setMode(mode: CallWindowMode): CallWindowMode
  }
  /** True when a frame's URL belongs to the app itself. */
  isTrustedUrl(url: string): boolean
  log: { warn(message: string): void }
}

export class IpcRefusedError extends Error {
  override name = 'IpcRefusedError'
}

type Handlers = {
  [N in DesktopMessageName]: (payload: DesktopRequest<N>) => Promise<DesktopResponse<N>> | DesktopResponse<N>
}

const done = () => undefined

/**
 * Registers one handler per message of contract/desktop.ts. Each refuses senders that are not the app's
 * own main frame, and payloads that do not match the message's schema, before doing anything.
 */
export function registerIpcHandlers(deps: IpcDeps) {
  const handlers: Handlers = {
    storageGet: ({ name }) => deps.store.get(name),
    storageSet: ({ name, value }) => deps.store.set(name, value).then(done),
    storageRemove: ({ name }) => deps.store.remove(name).then(done),
    permissionsStatus: ({ kind }) => deps.permissions.status(kind),
    permissionsRequest: ({ kind }) => deps.permissions.request(kind),
    appVersion: () => deps.version,
    appConfig: () => deps.config,
    openExternal: ({ url }) => deps.openExternal(url).then(done),
    callState: ({ call }) => {
      deps.callPresence.publish(call)
      return undefined
    },
    windowMode: ({ mode }) => deps.callPresence.setMode(mode),
  }

  for (const name of Object.keys(desktopMessages) as DesktopMessageName[]) {
    const { channel, request } = desktopMessages[name]
    const handler = handlers[name] as (payload: unknown) => unknown
    deps.ipcMain.handle(channel, async (event, payload) => {
      const frame = event.senderFrame
      if (!frame || frame.parent || !deps.isTrustedUrl(frame.url)) {
        deps.log.warn(`Refused ${channel} from untrusted frame ${frame?.url || '(none)'}`)
        throw new IpcRefusedError('Refused: untrusted sender')
      }
      const parsed = request.safeParse(payload)
      if (!parsed.success) {
        deps.log.warn(`Refused ${channel}: invalid payload (${parsed.error.issues[0]?.message ?? 'invalid'})`)
        throw new IpcRefusedError(`Refused: invalid payload for ${channel}`)
      }
      return handler(parsed.data)
    })
  }
}
