import { contextBridge, ipcRenderer } from 'electron'
import type { DesktopAppConfig, DesktopBridge, MediaPermissionState } from '../contract/desktop'
import { IpcChannel } from '../contract/ipc-channels'

// One function per IPC message, nothing else: no generic invoke, no ipcRenderer on the page. The main
// process validates every payload (contract/desktop.ts); the renderer validates the answers.
const bridge: DesktopBridge = {
  storage: {
    get: (name) => ipcRenderer.invoke(IpcChannel.storageGet, { name }) as Promise<string | null>,
    set: (name, value) => ipcRenderer.invoke(IpcChannel.storageSet, { name, value }) as Promise<void>,
    remove: (name) => ipcRenderer.invoke(IpcChannel.storageRemove, { name }) as Promise<void>,
  },
  permissions: {
    status: (kind) =>
      ipcRenderer.invoke(IpcChannel.permissionsStatus, { kind }) as Promise<MediaPermissionState>,
    request: (kind) =>
      ipcRenderer.invoke(IpcChannel.permissionsRequest, { kind }) as Promise<MediaPermissionState>,
  },
  app: {
    version: () => ipcRenderer.invoke(IpcChannel.appVersion) as Promise<string>,
    config: () => ipcRenderer.invoke(IpcChannel.appConfig) as Promise<DesktopAppConfig>,
  },
  openExternal: (url) => ipcRenderer.invoke(IpcChannel.openExternal, { url }) as Promise<void>,
}

contextBridge.exposeInMainWorld('desktop', bridge)
