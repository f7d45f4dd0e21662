import { contextBridge, ipcRenderer } from 'electron'
import type { DesktopAppConfig, DesktopBridge } from '../contract/desktop'
import { IpcChannel } from '../contract/ipc-channels'

// One function per IPC message, nothing else (no generic invoke, no ipcRenderer on the page).
const bridge: DesktopBridge = {
  storage: {
    get: (name) => ipcRenderer.invoke(IpcChannel.storageGet, { name }) as Promise<string | null>,
    set: (name, value) => ipcRenderer.invoke(IpcChannel.storageSet, { name, value }) as Promise<void>,
    remove: (name) => ipcRenderer.invoke(IpcChannel.storageRemove, { name }) as Promise<void>,
  },
  app: {
    version: () => ipcRenderer.invoke(IpcChannel.appVersion) as Promise<string>,
    config: () => ipcRenderer.invoke(IpcChannel.appConfig) as Promise<DesktopAppConfig>,
  },
}

contextBridge.exposeInMainWorld('desktop', bridge)
