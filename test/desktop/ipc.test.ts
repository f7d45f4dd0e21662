import { describe, expect, it, vi } from 'vitest'
import { desktopMessages, IpcChannel } from '../../contract/desktop'
import { type IpcDeps, type IpcEventLike, registerIpcHandlers } from '../../main/ipc'
import { createAppOriginCheck } from '../../main/navigation'

function setup() {
  const handlers = new Map<string, (event: IpcEventLike, ...args: unknown[]) => unknown>()
  const deps = {
    ipcMain: {
      handle: (channel: string, listener: (event: IpcEventLike, ...args: unknown[]) => unknown) => {
        if (handlers.has(channel)) throw new Error(`second handler for ${channel}`)
        handlers.set(channel, listener)
      },
    },
    store: {
      get: vi.fn(async () => '"en"'),
      set: vi.fn(async () => undefined),
      remove: vi.fn(async () => undefined),
    },
    permissions: {
      status: vi.fn(() => 'prompt' as const),
      request: vi.fn(async () => 'denied' as const),
    },
    version: '1.2.3',
    config: { apiBaseUrl: 'http://localhost:8787' },
    openExternal: vi.fn(async () => undefined),
    callPresence: {
      publish: vi.fn(),
      setMode: vi.fn((mode: 'normal' | 'compact') => mode),
    },
    isTrustedUrl: createAppOriginCheck().isAppUrl,
    log: { warn: vi.fn() },
  } satisfies IpcDeps
  registerIpcHandlers(deps)
  const call = (channel: string, frame: IpcEventLike['senderFrame'], payload?: unknown) =>
    Promise.resolve().then(() => handlers.get(channel)!({ senderFrame: frame }, payload))
  return { handlers, deps, call }
}

const app = { url: 'app://renderer/lena-hart/call' }

/** A valid payload for every message, so each channel can be driven. */
const validPayloads: Record<keyof typeof desktopMessages, unknown> = {
  storageGet: { name: 'userPreferredLanguage' },
  storageSet: { name: 'userPreferredLanguage', value: '"es"' },
  storageRemove: { name: 'userPreferredLanguage' },
  permissionsStatus: { kind: 'microphone' },
  permissionsRequest: { kind: 'camera' },
  appVersion: undefined,
  appConfig: undefined,
  openExternal: { url: 'https://example.com/page' },
  callState: { call: null },
  windowMode: { mode: 'compact' },
}

const liveCall = {
  kind: 'voice',
  status: 'active',
  elapsedSeconds: 12,
  muted: false,
  canMute: true,
  labels: {
    title: 'Call with Lena Hart',
    mute: 'Mute',
    unmute: 'Unmute',
    hangUp: 'Hang up',
    showWindow: 'Show window',
    compactWindow: 'Compact window',
  },
}

