import fs, { mkdtemp, readdir, readFile, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { storageKeys } from '../../contract/storage'
import { createKeyStore, type SecretCipher } from '../../main/key-store'

const reverse = (s: string) => [...s].reverse().join('')

/** A stand-in for safeStorage: 'encrypts' by reversing behind a marker, so tests can see it happened. */
const fakeCipher = (options: { available?: boolean; plainTextKey?: boolean } = {}): SecretCipher => ({
  isAsyncEncryptionAvailable: async () => options.available ?? true,
  encryptStringAsync: async (plain) => Buffer.from(`enc:${reverse(plain)}`),
  decryptStringAsync: async (b) => {
    const text = b.toString()
    if (!text.startsWith('enc:')) throw new Error('bad ciphertext')
    return { result: reverse(text.slice(4)), shouldReEncrypt: false }
  },
  usesPlainTextKey: () => options.plainTextKey ?? false,
})

let dir: string
let file: string
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'keystore-'))
  file = path.join(dir, 'local-storage.json')
})
afterEach(() => {
  vi.restoreAllMocks()
})

const open = (cipher = fakeCipher(), log = { warn: vi.fn() }) => createKeyStore({ file, cipher, log })
const language = storageKeys.userPreferredLanguage.name
const token = storageKeys.desktopAuthToken.name

