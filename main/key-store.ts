import { randomBytes } from 'node:crypto'
import fs from 'node:fs/promises'
import path from 'node:path'
import { isKnownStorageKey, storageKeys } from '../contract/storage'

/** What the key store needs of Electron's safeStorage (injected, so tests run without Electron). */
export interface SecretCipher {
  isEncryptionAvailable(): boolean
  encryptString(plain: string): Buffer
  decryptString(encrypted: Buffer): string
}

export interface KeyStoreLog {
  warn(message: string): void
}

type Entry = { value: string } | { encrypted: string }
interface StoreFile {
  version: 1
  entries: Record<string, Entry>
}

const secretNames = new Set(
  Object.values(storageKeys)
    .filter((k): k is Exclude<typeof k, (...args: never[]) => unknown> => typeof k !== 'function')
    .filter((k) => k.secret)
    .map((k) => k.name),
)

export class KeyStoreError extends Error {}

/**
 * The desktop app's store for the spec's local storage keys, a JSON file in the user-data folder.
 * Secrets are kept only encrypted; every write replaces the file atomically (temp file + rename).
 */
export function createKeyStore(options: { file: string; cipher: SecretCipher; log: KeyStoreLog }) {
  const { file, cipher, log } = options
  let cache: StoreFile | null = null
  let queue: Promise<unknown> = Promise.resolve()

  async function load(): Promise<StoreFile> {
    if (cache) return cache
    let text: string | null = null
    try {
      text = await fs.readFile(file, 'utf8')
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error
    }
    cache = text === null ? { version: 1, entries: {} } : await parseOrRecover(text)
    return cache
  }

  async function parseOrRecover(text: string): Promise<StoreFile> {
    try {
      const parsed = JSON.parse(text) as StoreFile
      if (parsed?.version === 1 && parsed.entries && typeof parsed.entries === 'object') return parsed
    } catch {
      // fall through to recovery
    }
    const aside = `${file}.corrupt-${Date.now()}`
    await fs.rename(file, aside).catch(() => undefined)
    log.warn(`Key store at ${file} was unreadable; kept a copy at ${aside} and started empty.`)
    return { version: 1, entries: {} }
  }

  async function persist(next: StoreFile) {
    await fs.mkdir(path.dirname(file), { recursive: true })
    const temp = `${file}.${randomBytes(6).toString('hex')}.tmp`
    await fs.writeFile(temp, JSON.stringify(next), { mode: 0o600 })
    await fs.rename(temp, file)
    cache = next
  }

  const serialised = <T>(work: () => Promise<T>): Promise<T> => {
    const run = queue.then(work, work)
    queue = run.catch(() => undefined)
    return run
  }

  function assertKnown(name: string) {
    if (!isKnownStorageKey(name)) throw new KeyStoreError(`Unknown storage key: ${name}`)
  }

  return {
    async get(name: string): Promise<string | null> {
      assertKnown(name)
      return serialised(async () => {
        const entry = (await load()).entries[name]
        if (!entry) return null
        if ('value' in entry) return entry.value
        if (!cipher.isEncryptionAvailable()) return null
        return cipher.decryptString(Buffer.from(entry.encrypted, 'base64'))
      })
    },
    async set(name: string, value: string): Promise<void> {
      assertKnown(name)
      return serialised(async () => {
        const current = await load()
        let entry: Entry
        if (secretNames.has(name)) {
          if (!cipher.isEncryptionAvailable()) {
            throw new KeyStoreError(
              'Secure storage is not available on this system, so the sign-in token was not saved.',
            )
          }
          entry = { encrypted: cipher.encryptString(value).toString('base64') }
        } else {
          entry = { value }
        }
        await persist({ version: 1, entries: { ...current.entries, [name]: entry } })
      })
    },
    async remove(name: string): Promise<void> {
      assertKnown(name)
      return serialised(async () => {
        const current = await load()
        if (!(name in current.entries)) return
        const { [name]: _removed, ...rest } = current.entries
        await persist({ version: 1, entries: rest })
      })
    },
  }
}

export type KeyStore = ReturnType<typeof createKeyStore>
