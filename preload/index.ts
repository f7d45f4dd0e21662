import { contextBridge, ipcRenderer } from 'electron'
import type { DesktopBridge, DesktopMessageName, DesktopRequest, DesktopResponse } from '../contract/desktop'
import { IpcChannel } from '../contract/ipc-channels'

/** A message's payload as call arguments: none for the messages that take none. */
type PayloadOf<N extends DesktopMessageName> =
  DesktopRequest<N> extends undefined ? [] : [payload: DesktopRequest<N>]

/**
 * Sends one message of contract/desktop.ts on its own channel. Only types come from that table, so no zod
 * is bundled here: main checks the payload against the message's schema and answers its response
 * (main/ipc.ts); the renderer checks the answer.
 */
function send<N extends DesktopMessageName>(name: N, ...payload: PayloadOf<N>): Promise<DesktopResponse<N>> {
  return ipcRenderer.invoke(IpcChannel[name], ...payload)
}

// One function per IPC message, nothing else: no generic invoke, no ipcRenderer on the page.
const bridge: DesktopBridge = {
  storage: {
    get: (name) => send('storageGet', { name }),
    set: (name, value) => send('storageSet', { name, value }),
    remove: (name) => send('storageRemove', { name }),
  },
  permissions: {
    status: (kind) => send('permissionsStatus', { kind }),
    request: (kind) => send('permissionsRequest', { kind }),
  },
  app: {
    version: () => send('appVersion'),
    config: () => send('appConfig'),
  },
  openExternal: (url) => send('openExternal', { url }),
}

contextBridge.exposeInMainWorld('desktop', bridge)
