import {
  DesktopAppConfig,
  type DesktopBridge,
  type DesktopMessageName,
  type DesktopResponse,
  desktopMessages,
} from '../../../contract/desktop'
import { decodeStoredValue, encodeStoredValue } from './codec'
import { storageKeys } from './storage-keys'
import type { Platform } from './types'

export class MissingDesktopBridgeError extends Error {
  constructor() {
    super(
      'The desktop bridge (window.desktop) is missing: the preload script did not run. ' +
        'The desktop platform only works inside the Likeness desktop app.',
    )
    this.name = 'MissingDesktopBridgeError'
  }
}

/** Answers from the main process are checked against the same contract main validated the request with. */
const checked = async <N extends DesktopMessageName>(name: N, answer: Promise<unknown>) =>
  desktopMessages[name].response.parse(await answer) as DesktopResponse<N>

/** The desktop platform talks to the main process only through the preload bridge. */
export async function createDesktopPlatform(
  bridge: DesktopBridge | undefined = readBridge(),
): Promise<Platform> {
  if (!bridge) throw new MissingDesktopBridgeError()
  const config = DesktopAppConfig.parse(await bridge.app.config())
  const storage: Platform['storage'] = {
    async get(key) {
      return decodeStoredValue(key, await checked('storageGet', bridge.storage.get(key.name)))
    },
    async set(key, value) {
      await bridge.storage.set(key.name, encodeStoredValue(key, value))
    },
    async remove(key) {
      await bridge.storage.remove(key.name)
    },
  }
  return {
    kind: 'desktop',
    apiBaseUrl: config.apiBaseUrl.replace(/\/+$/, ''),
    storage,
    permissions: {
      status: (kind) => checked('permissionsStatus', bridge.permissions.status(kind)),
      request: (kind) => checked('permissionsRequest', bridge.permissions.request(kind)),
    },
    auth: {
      // The renderer runs at app://renderer and the API elsewhere: no cookies cross, the bearer token does.
      async requestInit() {
        const token = await storage.get(storageKeys.desktopAuthToken)
        const headers: Record<string, string> = token ? { Authorization: `Bearer ${token}` } : {}
        return { credentials: 'omit', headers }
      },
    },
    openExternal: (url) => bridge.openExternal(url),
  }
}

export const readBridge = (): DesktopBridge | undefined => (globalThis as { desktop?: DesktopBridge }).desktop
