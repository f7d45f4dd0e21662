import { describe, expect, it, vi } from 'vitest'
import type { DesktopBridge } from '../../../../contract/desktop'
import { createDesktopPlatform, MissingDesktopBridgeError } from '../../../../renderer/src/platform/desktop'
import { storageKeys } from '../../../../renderer/src/platform/storage-keys'

function fakeBridge(apiBaseUrl = 'http://127.0.0.1:8787/') {
  const store = new Map<string, string>()
  const events: Array<(event: unknown) => void> = []
  const bridge: DesktopBridge = {
    storage: {
      get: vi.fn(async (name: string) => store.get(name) ?? null),
      set: vi.fn(async (name: string, value: string) => {
        store.set(name, value)
      }),
      remove: vi.fn(async (name: string) => {
        store.delete(name)
      }),
    },
    permissions: {
      status: vi.fn(async () => 'denied' as const),
      request: vi.fn(async () => 'granted' as const),
    },
    app: {
      version: async () => '1.0.0',
      config: async () => ({ apiBaseUrl }),
    },
    openExternal: vi.fn(async () => undefined),
    callWindow: {
      publish: vi.fn(async () => undefined),
      setMode: vi.fn(async (mode: 'normal' | 'compact') => mode),
      onEvent: vi.fn((listener: (event: unknown) => void) => {
        events.push(listener)
        return () => undefined
      }),
    },
  }
  return { bridge, store, events }
}

describe('desktop platform', () => {
  it('takes the API base URL from the app config, without a trailing slash', async () => {
    const platform = await createDesktopPlatform(fakeBridge().bridge)
    expect(platform.kind).toBe('desktop')
    expect(platform.apiBaseUrl).toBe('http://127.0.0.1:8787')
  })

  it('stores JSON text through the bridge and reads it back', async () => {
    const { bridge, store } = fakeBridge()
    const platform = await createDesktopPlatform(bridge)
    await platform.storage.set(storageKeys.desktopAuthToken, 'token-1')
    expect(bridge.storage.set).toHaveBeenCalledWith('likeness-desktop-token', '"token-1"')
    expect(await platform.storage.get(storageKeys.desktopAuthToken)).toBe('token-1')
    await platform.storage.remove(storageKeys.desktopAuthToken)
    expect(store.has('likeness-desktop-token')).toBe(false)
    expect(await platform.storage.get(storageKeys.desktopAuthToken)).toBeUndefined()
  })

  it('reads schema-invalid or malformed stored text as undefined', async () => {
    const { bridge, store } = fakeBridge()
    const platform = await createDesktopPlatform(bridge)
    store.set('warningAcknowledged', '[1,2]')
    expect(await platform.storage.get(storageKeys.warningAcknowledged)).toBeUndefined()
    store.set('warningAcknowledged', 'not json')
    expect(await platform.storage.get(storageKeys.warningAcknowledged)).toBeUndefined()
  })

  it('fails loudly without a bridge', async () => {
    await expect(createDesktopPlatform(undefined)).rejects.toBeInstanceOf(MissingDesktopBridgeError)
    await expect(createDesktopPlatform(undefined)).rejects.toThrow(/window\.desktop/)
  })

  it('rejects an invalid app config', async () => {
    await expect(createDesktopPlatform(fakeBridge('not a url').bridge)).rejects.toThrow()
  })

  it('asks the main process about the microphone and camera, through the bridge only', async () => {
    const { bridge } = fakeBridge()
    const platform = await createDesktopPlatform(bridge)
    expect(await platform.permissions.status('camera')).toBe('denied')
    expect(bridge.permissions.status).toHaveBeenCalledWith('camera')
    expect(await platform.permissions.request('microphone')).toBe('granted')
    expect(bridge.permissions.request).toHaveBeenCalledWith('microphone')
  })

  it('refuses answers outside the contract', async () => {
    const { bridge } = fakeBridge()
    bridge.permissions.status = async () => 'maybe' as never
    bridge.storage.get = async () => 42 as never
    const platform = await createDesktopPlatform(bridge)
    await expect(platform.permissions.status('camera')).rejects.toThrow()
    await expect(platform.storage.get(storageKeys.userPreferredLanguage)).rejects.toThrow()
  })

  it('authenticates with the stored bearer token and never with cookies, naming its anonymous visitor', async () => {
    const { bridge, store } = fakeBridge()
    const platform = await createDesktopPlatform(bridge)
    const anonymous = await platform.auth.requestInit()
    expect(anonymous.credentials).toBe('omit')
    const visitor = anonymous.headers['x-likeness-visitor']
    expect(visitor).toMatch(/^[A-Za-z0-9_-]{24}$/)
    expect(anonymous.headers.Authorization).toBeUndefined()
    await platform.storage.set(storageKeys.desktopAuthToken, 'token-1')
    expect(await platform.auth.requestInit()).toEqual({
      credentials: 'omit',
      headers: { Authorization: 'Bearer token-1', 'x-likeness-visitor': visitor },
    })
    // The same visitor after a restart: it was kept in the key store.
    expect(store.get(storageKeys.desktopVisitorId.name)).toBe(JSON.stringify(visitor))
    const restarted = await createDesktopPlatform(bridge)
    expect((await restarted.auth.requestInit()).headers['x-likeness-visitor']).toBe(visitor)
  })

  it('keeps a visitor for the session when the key store refuses it', async () => {
    const { bridge } = fakeBridge()
    vi.mocked(bridge.storage.set).mockRejectedValue(new Error('Secure storage is not available'))
    const platform = await createDesktopPlatform(bridge)
    const first = (await platform.auth.requestInit()).headers['x-likeness-visitor']
    expect(first).toMatch(/^[A-Za-z0-9_-]{24}$/)
    expect((await platform.auth.requestInit()).headers['x-likeness-visitor']).toBe(first)
    const other = await createDesktopPlatform(bridge)
    expect((await other.auth.requestInit()).headers['x-likeness-visitor']).not.toBe(first)
  })

  it('opens external links through the bridge', async () => {
    const { bridge } = fakeBridge()
    await (await createDesktopPlatform(bridge)).openExternal('https://example.com')
    expect(bridge.openExternal).toHaveBeenCalledWith('https://example.com')
  })

  it('passes the call window through, and drops events from main outside the contract', async () => {
    const { bridge, events } = fakeBridge()
    const platform = await createDesktopPlatform(bridge)
    expect(await platform.callWindow!.setMode('compact')).toBe('compact')
    bridge.callWindow.setMode = async () => 'tiny' as never
    await expect(platform.callWindow!.setMode('compact')).rejects.toThrow()
    await platform.callWindow!.publish(null)
    expect(bridge.callWindow.publish).toHaveBeenCalledWith(null)

    const seen: unknown[] = []
    platform.callWindow!.onEvent((event) => seen.push(event))
    const deliver = events[0]!
    deliver({ type: 'deep-link', target: { slug: 'lena-hart', action: 'call' } })
    deliver({ type: 'deep-link', target: { slug: '../studio', action: 'call' } })
    deliver({ type: 'deep-link', target: { slug: 'studio', action: 'open' } })
    deliver({ type: 'run', command: 'rm -rf' })
    deliver('toggle-mute')
    deliver({ type: 'toggle-mute' })
    expect(seen).toEqual([
      { type: 'deep-link', target: { slug: 'lena-hart', action: 'call' } },
      { type: 'toggle-mute' },
    ])
  })
})
