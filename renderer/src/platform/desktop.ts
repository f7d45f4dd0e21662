import { VISITOR_HEADER } from '../../../contract/auth'
import {
  DesktopAppConfig,
  type DesktopBridge,
  DesktopEvent,
  type DesktopMessageName,
  type DesktopResponse,
  desktopMessages,
} from '../../../contract/desktop'
import { PRODUCT_NAME } from '../../../contract/product'
import { decodeStoredValue, encodeStoredValue } from './codec'
import { storageKeys } from './storage-keys'
import type { Platform } from './types'
import { newVisitorId } from './visitor-id'

export { newVisitorId }

export class MissingDesktopBridgeError extends Error {
  constructor() {
    super(
      'The desktop bridge (window.desktop) is missing: the preload script did not run. ' +
        `The desktop platform only works inside the ${PRODUCT_NAME} desktop app.`,
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
  // Made once per install and kept; should the store refuse it (no secure storage), it lasts this session.
  let visitor: Promise<string> | null = null
  const visitorId = () => {
    visitor ??= (async () => {
      const stored = await storage.get(storageKeys.desktopVisitorId).catch(() => null)
      if (stored) return stored
      const fresh = newVisitorId()
      await storage.set(storageKeys.desktopVisitorId, fresh).catch(() => undefined)
      return fresh
    })()
    return visitor
  }

  return {
    kind: 'desktop',
    apiBaseUrl: config.apiBaseUrl.replace(/\/+$/, ''),
    storage,
    permissions: {
      status: (kind) => checked('permissionsStatus', bridge.permissions.status(kind)),
      request: (kind) => checked('permissionsRequest', bridge.permissions.request(kind)),
    },
    embed: null,
    auth: {
      tokenKey: storageKeys.desktopAuthToken,
      // The renderer runs at app://renderer and the API elsewhere: no cookies cross, so the bearer token
      // says who is signed in and the visitor header who the anonymous visitor is (their conversations,
      // their anonymous quota, and what signing in claims).
      async requestInit() {
        const [token, visitor] = await Promise.all([storage.get(storageKeys.desktopAuthToken), visitorId()])
        const headers: Record<string, string> = { [VISITOR_HEADER]: visitor }
        if (token) headers.Authorization = `Bearer ${token}`
        return { credentials: 'omit', headers }
      },
    },
    openExternal: (url) => bridge.openExternal(url),
    callWindow: {
      publish: (call) => bridge.callWindow.publish(call),
      setMode: (mode) => checked('windowMode', bridge.callWindow.setMode(mode)),
      // Main's events are checked like its answers: anything outside the contract is dropped.
      onEvent: (listener) =>
        bridge.callWindow.onEvent((raw) => {
          const parsed = DesktopEvent.safeParse(raw)
          if (parsed.success) listener(parsed.data)
        }),
    },
  }
}

export const readBridge = (): DesktopBridge | undefined => (globalThis as { desktop?: DesktopBridge }).desktop
