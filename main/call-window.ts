import type { CallWindowMode } from '../contract/desktop'
import { MIN_WINDOW_SIZE, type Rect, type WindowState } from './window-state'

/** The compact call window: the clone's portrait, name, timer, mute and hang-up, kept above other windows. */
export const COMPACT_WINDOW_SIZE = { width: 300, height: 380 } as const
/** Distance from the screen's edges where the compact window first appears (bottom right). */
const COMPACT_MARGIN = 24

/** The slice of a BrowserWindow the call window uses (injected for tests). */
export interface CompactableWindow {
  getBounds(): Rect
  getNormalBounds(): Rect
  setBounds(bounds: Partial<Rect>): void
  setMinimumSize(width: number, height: number): void
  setAlwaysOnTop(flag: boolean, level?: 'floating'): void
  setResizable(flag: boolean): void
  setMaximizable(flag: boolean): void
  setFullScreenable(flag: boolean): void
  isMaximized(): boolean
  maximize(): void
  unmaximize(): void
  isFullScreen(): boolean
  setFullScreen(flag: boolean): void
}

export interface CallWindowDeps {
  win: CompactableWindow
  /** The work area of the display nearest to a rectangle (Electron: screen.getDisplayMatching(rect).workArea). */
  workAreaFor(rect: Rect): Rect
  /** Told after every change of mode (the renderer switches its layout, the tray its menu). */
  onModeChange(mode: CallWindowMode): void
  /** Where the compact window was in an earlier run (window-state.json), if anywhere. */
  compactAt?: { x: number; y: number } | undefined
}

/**
 * Turns the app's one window into the compact call window and back. The same window, so the call keeps
 * running in the same page on the same app origin; the normal bounds (and maximized or full-screen state)
 * are kept while compact and restored after, and the compact window's own place is remembered for the next
 * time in this run.
 */
export function createCallWindow(deps: CallWindowDeps) {
  const { win } = deps
  let mode: CallWindowMode = 'normal'
  let normal: { bounds: Rect; maximized: boolean; fullScreen: boolean } | null = null
  let compactAt = deps.compactAt ?? null

  function compactBounds(): Rect {
    const { width, height } = COMPACT_WINDOW_SIZE
    const area = deps.workAreaFor(win.getBounds())
    if (compactAt && fits({ ...compactAt, width, height }, area)) return { ...compactAt, width, height }
    return {
      x: area.x + area.width - width - COMPACT_MARGIN,
      y: area.y + area.height - height - COMPACT_MARGIN,
      width,
      height,
    }
  }

  function enterCompact() {
    normal = { bounds: win.getNormalBounds(), maximized: win.isMaximized(), fullScreen: win.isFullScreen() }
    if (normal.fullScreen) win.setFullScreen(false)
    if (normal.maximized) win.unmaximize()
    win.setFullScreenable(false)
    win.setMaximizable(false)
    win.setMinimumSize(COMPACT_WINDOW_SIZE.width, COMPACT_WINDOW_SIZE.height)
    win.setBounds(compactBounds())
    win.setResizable(false)
    win.setAlwaysOnTop(true, 'floating')
  }

  function exitCompact() {
    const { x, y } = win.getBounds()
    compactAt = { x, y }
    win.setAlwaysOnTop(false)
    win.setResizable(true)
    win.setMaximizable(true)
    win.setFullScreenable(true)
    win.setMinimumSize(MIN_WINDOW_SIZE.width, MIN_WINDOW_SIZE.height)
    if (normal) {
      win.setBounds(normal.bounds)
      if (normal.maximized) win.maximize()
      if (normal.fullScreen) win.setFullScreen(true)
    }
    normal = null
  }

  return {
    mode: () => mode,
    /** Switches modes (nothing happens when already there); answers the mode afterwards. */
    setMode(next: CallWindowMode): CallWindowMode {
      if (next === mode) return mode
      if (next === 'compact') enterCompact()
      else exitCompact()
      mode = next
      deps.onModeChange(mode)
      return mode
    },
    /**
     * What window-state.ts should remember: while compact the normal window, never the compact one (so
     * quitting during a compact call reopens the app at its normal size), and where the compact window is
     * or was last, for the next call.
     */
    stateToSave(own: WindowState): WindowState {
      if (normal) {
        const { x, y } = win.getBounds()
        return { ...normal.bounds, maximized: normal.maximized, compact: { x, y } }
      }
      return compactAt ? { ...own, compact: compactAt } : own
    },
  }
}

export type CallWindow = ReturnType<typeof createCallWindow>

/** Whether a rectangle lies wholly inside an area. */
function fits(rect: Rect, area: Rect) {
  return (
    rect.x >= area.x &&
    rect.y >= area.y &&
    rect.x + rect.width <= area.x + area.width &&
    rect.y + rect.height <= area.y + area.height
  )
}
