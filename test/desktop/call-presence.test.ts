import { describe, expect, it, vi } from 'vitest'
import { type CallWindowMode, type DesktopCallState, DesktopEvent } from '../../contract/desktop'
import {
  type CallPresenceDeps,
  createCallPresence,
  formatElapsed,
  MUTE_SHORTCUT,
  type TrayMenuItem,
  trayMenuTemplate,
} from '../../main/call-presence'

const labels = {
  title: 'Call with Lena Hart',
  mute: 'Mute',
  unmute: 'Unmute',
  hangUp: 'Hang up',
  showWindow: 'Show window',
  compactWindow: 'Compact window',
}
const activeCall = (patch: Partial<DesktopCallState> = {}): DesktopCallState => ({
  kind: 'voice',
  status: 'active',
  elapsedSeconds: 75,
  muted: false,
  canMute: true,
  labels,
  ...patch,
})

function setup({ registers = true, showsTitle = false } = {}) {
  const trays: Array<{
    tooltip: string
    title: string
    menu: TrayMenuItem[]
    click?: () => void
    destroyed: boolean
  }> = []
  const registered = new Map<string, () => void>()
  let mode: CallWindowMode = 'normal'
  const deps = {
    createTray: () => {
      const tray = { tooltip: '', title: '', menu: [] as TrayMenuItem[], click: undefined, destroyed: false }
      trays.push(tray as never)
      return {
        setToolTip: (text: string) => {
          tray.tooltip = text
        },
        setTitle: (text: string) => {
          tray.title = text
        },
        setContextMenu: (menu: unknown) => {
          tray.menu = menu as TrayMenuItem[]
        },
        on: (_event: 'click', listener: () => void) => {
          ;(tray as { click?: () => void }).click = listener
        },
        destroy: () => {
          tray.destroyed = true
        },
      }
    },
    buildMenu: (template: TrayMenuItem[]) => template,
    globalShortcut: {
      register: vi.fn((accelerator: string, callback: () => void) => {
        if (!registers) return false
        registered.set(accelerator, callback)
        return true
      }),
      unregister: vi.fn((accelerator: string) => {
        registered.delete(accelerator)
      }),
    },
    window: {
      mode: () => mode,
      setMode: vi.fn((next: CallWindowMode) => {
        mode = next
        return mode
      }),
    },
    send: vi.fn(),
    showWindow: vi.fn(),
    showsTitle,
    log: { warn: vi.fn() },
  } satisfies CallPresenceDeps
  const presence = createCallPresence(deps)
  const item = (label: string) => trays.at(-1)!.menu.find((i) => i.label === label)
  return { presence, deps, trays, registered, item, mode: () => mode }
}

