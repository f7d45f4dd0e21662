import { contextBridge, ipcRenderer } from 'electron'
import type { DesktopBridge, DesktopMessageName, DesktopRequest, DesktopResponse } from '../contract/desktop'
import { DESKTOP_EVENT_CHANNEL, IpcChannel } from '../contract/ipc-channels'

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

/** Events main sends before the page listens (a deep link at start-up) wait here, a few at most. */
const MAX_WAITING_EVENTS = 16
const listeners = new Set<(event: unknown) => void>()
let waiting: unknown[] = []
// Only the event's payload reaches the page, never Electron's event object (it carries the sender).
ipcRenderer.on(DESKTOP_EVENT_CHANNEL, (_event, payload: unknown) => {
  if (listeners.size === 0) {
    waiting = [...waiting, payload].slice(-MAX_WAITING_EVENTS)
    return
  }
  for (const listener of listeners) listener(payload)
})

function onEvent(listener: (event: unknown) => void) {
  listeners.add(listener)
  const queued = waiting
  waiting = []
  for (const payload of queued) listener(payload)
  return () => {
    listeners.delete(listener)
  }
}

// One function per IPC message and the event subscription, nothing else: no generic invoke or listener,
// no ipcRenderer on the page.
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
  callWindow: {
    publish: (call) => send('callState', { call }),
    setMode: (mode) => send('windowMode', { mode }),
    onEvent,
  },
}

contextBridge.exposeInMainWorld('desktop', bridge)
