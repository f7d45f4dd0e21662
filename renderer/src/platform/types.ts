import type { StorageKey } from './storage-keys'

/** The local key-value store both shells offer (spec 1 §3 'Local storage keys'). */
export interface PlatformStorage {
  /** The stored value, or undefined when absent, unreadable or no longer valid for the key's schema. */
  get<T>(key: StorageKey<T>): Promise<T | undefined>
  set<T>(key: StorageKey<T>, value: T): Promise<void>
  remove(key: StorageKey<unknown>): Promise<void>
}

/** What features may ask of the shell they run in: the web (PWA) or the desktop app. */
export interface Platform {
  readonly kind: 'web' | 'desktop'
  /** Prefix for API and media paths: '' on the web (same origin), the server's origin on desktop. */
  readonly apiBaseUrl: string
  readonly storage: PlatformStorage
}