describe('the call in the tray, the mute shortcut and the compact window', () => {
  it('formats the elapsed time as m:ss, then h:mm:ss', () => {
    expect(formatElapsed(0)).toBe('0:00')
    expect(formatElapsed(75)).toBe('1:15')
    expect(formatElapsed(3600 + 62)).toBe('1:01:02')
    expect(formatElapsed(-3)).toBe('0:00')
  })

  it('builds the tray menu from the call: who, how long, mute or unmute, hang up, the window', () => {
    const actions = { toggleMute: vi.fn(), hangUp: vi.fn(), showWindow: vi.fn(), compact: vi.fn() }
    const menu = trayMenuTemplate(activeCall(), 'normal', actions)
    expect(menu.map((i) => i.label ?? i.type)).toEqual([
      'Call with Lena Hart',
      '1:15',
      'separator',
      'Mute',
      'Hang up',
      'separator',
      'Show window',
      'Compact window',
    ])
    expect(menu[0]!.enabled).toBe(false)
    menu.find((i) => i.label === 'Hang up')!.click!()
    expect(actions.hangUp).toHaveBeenCalled()

    const muted = trayMenuTemplate(activeCall({ muted: true }), 'compact', actions)
    expect(muted.map((i) => i.label)).toContain('Unmute')
    expect(muted.map((i) => i.label)).not.toContain('Compact window')
    const waiting = trayMenuTemplate(activeCall({ status: 'connecting', canMute: false }), 'normal', actions)
    expect(waiting[1]!.label).toBe('…')
    expect(waiting.find((i) => i.label === 'Mute')!.enabled).toBe(false)
  })

  it('shows a tray entry and holds the mute shortcut only while there is a call', () => {
    const { presence, deps, trays, registered, item } = setup({ showsTitle: true })
    expect(trays).toHaveLength(0)
    expect(registered.size).toBe(0)

    presence.publish(activeCall())
    expect(trays).toHaveLength(1)
    expect(trays[0]!.tooltip).toBe('Call with Lena Hart · 1:15')
    expect(trays[0]!.title).toBe('1:15')
    expect([...registered.keys()]).toEqual([MUTE_SHORTCUT])

    // Ticks and mute changes update the same entry; the shortcut is registered once.
    presence.publish(activeCall({ elapsedSeconds: 76, muted: true }))
    expect(trays).toHaveLength(1)
    expect(trays[0]!.tooltip).toBe('Call with Lena Hart · 1:16')
    expect(item('Unmute')).toBeDefined()
    expect(deps.globalShortcut.register).toHaveBeenCalledTimes(1)

    presence.publish(null)
    expect(trays[0]!.destroyed).toBe(true)
    expect(registered.size).toBe(0)
    expect(deps.globalShortcut.unregister).toHaveBeenCalledWith(MUTE_SHORTCUT)

    // A second call gets them again.
    presence.publish(activeCall())
    expect(trays).toHaveLength(2)
    expect([...registered.keys()]).toEqual([MUTE_SHORTCUT])
  })

  it('sends the shortcut and the tray’s actions to the renderer, as events it accepts', () => {
    const { presence, deps, registered, item, trays } = setup()
    presence.publish(activeCall())
    registered.get(MUTE_SHORTCUT)!()
    item('Mute')!.click!()
    item('Hang up')!.click!()
    expect(deps.send.mock.calls.map(([event]) => event)).toEqual([
      { type: 'toggle-mute' },
      { type: 'toggle-mute' },
      { type: 'hang-up' },
    ])
    for (const [event] of deps.send.mock.calls) expect(DesktopEvent.safeParse(event).success).toBe(true)

    item('Compact window')!.click!()
    expect(deps.window.setMode).toHaveBeenLastCalledWith('compact')
    item('Show window')!.click!()
    expect(deps.window.setMode).toHaveBeenLastCalledWith('normal')
    expect(deps.showWindow).toHaveBeenCalledTimes(1)
    trays[0]!.click!()
    expect(deps.showWindow).toHaveBeenCalledTimes(2)
  })

  it('shrinks only during a call, and comes back to the normal window when the call ends', () => {
    const { presence, mode } = setup()
    expect(presence.setMode('compact')).toBe('normal')
    expect(mode()).toBe('normal')
    presence.publish(activeCall())
    expect(presence.setMode('compact')).toBe('compact')
    presence.publish(null)
    expect(mode()).toBe('normal')
  })

  it('keeps the call going when another app holds the shortcut, and says so', () => {
    const { presence, deps, trays } = setup({ registers: false })
    presence.publish(activeCall())
    expect(trays).toHaveLength(1)
    expect(deps.log.warn).toHaveBeenCalledWith(expect.stringContaining(MUTE_SHORTCUT))
    presence.publish(null)
    expect(deps.globalShortcut.unregister).not.toHaveBeenCalled()
  })

  it('lets nothing stay registered when disposed', () => {
    const { presence, registered, trays } = setup()
    presence.publish(activeCall())
    presence.dispose()
    expect(registered.size).toBe(0)
    expect(trays[0]!.destroyed).toBe(true)
    expect(presence.inCall()).toBe(false)
  })
})
