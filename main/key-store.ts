import fs from 'node:fs/promises'
import { z } from 'zod'
import { isKnownStorageKey, storageKeys } from '../contract/storage'
import { removeLeftoverTempFiles, writeFileAtomic } from './atomic-file'

/** What the key store needs of Electron's safeStorage (injected, so tests run without Electron). */
export interface SecretCipher {
  isAsyncEncryptionAvailable(): Promise<boolean>
  encryptStringAsync(plain: string): Promise<Buffer>
  decryptStringAsync(encrypted: Buffer): Promise<{ result: string; shouldReEncrypt: boolean }>
  /**
   * True when "encryption" would use a hard-coded key (Linux without a keyring: safeStorage's
   * 'basic_text' backend). That is plain text in disguise, so secrets are refused then too.
   */
  usesPlainTextKey?(): boolean
}

export interface KeyStoreLog {
  warn(message: string): void
}

const Entry = z.union([z.object({ value: z.string() }), z.object({ encrypted: z.string() })])
type Entry = z.infer<typeof Entry>
const StoreFile = z.object({ version: z.literal(1), entries: z.record(z.string(), Entry) })
type StoreFile = z.infer<typeof StoreFile>

const secretNames = new Set(
  Object.values(storageKeys)
    .filter((k): k is Exclude<typeof k, (...args: never[]) => unknown> => typeof k !== 'function')
    .filter((k) => k.secret)
    .map((k) => k.name),
)

export const isSecretKey = (name: string) => secretNames.has(name)

export class KeyStoreError extends Error {
  override name = 'KeyStoreError'
}

export const SECURE_STORAGE_UNAVAILABLE =
  'Secure storage is not available on this system (no keychain or secret service), so the sign-in token ' +
  'was not saved. You will need to sign in again next time.'

/**
 * The desktop app's store for the spec's local storage keys: one JSON file in the user-data folder.
 * Secrets (auth tokens) are kept only encrypted with safeStorage, and refused when real encryption is
 * unavailable. Every write replaces the file atomically; an unreadable file is set aside with a warning.
 */
export function createKeyStore(options: { file: string; cipher: SecretCipher; log: KeyStoreLog }) {
  const { file, cipher, log } = options
  let cache: StoreFile | null = null
  let queue: Promise<unknown> = Promise.resolve()

  async function load(): Promise<StoreFile> {
    if (cache) return cache
    await removeLeftoverTempFiles(file)
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
      const parsed = StoreFile.safeParse(JSON.parse(text))
      if (parsed.success) return parsed.data
    } catch {
      // fall through to recovery
    }
    const aside = `${file}.corrupt-${Date.now()}`
    await fs.rename(file, aside).catch(() => undefined)
    log.warn(`Key store at ${file} was unreadable; kept a copy at ${aside} and started empty.`)
    return { version: 1, entries: {} }
  }

  async function persist(next: StoreFile) {
    await writeFileAtomic(file, JSON.stringify(next))
    cache = next
  }

  async function encryptionAvailable() {
    return (await cipher.isAsyncEncryptionAvailable()) && !cipher.usesPlainTextKey?.()
  }

  const serialised = <T>(work: () => Promise<T>): Promise<T> => {
    const run = queue.then(work, work)
    queue = run.catch(() => undefined)
    return run
  }

  function assertKnown(name: string) {
    if (!isKnownStorageKey(name)) throw new KeyStoreError(`Unknown storage key: ${name}`)
  }

  async function readEntry(name: string, entry: Entry): Promise<string | null> {
    if ('value' in entry) return entry.value
    try {
      const { result, shouldReEncrypt } = await cipher.decryptStringAsync(
        Buffer.from(entry.encrypted, 'base64'),
      )
      if (shouldReEncrypt) {
        const encrypted = (await cipher.encryptStringAsync(result)).toString('base64')
        const current = await load()
        await persist({ version: 1, entries: { ...current.entries, [name]: { encrypted } } })
      }
      return result
    } catch (error) {
      // The keychain entry changed or is gone: the secret is unrecoverable; treat it as absent.
      log.warn(`Could not decrypt '${name}' (${error instanceof Error ? error.message : String(error)}).`)
      return null
    }
  }

  return {
    async get(name: string): Promise<string | null> {
      assertKnown(name)
      return serialised(async () => {
        const entry = (await load()).entries[name]
        return entry ? readEntry(name, entry) : null
      })
    },
    async set(name: string, value: string): Promise<void> {
      assertKnown(name)
      return serialised(async () => {
        const current = await load()
        let entry: Entry
        if (isSecretKey(name)) {
          if (!(await encryptionAvailable())) {
            log.warn(`Refused to store '${name}': ${SECURE_STORAGE_UNAVAILABLE}`)
            throw new KeyStoreError(SECURE_STORAGE_UNAVAILABLE)
          }
          entry = { encrypted: (await cipher.encryptStringAsync(value)).toString('base64') }
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
