import { externalUrlToOpen } from '../../../contract/external-links'
import { decodeStoredValue, encodeStoredValue } from './codec'
import type { StorageKey } from './storage-keys'
import type { Platform, PlatformPermissions } from './types'
import { createWebPermissions } from './web-permissions'

/** The subset of the Web Storage API the web platform needs (injectable for tests). */
export type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>

/**
 * localStorage can be missing or throw on access (blocked third-party storage in an embed, some private
 * modes): fall back to memory so the product still works for the session.
 */
export const defaultStorage = (
  source: () => KeyValueStorage | undefined = () => globalThis.localStorage,
): KeyValueStorage => {
  try {
    const storage = source()
    if (storage) {
      const probe = '__likeness_probe__'
      storage.setItem(probe, probe)
      storage.removeItem(probe)
      return storage
    }
  } catch {
    // fall through to memory
  }
  return createMemoryStorage()
}

export const createMemoryStorage = (): KeyValueStorage => {
  const values = new Map<string, string>()
  return {
    getItem: (name) => values.get(name) ?? null,
    setItem: (name, value) => {
      values.set(name, value)
    },
    removeItem: (name) => {
      values.delete(name)
    },
  }
}

export interface WebPlatformOptions {
  permissions?: PlatformPermissions
  /** window.open, injectable for tests. */
  open?: (url: string, target: string, features: string) => unknown
}

export function createWebPlatform(
  storage: KeyValueStorage = defaultStorage(),
  options: WebPlatformOptions = {},
): Platform {
  const { permissions = createWebPermissions(), open = (...args) => globalThis.open?.(...args) } = options
  const read = <T>(key: StorageKey<T>): T | undefined => {
    try {
      return decodeStoredValue(key, storage.getItem(key.name))
    } catch {
      return undefined
    }
  }
  return {
    kind: 'web',
    apiBaseUrl: '',
    permissions,
    // Same origin: the session cookie goes with every request.
    auth: { tokenKey: null, requestInit: async () => ({ credentials: 'include', headers: {} }) },
    embed: null,
    async openExternal(url) {
      const link = externalUrlToOpen(url)
      if (!link) throw new TypeError(`Refusing to open '${url}': only web and e-mail links leave the app.`)
      open(link, '_blank', 'noopener,noreferrer')
    },
    storage: {
      async get(key) {
        return read(key)
      },
      peek: read,
      async set(key, value) {
        storage.setItem(key.name, encodeStoredValue(key, value))
      },
      async remove(key) {
        storage.removeItem(key.name)
      },
    },
  }
}
