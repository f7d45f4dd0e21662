import { mkdtemp, readdir, readFile, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { storageKeys } from '../../contract/storage'
import { createKeyStore, type SecretCipher } from '../../main/key-store'

const fakeCipher = (available = true): SecretCipher => ({
  isEncryptionAvailable: () => available,
  encryptString: (plain) => Buffer.from(`enc:${[...plain].reverse().join('')}`),
  decryptString: (b) => [...b.toString().slice(4)].reverse().join(''),
})

let dir: string
let file: string
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'keystore-'))
  file = path.join(dir, 'local-storage.json')
})

describe('key store', () => {
  it('round-trips values and survives a restart', async () => {
    const log = { warn: vi.fn() }
    const store = createKeyStore({ file, cipher: fakeCipher(), log })
    await store.set(storageKeys.userPreferredLanguage.name, '"es"')
    await store.set(storageKeys.warningAcknowledged.name, '{"lena-hart":"text"}')
    const reopened = createKeyStore({ file, cipher: fakeCipher(), log })
    expect(await reopened.get(storageKeys.userPreferredLanguage.name)).toBe('"es"')
    expect(await reopened.get(storageKeys.warningAcknowledged.name)).toBe('{"lena-hart":"text"}')
    await reopened.remove(storageKeys.userPreferredLanguage.name)
    expect(await reopened.get(storageKeys.userPreferredLanguage.name)).toBeNull()
  })

  it('stores secrets only encrypted', async () => {
    const store = createKeyStore({ file, cipher: fakeCipher(), log: { warn: vi.fn() } })
    await store.set(storageKeys.desktopAuthToken.name, '"token-123"')
    const onDisk = await readFile(file, 'utf8')
    expect(onDisk).not.toContain('token-123')
    expect(await store.get(storageKeys.desktopAuthToken.name)).toBe('"token-123"')
  })

  it('refuses to store a secret when encryption is unavailable', async () => {
    const store = createKeyStore({ file, cipher: fakeCipher(false), log: { warn: vi.fn() } })
    await expect(store.set(storageKeys.embedAuthToken.name, '"t"')).rejects.toThrow(
      /Secure storage is not available/,
    )
    await store.set(storageKeys.userPreferredLanguage.name, '"en"')
    expect(await readFile(file, 'utf8')).not.toContain('"t"')
  })

  it('refuses unknown keys', async () => {
    const store = createKeyStore({ file, cipher: fakeCipher(), log: { warn: vi.fn() } })
    await expect(store.set('somethingElse', '1')).rejects.toThrow(/Unknown storage key/)
  })

  it('keeps the old file intact when a write dies before the rename', async () => {
    const store = createKeyStore({ file, cipher: fakeCipher(), log: { warn: vi.fn() } })
    await store.set(storageKeys.userPreferredLanguage.name, '"de"')
    // A crash mid-write leaves a half-written temp file beside the store, never a half-written store.
    await writeFile(`${file}.deadbeef.tmp`, '{"version":1,"entries":{"userPre')
    const reopened = createKeyStore({ file, cipher: fakeCipher(), log: { warn: vi.fn() } })
    expect(await reopened.get(storageKeys.userPreferredLanguage.name)).toBe('"de"')
  })

  it('recovers from a corrupted file with a warning and keeps a copy', async () => {
    await writeFile(file, '{not json')
    const log = { warn: vi.fn() }
    const store = createKeyStore({ file, cipher: fakeCipher(), log })
    expect(await store.get(storageKeys.userPreferredLanguage.name)).toBeNull()
    expect(log.warn).toHaveBeenCalledWith(expect.stringMatching(/unreadable/))
    expect((await readdir(dir)).some((f) => f.includes('.corrupt-'))).toBe(true)
    await store.set(storageKeys.userPreferredLanguage.name, '"fr"')
    expect(await store.get(storageKeys.userPreferredLanguage.name)).toBe('"fr"')
  })

  it('serialises concurrent writes so none is lost', async () => {
    const store = createKeyStore({ file, cipher: fakeCipher(), log: { warn: vi.fn() } })
    await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        store.set(storageKeys.embedConversation(`clone-${i}`).name, `"${i}"`),
      ),
    )
    const reopened = createKeyStore({ file, cipher: fakeCipher(), log: { warn: vi.fn() } })
    for (let i = 0; i < 20; i++) {
      expect(await reopened.get(storageKeys.embedConversation(`clone-${i}`).name)).toBe(`"${i}"`)
    }
  })
})
