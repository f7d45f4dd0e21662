import { beforeAll, describe, expect, it, vi } from 'vitest'
import { type DesktopBridge, desktopMessages, IpcChannel } from '../../contract/desktop'

const exposed = new Map<string, unknown>()
const invoke = vi.fn(async (..._args: unknown[]) => undefined)

vi.mock('electron', () => ({
  contextBridge: { exposeInMainWorld: (name: string, api: unknown) => exposed.set(name, api) },
  ipcRenderer: { invoke },
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
  it('exposes only window.desktop, with one function per IPC message', () => {
    expect([...exposed.keys()]).toEqual(['desktop'])
    expect(functionsOf(exposed.get('desktop')).sort()).toEqual(
      [
        'app.config',
        'app.version',
        'openExternal',
        'permissions.request',
        'permissions.status',
        'storage.get',
        'storage.remove',
        'storage.set',
      ].sort(),
    )
    expect(functionsOf(exposed.get('desktop'))).toHaveLength(Object.keys(desktopMessages).length)
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
