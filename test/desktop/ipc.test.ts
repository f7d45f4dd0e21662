import { describe, expect, it, vi } from 'vitest'
import { IpcChannel } from '../../contract/desktop'
import { type IpcEventLike, registerIpcHandlers } from '../../main/ipc'
import type { KeyStore } from '../../main/key-store'

function setup() {
  const handlers = new Map<string, (event: IpcEventLike, ...args: unknown[]) => unknown>()
  const store = {
    get: vi.fn(async () => '"en"'),
    set: vi.fn(async () => undefined),
    remove: vi.fn(async () => undefined),
  } satisfies KeyStore
  const log = { warn: vi.fn() }
  registerIpcHandlers({
    ipcMain: { handle: (channel, listener) => handlers.set(channel, listener) },
    store,
    version: '1.2.3',
    config: { apiBaseUrl: 'http://localhost:8787' },
    isTrustedUrl: (url) => url.startsWith('app://renderer/'),
    log,
  })
  const call = (channel: string, url: string | null, payload?: unknown) =>
    Promise.resolve(handlers.get(channel)!({ senderFrame: url === null ? null : { url } }, payload))
  return { handlers, store, log, call }
}

const app = 'app://renderer/lena-hart'

describe('IPC handlers', () => {
  it('registers exactly one handler per bridge function', () => {
    const { handlers } = setup()
    expect([...handlers.keys()].sort()).toEqual(Object.values(IpcChannel).sort())
  })

  it('answers the app’s own frames', async () => {
    const { call, store } = setup()
    expect(await call(IpcChannel.storageGet, app, { name: 'userPreferredLanguage' })).toBe('"en"')
    await call(IpcChannel.storageSet, app, { name: 'userPreferredLanguage', value: '"es"' })
    expect(store.set).toHaveBeenCalledWith('userPreferredLanguage', '"es"')
    expect(await call(IpcChannel.appVersion, app)).toBe('1.2.3')
  })

  it('refuses foreign and missing senders, and logs them', async () => {
    const { call, store, log } = setup()
    await expect(call(IpcChannel.storageGet, 'https://evil.example/', { name: 'x' })).rejects.toThrow(
      /untrusted/,
    )
    await expect(call(IpcChannel.appVersion, null)).rejects.toThrow(/untrusted/)
    expect(store.get).not.toHaveBeenCalled()
    expect(log.warn).toHaveBeenCalledTimes(2)
  })

  it('refuses malformed payloads', async () => {
    const { call, store } = setup()
    await expect(call(IpcChannel.storageSet, app, { name: 'a' })).rejects.toThrow()
    await expect(call(IpcChannel.storageGet, app, 'userPreferredLanguage')).rejects.toThrow()
    await expect(call(IpcChannel.storageRemove, app, { name: '' })).rejects.toThrow()
    expect(store.set).not.toHaveBeenCalled()
  })
})
