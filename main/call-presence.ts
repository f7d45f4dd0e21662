import type { CallWindowMode, DesktopCallState, DesktopEvent } from '../contract/desktop'

/** The global shortcut that mutes and unmutes the call, registered only while there is one. */
export const MUTE_SHORTCUT = 'CommandOrControl+Shift+M'

/** A menu item as Electron's Menu.buildFromTemplate takes it (the part used here). */
export interface TrayMenuItem {
  label?: string
  type?: 'separator'
  enabled?: boolean
  click?: () => void
}

/** The slice of an Electron Tray the call entry uses (injected for tests). */
export interface TrayLike {
  setToolTip(text: string): void
  /** macOS only: text beside the menu-bar icon. */
  setTitle(title: string): void
  setContextMenu(menu: unknown): void
  on(event: 'click', listener: () => void): void
  destroy(): void
}

export interface CallPresenceDeps {
  createTray(): TrayLike
  buildMenu(template: TrayMenuItem[]): unknown
  globalShortcut: {
    register(accelerator: string, callback: () => void): boolean
    unregister(accelerator: string): void
  }
  /** The compact call window (main/call-window.ts). */
  window: { mode(): CallWindowMode; setMode(mode: CallWindowMode): CallWindowMode }
  /** Sends an event to the renderer (DESKTOP_EVENT_CHANNEL). */
  send(event: DesktopEvent): void
  /** Shows and focuses the app's window (restored from minimized). */
  showWindow(): void
  /** True on macOS, where the menu bar shows the tray's title. */
  showsTitle: boolean
  log: { warn(message: string): void }
}

/** m:ss, or h:mm:ss from an hour on: digits read the same in every language the app speaks. */
export function formatElapsed(seconds: number): string {
  const whole = Math.max(0, Math.floor(seconds))
  const h = Math.floor(whole / 3600)
  const m = Math.floor((whole % 3600) / 60)
  const s = String(whole % 60).padStart(2, '0')
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`
}

/** The tray menu for a call: who and how long, then mute, hang up and the window. */
export function trayMenuTemplate(
  call: DesktopCallState,
  mode: CallWindowMode,
  actions: { toggleMute(): void; hangUp(): void; showWindow(): void; compact(): void },
): TrayMenuItem[] {
  const { labels } = call
  const items: TrayMenuItem[] = [
    { label: labels.title, enabled: false },
    { label: call.status === 'active' ? formatElapsed(call.elapsedSeconds) : '…', enabled: false },
    { type: 'separator' },
    { label: call.muted ? labels.unmute : labels.mute, enabled: call.canMute, click: actions.toggleMute },
    { label: labels.hangUp, click: actions.hangUp },
    { type: 'separator' },
    { label: labels.showWindow, click: actions.showWindow },
  ]
  if (mode === 'normal') items.push({ label: labels.compactWindow, click: actions.compact })
  return items
}

/**
 * What the main process shows of the call the renderer publishes: a tray (menu-bar) entry with the call,
 * the mute shortcut (registered for the call's length only) and the compact window (back to normal when
 * the call ends). Every action goes back to the renderer as an event: the call itself lives there.
 */
export function createCallPresence(deps: CallPresenceDeps) {
  let call: DesktopCallState | null = null
  let tray: TrayLike | null = null
  let shortcut = false

  const actions = {
    toggleMute: () => deps.send({ type: 'toggle-mute' }),
    hangUp: () => deps.send({ type: 'hang-up' }),
    showWindow: () => {
      setMode('normal')
      deps.showWindow()
    },
    compact: () => setMode('compact'),
  }

  function setMode(mode: CallWindowMode): CallWindowMode {
    // The compact window is a call window: without a call there is nothing to shrink to.
    if (mode === 'compact' && !call) return deps.window.mode()
    const next = deps.window.setMode(mode)
    render()
    return next
  }

  function render() {
    if (!call || !tray) return
    const time = call.status === 'active' ? formatElapsed(call.elapsedSeconds) : '…'
    tray.setToolTip(`${call.labels.title} · ${time}`)
    if (deps.showsTitle) tray.setTitle(time)
    tray.setContextMenu(deps.buildMenu(trayMenuTemplate(call, deps.window.mode(), actions)))
  }

  function begin() {
    tray = deps.createTray()
    tray.on('click', actions.showWindow)
    shortcut = deps.globalShortcut.register(MUTE_SHORTCUT, actions.toggleMute)
    if (!shortcut) deps.log.warn(`Could not register ${MUTE_SHORTCUT}: another app may hold it`)
  }

  function end() {
    if (shortcut) deps.globalShortcut.unregister(MUTE_SHORTCUT)
    shortcut = false
    tray?.destroy()
    tray = null
    if (deps.window.mode() === 'compact') deps.window.setMode('normal')
  }

  return {
    /** The renderer's call, or null when it has none (any more). */
    publish(next: DesktopCallState | null) {
      const had = call !== null
      call = next
      if (next && !had) begin()
      if (!next && had) end()
      render()
    },
    setMode,
    /** Whether a call is under way (deep links then only bring the window forward). */
    inCall: () => call !== null,
    /** At quit: nothing left registered. */
    dispose() {
      call = null
      end()
    },
  }
}

export type CallPresence = ReturnType<typeof createCallPresence>
