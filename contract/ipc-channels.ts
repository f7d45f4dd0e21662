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
} as const

export type IpcChannelName = (typeof IpcChannel)[keyof typeof IpcChannel]