describe('key store', () => {
  it('round-trips values and survives a restart', async () => {
    const store = open()
    await store.set(language, '"es"')
    await store.set(storageKeys.warningAcknowledged.name, '{"lena-hart":"text"}')
    const reopened = open()
    expect(await reopened.get(language)).toBe('"es"')
    expect(await reopened.get(storageKeys.warningAcknowledged.name)).toBe('{"lena-hart":"text"}')
    await reopened.remove(language)
    expect(await reopened.get(language)).toBeNull()
    expect(await open().get(language)).toBeNull()
  })

  it('stores secrets only encrypted, and reads them back', async () => {
    await open().set(token, '"token-123"')
    const onDisk = await readFile(file, 'utf8')
    expect(onDisk).not.toContain('token-123')
    expect(onDisk).toContain('encrypted')
    expect(await open().get(token)).toBe('"token-123"')
  })

  it('keeps the file private to the user', async () => {
    await open().set(language, '"en"')
    if (process.platform !== 'win32') expect((await fs.stat(file)).mode & 0o777).toBe(0o600)
  })

  it('refuses to store a secret in plain text when encryption is unavailable, and says so', async () => {
    const log = { warn: vi.fn() }
    const store = open(fakeCipher({ available: false }), log)
    await expect(store.set(storageKeys.embedAuthToken.name, '"t"')).rejects.toThrow(
      /Secure storage is not available/,
    )
    expect(log.warn).toHaveBeenCalledWith(expect.stringMatching(/Refused to store/))
    // Ordinary keys still work, and the secret is nowhere on disk.
    await store.set(language, '"en"')
    expect(await readFile(file, 'utf8')).not.toContain('"t"')
  })

  it("treats Linux's hard-coded-key backend (basic_text) as no encryption", async () => {
    await expect(open(fakeCipher({ plainTextKey: true })).set(token, '"t"')).rejects.toThrow(
      /Secure storage is not available/,
    )
  })

  it('reads a secret it can no longer decrypt as absent, with a warning', async () => {
    await open().set(token, '"t"')
    const broken: SecretCipher = {
      ...fakeCipher(),
      decryptStringAsync: async () => {
        throw new Error('keychain entry gone')
      },
    }
    const log = { warn: vi.fn() }
    expect(await open(broken, log).get(token)).toBeNull()
    expect(log.warn).toHaveBeenCalledWith(expect.stringMatching(/Could not decrypt/))
  })

  it('re-encrypts a secret when safeStorage says the key rotated', async () => {
    await open().set(token, '"t"')
    const encrypt = vi.fn(async (plain: string) => Buffer.from(`enc:${reverse(plain)}`))
    const rotating: SecretCipher = {
      ...fakeCipher(),
      encryptStringAsync: encrypt,
      decryptStringAsync: async (b) => ({ result: reverse(b.toString().slice(4)), shouldReEncrypt: true }),
    }
    expect(await open(rotating).get(token)).toBe('"t"')
    expect(encrypt).toHaveBeenCalledWith('"t"')
  })

  it('refuses unknown keys', async () => {
    await expect(open().set('somethingElse', '1')).rejects.toThrow(/Unknown storage key/)
    await expect(open().get('somethingElse')).rejects.toThrow(/Unknown storage key/)
  })

  it('keeps the previous file whole when a write dies halfway', async () => {
    await open().set(language, '"de"')
    const before = await readFile(file, 'utf8')
    // The disk fills up (or power fails) after half of the new content reached the temp file.
    vi.spyOn(fs, 'open').mockImplementationOnce(async (target) => {
      const handle = {
        writeFile: async (data: string) => {
          await writeFile(String(target), data.slice(0, Math.floor(data.length / 2)))
          throw Object.assign(new Error('ENOSPC: no space left on device'), { code: 'ENOSPC' })
        },
        sync: async () => undefined,
        close: async () => undefined,
      }
      return handle as unknown as fs.FileHandle
    })
    const store = open()
    await expect(store.set(language, '"fr"')).rejects.toThrow(/ENOSPC/)
    expect(await readFile(file, 'utf8')).toBe(before)
    expect((await readdir(dir)).filter((f) => f.endsWith('.tmp'))).toEqual([])
    expect(await open().get(language)).toBe('"de"')
  })

  it('keeps the previous file when the process dies before the rename, and sweeps the leftover', async () => {
    await open().set(language, '"de"')
    // A crash after the temp file was written but before the rename leaves it beside the store.
    await writeFile(`${file}.deadbeef.tmp`, '{"version":1,"entries":{"userPre')
    const reopened = open()
    expect(await reopened.get(language)).toBe('"de"')
    expect(await readdir(dir)).toEqual(['local-storage.json'])
  })

  it('never leaves a half-written store when the rename fails', async () => {
    await open().set(language, '"de"')
    vi.spyOn(fs, 'rename').mockRejectedValueOnce(new Error('EXDEV'))
    await expect(open().set(language, '"it"')).rejects.toThrow(/EXDEV/)
    expect(JSON.parse(await readFile(file, 'utf8'))).toEqual({
      version: 1,
      entries: { [language]: { value: '"de"' } },
    })
  })

  it('recovers from a corrupted file with a warning and keeps a copy', async () => {
    await writeFile(file, '{not json')
    const log = { warn: vi.fn() }
    const store = open(fakeCipher(), log)
    expect(await store.get(language)).toBeNull()
    expect(log.warn).toHaveBeenCalledWith(expect.stringMatching(/unreadable/))
    const copies = (await readdir(dir)).filter((f) => f.includes('.corrupt-'))
    expect(copies).toHaveLength(1)
    expect(await readFile(path.join(dir, copies[0]!), 'utf8')).toBe('{not json')
    await store.set(language, '"fr"')
    expect(await open().get(language)).toBe('"fr"')
  })

  it('treats a well-formed file of the wrong shape as corrupted', async () => {
    await writeFile(file, JSON.stringify({ version: 1, entries: { [language]: 42 } }))
    const log = { warn: vi.fn() }
    expect(await open(fakeCipher(), log).get(language)).toBeNull()
    expect(log.warn).toHaveBeenCalledWith(expect.stringMatching(/unreadable/))
  })

  it('serialises concurrent writes so none is lost', async () => {
    const store = open()
    await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        store.set(storageKeys.embedConversation(`clone-${i}`).name, `"${i}"`),
      ),
    )
    const reopened = open()
    for (let i = 0; i < 20; i++) {
      expect(await reopened.get(storageKeys.embedConversation(`clone-${i}`).name)).toBe(`"${i}"`)
    }
  })
})
