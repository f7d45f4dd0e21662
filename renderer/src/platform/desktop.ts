import { DesktopAppConfig, type DesktopBridge } from '../../../contract/desktop'
import { decodeStoredValue, encodeStoredValue } from './codec'
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

/** The desktop platform talks to the main process only through the preload bridge. */
export async function createDesktopPlatform(
  bridge: DesktopBridge | undefined = readBridge(),
): Promise<Platform> {
  if (!bridge) throw new MissingDesktopBridgeError()
  const config = DesktopAppConfig.parse(await bridge.app.config())
  return {
    kind: 'desktop',
    apiBaseUrl: config.apiBaseUrl.replace(/\/+$/, ''),
    storage: {
      async get(key) {
        return decodeStoredValue(key, await bridge.storage.get(key.name))
      },
      async set(key, value) {
        await bridge.storage.set(key.name, encodeStoredValue(key, value))
      },
      async remove(key) {
        await bridge.storage.remove(key.name)
      },
    },
  }
}

export const readBridge = (): DesktopBridge | undefined => (globalThis as { desktop?: DesktopBridge }).desktop
