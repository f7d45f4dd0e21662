/** IPC channel names, kept free of zod so the sandboxed preload stays tiny. */
export const IpcChannel = {
  storageGet: 'storage:get',
  storageSet: 'storage:set',
  storageRemove: 'storage:remove',
  appVersion: 'app:version',
  appConfig: 'app:config',
} as const
