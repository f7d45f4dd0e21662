import {
  type DesktopAppConfig,
  IpcChannel,
  StorageGetRequest,
  StorageRemoveRequest,
  StorageSetRequest,
} from '../contract/desktop'
import type { KeyStore } from './key-store'

/** The slice of Electron's ipcMain the handlers need (injected for tests). */
export interface IpcMainLike {
  handle(channel: string, listener: (event: IpcEventLike, ...args: unknown[]) => unknown): void
}
export interface IpcEventLike {
  senderFrame: { url: string } | null
}

export interface IpcDeps {
  ipcMain: IpcMainLike
  store: KeyStore
  version: string
  config: DesktopAppConfig
  /** True when a frame's URL belongs to the app itself. */
  isTrustedUrl(url: string): boolean
  log: { warn(message: string): void }
}

export class IpcRefusedError extends Error {}

/** Registers one handler per bridge function; each checks the sender's frame and validates its payload. */
export function registerIpcHandlers(deps: IpcDeps) {
  const guard =
    <T>(channel: string, handler: (payload: unknown) => Promise<T> | T) =>
    async (event: IpcEventLike, payload: unknown) => {
      const url = event.senderFrame?.url ?? ''
      if (!deps.isTrustedUrl(url)) {
        deps.log.warn(`Refused ${channel} from untrusted frame ${url || '(none)'}`)
        throw new IpcRefusedError('Refused: untrusted sender')
      }
      return handler(payload)
    }

  deps.ipcMain.handle(
    IpcChannel.storageGet,
    guard(IpcChannel.storageGet, (p) => deps.store.get(StorageGetRequest.parse(p).name)),
  )
  deps.ipcMain.handle(
    IpcChannel.storageSet,
    guard(IpcChannel.storageSet, (p) => {
      const { name, value } = StorageSetRequest.parse(p)
      return deps.store.set(name, value)
    }),
  )
  deps.ipcMain.handle(
    IpcChannel.storageRemove,
    guard(IpcChannel.storageRemove, (p) => deps.store.remove(StorageRemoveRequest.parse(p).name)),
  )
  deps.ipcMain.handle(
    IpcChannel.appVersion,
    guard(IpcChannel.appVersion, () => deps.version),
  )
  deps.ipcMain.handle(
    IpcChannel.appConfig,
    guard(IpcChannel.appConfig, () => deps.config),
  )
}
