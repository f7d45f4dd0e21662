/** IPC channel names, kept free of zod so the sandboxed preload stays tiny. One per bridge function. */
export const IpcChannel = {
  storageGet: 'storage:get',
  storageSet: 'storage:set',
  storageRemove: 'storage:remove',
  permissionsStatus: 'permissions:status',
  permissionsRequest: 'permissions:request',
  appVersion: 'app:version',
  appConfig: 'app:config',
  openExternal: 'shell:open-external',
  callState: 'call:state',
  windowMode: 'window:mode',
} as const

/** The one channel main sends events on (deep links, tray and shortcut commands, window mode). */
export const DESKTOP_EVENT_CHANNEL = 'desktop:event'

export type IpcChannelName = (typeof IpcChannel)[keyof typeof IpcChannel]
