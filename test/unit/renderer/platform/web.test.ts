import { describe, expect, it, vi } from 'vitest'
import { storageKeys } from '../../../../renderer/src/platform/storage-keys'
import { createMemoryStorage, createWebPlatform } from '../../../../renderer/src/platform/web'

describe('web platform', () => {
  it('is the web with a same-origin API', () => {
    const platform = createWebPlatform(createMemoryStorage())
    expect(platform.kind).toBe('web')
    expect(platform.apiBaseUrl).toBe('')
  })

  it('round-trips values as JSON under the key name', async () => {
    const storage = createMemoryStorage()
    const platform = createWebPlatform(storage)
    const acknowledged = { 'lena-hart': 'Not medical advice.' }
    await platform.storage.set(storageKeys.warningAcknowledged, acknowledged)
    expect(storage.getItem('warningAcknowledged')).toBe(JSON.stringify(acknowledged))
    expect(await platform.storage.get(storageKeys.warningAcknowledged)).toEqual(acknowledged)

    const call = storageKeys.remainingAnonymousCallTime('lena-hart', 'clinic')
    await platform.storage.set(call, { seconds: 120, day: '2025-01-02' })
    expect(await platform.storage.get(call)).toEqual({ seconds: 120, day: '2025-01-02' })

    await platform.storage.remove(storageKeys.warningAcknowledged)
    expect(await platform.storage.get(storageKeys.warningAcknowledged)).toBeUndefined()
  })

  it('also reads a value at once, for a first render that already shows it', async () => {
    const storage = createMemoryStorage()
    const platform = createWebPlatform(storage)
    expect(platform.storage.peek?.(storageKeys.warningAcknowledged)).toBeUndefined()
    await platform.storage.set(storageKeys.warningAcknowledged, { 'lena-hart': 'Careful.' })
    expect(platform.storage.peek?.(storageKeys.warningAcknowledged)).toEqual({ 'lena-hart': 'Careful.' })
    storage.setItem('warningAcknowledged', '{not json')
    expect(platform.storage.peek?.(storageKeys.warningAcknowledged)).toBeUndefined()
  })

  it('reads absent, malformed and schema-invalid data as undefined', async () => {
    const storage = createMemoryStorage()
    const platform = createWebPlatform(storage)
    expect(await platform.storage.get(storageKeys.userPreferredLanguage)).toBeUndefined()
    storage.setItem('userPreferredLanguage', '{oops')
    expect(await platform.storage.get(storageKeys.userPreferredLanguage)).toBeUndefined()
    storage.setItem('warningAcknowledged', JSON.stringify({ 'lena-hart': 42 }))
    expect(await platform.storage.get(storageKeys.warningAcknowledged)).toBeUndefined()
    storage.setItem(storageKeys.videoPaywalled.name, '"yes"')
    expect(await platform.storage.get(storageKeys.videoPaywalled)).toBeUndefined()
  })

  it('refuses to store a value its key does not allow', async () => {
    const platform = createWebPlatform(createMemoryStorage())
    await expect(platform.storage.set(storageKeys.userPreferredLanguage, '')).rejects.toThrow(/invalid value/)
  })

  it('reads as undefined when the browser storage throws', async () => {
    const platform = createWebPlatform({
      getItem: () => {
        throw new Error('SecurityError')
      },
      setItem: () => undefined,
      removeItem: () => undefined,
    })
    expect(await platform.storage.get(storageKeys.userPreferredLanguage)).toBeUndefined()
  })

  it('authenticates with the same-origin session cookie', async () => {
    expect(await createWebPlatform(createMemoryStorage()).auth.requestInit()).toEqual({
      credentials: 'include',
      headers: {},
    })
  })

  it('opens web and e-mail links in a new tab without an opener, and refuses anything else', async () => {
    const open = vi.fn()
    const platform = createWebPlatform(createMemoryStorage(), { open })
    await platform.openExternal('https://www.instagram.com/lena')
    expect(open).toHaveBeenCalledWith('https://www.instagram.com/lena', '_blank', 'noopener,noreferrer')
    await expect(platform.openExternal('javascript:alert(1)')).rejects.toThrow(/only web and e-mail/)
    await expect(platform.openExternal('file:///etc/passwd')).rejects.toThrow()
    expect(open).toHaveBeenCalledTimes(1)
  })
})