describe('IPC handlers', () => {
  it('registers exactly one handler per message, and the contract names each channel once', () => {
    const { handlers } = setup()
    expect([...handlers.keys()].sort()).toEqual(Object.values(IpcChannel).sort())
    expect(
      Object.values(desktopMessages)
        .map((m) => m.channel)
        .sort(),
    ).toEqual(Object.values(IpcChannel).sort())
  })

  it('answers the app’s own main frame on every channel', async () => {
    const { call, deps } = setup()
    expect(await call(IpcChannel.storageGet, app, validPayloads.storageGet)).toBe('"en"')
    await call(IpcChannel.storageSet, app, validPayloads.storageSet)
    expect(deps.store.set).toHaveBeenCalledWith('userPreferredLanguage', '"es"')
    await call(IpcChannel.storageRemove, app, validPayloads.storageRemove)
    expect(deps.store.remove).toHaveBeenCalledWith('userPreferredLanguage')
    expect(await call(IpcChannel.permissionsStatus, app, validPayloads.permissionsStatus)).toBe('prompt')
    expect(deps.permissions.status).toHaveBeenCalledWith('microphone')
    expect(await call(IpcChannel.permissionsRequest, app, validPayloads.permissionsRequest)).toBe('denied')
    expect(deps.permissions.request).toHaveBeenCalledWith('camera')
    expect(await call(IpcChannel.appVersion, app)).toBe('1.2.3')
    expect(await call(IpcChannel.appConfig, app)).toEqual({ apiBaseUrl: 'http://localhost:8787' })
    await call(IpcChannel.openExternal, app, validPayloads.openExternal)
    expect(deps.openExternal).toHaveBeenCalledWith('https://example.com/page')
    await call(IpcChannel.callState, app, { call: liveCall })
    expect(deps.callPresence.publish).toHaveBeenLastCalledWith(liveCall)
    await call(IpcChannel.callState, app, { call: null })
    expect(deps.callPresence.publish).toHaveBeenLastCalledWith(null)
    expect(await call(IpcChannel.windowMode, app, { mode: 'compact' })).toBe('compact')
    expect(deps.callPresence.setMode).toHaveBeenCalledWith('compact')
  })

  it('accepts the answers it gives under the contract’s response schemas', async () => {
    const { call } = setup()
    for (const [name, message] of Object.entries(desktopMessages)) {
      const answer = await call(message.channel, app, validPayloads[name as keyof typeof desktopMessages])
      expect(message.response.safeParse(answer).success).toBe(true)
    }
  })

  it('refuses foreign, missing and sub-frame senders on every channel, and logs them', async () => {
    const { call, deps } = setup()
    const senders: IpcEventLike['senderFrame'][] = [
      { url: 'https://evil.example/' },
      { url: 'app://evil/index.html' },
      { url: 'file:///etc/passwd' },
      { url: '' },
      null,
      { url: 'app://renderer/x', parent: {} },
    ]
    for (const [name, message] of Object.entries(desktopMessages)) {
      for (const frame of senders) {
        await expect(
          call(message.channel, frame, validPayloads[name as keyof typeof desktopMessages]),
        ).rejects.toThrow(/untrusted/)
      }
    }
    expect(deps.store.get).not.toHaveBeenCalled()
    expect(deps.openExternal).not.toHaveBeenCalled()
    expect(deps.permissions.request).not.toHaveBeenCalled()
    expect(deps.callPresence.publish).not.toHaveBeenCalled()
    expect(deps.callPresence.setMode).not.toHaveBeenCalled()
    expect(deps.log.warn).toHaveBeenCalledTimes(senders.length * Object.keys(desktopMessages).length)
  })

  const badPayloads: Array<[string, unknown]> = [
    [IpcChannel.storageSet, { name: 'a' }],
    [IpcChannel.storageSet, { name: 'a', value: 1 }],
    [IpcChannel.storageSet, { name: 'a', value: 'x'.repeat(1_000_001) }],
    [IpcChannel.storageGet, 'userPreferredLanguage'],
    [IpcChannel.storageGet, { name: 'x'.repeat(201) }],
    [IpcChannel.storageRemove, { name: '' }],
    [IpcChannel.permissionsStatus, { kind: 'geolocation' }],
    [IpcChannel.permissionsRequest, { kind: 'screen' }],
    [IpcChannel.permissionsRequest, undefined],
    [IpcChannel.appVersion, { sneaky: true }],
    [IpcChannel.openExternal, { url: 'file:///etc/passwd' }],
    [IpcChannel.openExternal, { url: 'javascript:alert(1)' }],
    [IpcChannel.openExternal, { url: 'app://renderer/explore' }],
    [IpcChannel.openExternal, { url: 'not a url' }],
    [IpcChannel.openExternal, 'https://example.com'],
    [IpcChannel.callState, undefined],
    [IpcChannel.callState, { call: { ...liveCall, kind: 'chat' } }],
    [IpcChannel.callState, { call: { ...liveCall, status: 'ended' } }],
    [IpcChannel.callState, { call: { ...liveCall, elapsedSeconds: -1 } }],
    [IpcChannel.callState, { call: { ...liveCall, elapsedSeconds: 1.5 } }],
    [IpcChannel.callState, { call: { ...liveCall, elapsedSeconds: 86_401 } }],
    [IpcChannel.callState, { call: { ...liveCall, muted: 'yes' } }],
    [IpcChannel.callState, { call: { ...liveCall, labels: { ...liveCall.labels, title: '' } } }],
    [
      IpcChannel.callState,
      { call: { ...liveCall, labels: { ...liveCall.labels, hangUp: 'x'.repeat(121) } } },
    ],
    [IpcChannel.callState, { call: { ...liveCall, labels: { mute: 'Mute' } } }],
    [IpcChannel.windowMode, { mode: 'fullscreen' }],
    [IpcChannel.windowMode, 'compact'],
    [IpcChannel.windowMode, {}],
  ]
  for (const [index, [channel, payload]] of badPayloads.entries()) {
    it(`refuses ${channel} with ${JSON.stringify(payload)?.slice(0, 60)} (#${index})`, async () => {
      const { call, deps } = setup()
      await expect(call(channel, app, payload)).rejects.toThrow(/invalid payload/)
      expect(deps.store.set).not.toHaveBeenCalled()
      expect(deps.openExternal).not.toHaveBeenCalled()
      expect(deps.permissions.request).not.toHaveBeenCalled()
      expect(deps.callPresence.publish).not.toHaveBeenCalled()
      expect(deps.callPresence.setMode).not.toHaveBeenCalled()
      expect(deps.log.warn).toHaveBeenCalledTimes(1)
    })
  }
})
