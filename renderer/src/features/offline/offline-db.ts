import { clear, createStore, del, entries, get, set } from 'idb-keyval'
import { PRODUCT_ID } from '../../../../contract/product'

/**
 * The renderer's offline store: one IndexedDB object store (idb-keyval) holding cached query results
 * ('query:' keys) and unsent drafts ('draft:' keys). Both shells have IndexedDB (the desktop app's lives
 * under app://renderer); where it is missing or blocked, a memory store keeps the session working.
 */
export interface OfflineDb {
  get<T>(key: string): Promise<T | undefined>
  set(key: string, value: unknown): Promise<void>
  del(key: string): Promise<void>
  entries(): Promise<Array<[string, unknown]>>
  clear(): Promise<void>
}

export const OFFLINE_DB_NAME = `${PRODUCT_ID}-offline`
const OFFLINE_STORE_NAME = 'keyval'

export function createIdbOfflineDb(): OfflineDb | null {
  if (typeof indexedDB === 'undefined') return null
  const store = createStore(OFFLINE_DB_NAME, OFFLINE_STORE_NAME)
  return {
    get: (key) => get(key, store),
    set: (key, value) => set(key, value, store),
    del: (key) => del(key, store),
    entries: async () => (await entries(store)).map(([k, v]) => [String(k), v] as [string, unknown]),
    clear: () => clear(store),
  }
}

export function createMemoryOfflineDb(): OfflineDb {
  const values = new Map<string, unknown>()
  return {
    get: async <T>(key: string) => structuredClone(values.get(key)) as T | undefined,
    set: async (key, value) => {
      values.set(key, structuredClone(value))
    },
    del: async (key) => {
      values.delete(key)
    },
    entries: async () => [...values.entries()].map(([k, v]) => [k, structuredClone(v)] as [string, unknown]),
    clear: async () => {
      values.clear()
    },
  }
}

let current: OfflineDb | undefined

/** The app's offline store (IndexedDB where available). */
export function getOfflineDb(): OfflineDb {
  current ??= createIdbOfflineDb() ?? createMemoryOfflineDb()
  return current
}

/** For tests and start-up: use this store from now on. */
export function setOfflineDb(db: OfflineDb): OfflineDb {
  current = db
  return db
}
