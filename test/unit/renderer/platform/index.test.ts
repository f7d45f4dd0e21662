import { afterEach, describe, expect, it, vi } from 'vitest'
import { createPlatform, getPlatform, setPlatform } from '../../../../renderer/src/platform'

afterEach(() => {
  vi.unstubAllGlobals()
})

describe('platform selection', () => {
  it('is the web without window.desktop', async () => {
    expect((await createPlatform()).kind).toBe('web')
  })

  it('is the desktop when the preload exposed window.desktop', async () => {
    vi.stubGlobal('desktop', {
      storage: { get: async () => null, set: async () => undefined, remove: async () => undefined },
      app: { version: async () => '1.0.0', config: async () => ({ apiBaseUrl: 'http://localhost:8787' }) },
    })
    const platform = await createPlatform()
    expect(platform.kind).toBe('desktop')
    expect(platform.apiBaseUrl).toBe('http://localhost:8787')
  })

  it('answers getPlatform() with the platform that was set', async () => {
    const platform = setPlatform(await createPlatform())
    expect(getPlatform()).toBe(platform)
  })
})
