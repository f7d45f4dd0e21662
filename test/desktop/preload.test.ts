import { beforeAll, describe, expect, it, vi } from 'vitest'
import {
  DESKTOP_EVENT_CHANNEL,
  type DesktopBridge,
  desktopMessages,
  IpcChannel,
} from '../../contract/desktop'

const exposed = new Map<string, unknown>()
const invoke = vi.fn(async (..._args: unknown[]) => undefined)
const onChannel = new Map<string, (event: unknown, ...args: unknown[]) => void>()

vi.mock('electron', () => ({
  contextBridge: { exposeInMainWorld: (name: string, api: unknown) => exposed.set(name, api) },
  ipcRenderer: {
    invoke,
    on: (channel: string, listener: (event: unknown, ...args: unknown[]) => void) =>
      onChannel.set(channel, listener),
  },
}))

beforeAll(async () => {
  await import('../../preload/index')
})

/** Every function on the bridge, by dotted path. */
function functionsOf(value: unknown, prefix = ''): string[] {
  return Object.entries(value as Record<string, unknown>).flatMap(([key, member]) =>
    typeof member === 'function' ? [`${prefix}${key}`] : functionsOf(member, `${prefix}${key}.`),
  )
}

describe('preload bridge', () => {
  it('exposes only window.desktop, with one function per IPC message and the event subscription', () => {
    expect([...exposed.keys()]).toEqual(['desktop'])
    expect(functionsOf(exposed.get('desktop')).sort()).toEqual(
      [
        'app.config',
        'app.version',
        'callWindow.onEvent',
        'callWindow.publish',
        'callWindow.setMode',
        'openExternal',
        'permissions.request',
        'permissions.status',
        'storage.get',
        'storage.remove',
        'storage.set',
      ].sort(),
    )
    expect(functionsOf(exposed.get('desktop'))).toHaveLength(Object.keys(desktopMessages).length + 1)
    expect([...onChannel.keys()]).toEqual([DESKTOP_EVENT_CHANNEL])
  })

  it('sends each call on its own channel with a payload main accepts', async () => {
    const desktop = exposed.get('desktop') as DesktopBridge
    const calls: Array<[() => Promise<unknown>, string, keyof typeof desktopMessages]> = [
      [() => desktop.storage.get('userPreferredLanguage'), IpcChannel.storageGet, 'storageGet'],
      [() => desktop.storage.set('userPreferredLanguage', '"en"'), IpcChannel.storageSet, 'storageSet'],
      [() => desktop.storage.remove('userPreferredLanguage'), IpcChannel.storageRemove, 'storageRemove'],
      [() => desktop.permissions.status('microphone'), IpcChannel.permissionsStatus, 'permissionsStatus'],
      [() => desktop.permissions.request('camera'), IpcChannel.permissionsRequest, 'permissionsRequest'],
      [() => desktop.app.version(), IpcChannel.appVersion, 'appVersion'],
      [() => desktop.app.config(), IpcChannel.appConfig, 'appConfig'],
      [() => desktop.openExternal('https://example.com'), IpcChannel.openExternal, 'openExternal'],
      [() => desktop.callWindow.publish(null), IpcChannel.callState, 'callState'],
      [() => desktop.callWindow.setMode('compact'), IpcChannel.windowMode, 'windowMode'],
    ]
    for (const [call, channel, message] of calls) {
      invoke.mockClear()
      await call()
      expect(invoke).toHaveBeenCalledTimes(1)
      const [sentChannel, payload] = invoke.mock.calls[0]!
      expect(sentChannel).toBe(channel)
      expect(desktopMessages[message].request.safeParse(payload).success).toBe(true)
    }
  })
})

describe('main’s events', () => {
  it('reach the page as their payload only, and wait for the first listener', () => {
    const desktop = exposed.get('desktop') as DesktopBridge
    const deliver = onChannel.get(DESKTOP_EVENT_CHANNEL)!
    const sender = { sender: { send: vi.fn() }, ports: [] }
    const link = { type: 'deep-link', target: { slug: 'lena-hart', action: 'call' } }
    deliver(sender, link)

    const seen: unknown[][] = []
    const first: unknown[] = []
    seen.push(first)
    const stop = desktop.callWindow.onEvent((event) => first.push(event))
    expect(first).toEqual([link])

    deliver(sender, { type: 'toggle-mute' })
    expect(first).toEqual([link, { type: 'toggle-mute' }])
    // Electron's event object (and its sender) never reaches the page.
    for (const event of first) expect(event).not.toHaveProperty('sender')

    stop()
    deliver(sender, { type: 'hang-up' })
    expect(first).toHaveLength(2)
    const later: unknown[] = []
    desktop.callWindow.onEvent((event) => later.push(event))
    expect(later).toEqual([{ type: 'hang-up' }])
  })
})
