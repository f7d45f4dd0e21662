import fs from 'node:fs/promises'
import { z } from 'zod'
import { writeFileAtomic } from './atomic-file'

/** The window's size and position, remembered between runs in the user-data folder. */
const WindowState = z.object({
  x: z.number().int().optional(),
  y: z.number().int().optional(),
  width: z.number().int().positive(),
  height: z.number().int().positive(),
  maximized: z.boolean().default(false),
  /** Where the compact call window was last (main/call-window.ts), if it was ever used. */
  compact: z.object({ x: z.number().int(), y: z.number().int() }).optional(),
})
export type WindowState = z.infer<typeof WindowState>

export interface Rect {
  x: number
  y: number
  width: number
  height: number
}

export const DEFAULT_WINDOW_STATE: WindowState = { width: 1200, height: 820, maximized: false }
export const MIN_WINDOW_SIZE = { width: 360, height: 560 } as const
/** At least this much of the window's title area must be on a screen, or it is centred again. */
const MIN_VISIBLE = 64
export const SAVE_DELAY_MS = 500

/**
 * Makes a remembered state safe for the screens there are now: a window whose displays are gone is
 * centred on the primary one, and no window is larger than the largest work area.
 */
export function fitToDisplays(state: WindowState, workAreas: readonly Rect[]): WindowState {
  if (workAreas.length === 0) return state
  const maxWidth = Math.max(...workAreas.map((a) => a.width))
  const maxHeight = Math.max(...workAreas.map((a) => a.height))
  const width = Math.max(MIN_WINDOW_SIZE.width, Math.min(state.width, maxWidth))
  const height = Math.max(MIN_WINDOW_SIZE.height, Math.min(state.height, maxHeight))
  const { x, y } = state
  if (x === undefined || y === undefined) return { width, height, maximized: state.maximized }
  const titleBar = { x, y, width, height: Math.min(height, MIN_VISIBLE) }
  const visible = workAreas.some(
    (area) => overlap(titleBar, area) >= MIN_VISIBLE * Math.min(MIN_VISIBLE, titleBar.height),
  )
  return visible
    ? { x, y, width, height, maximized: state.maximized }
    : { width, height, maximized: state.maximized }
}

function overlap(a: Rect, b: Rect): number {
  const w = Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x)
  const h = Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y)
  return w > 0 && h > 0 ? w * h : 0
}

export async function loadWindowState(file: string): Promise<WindowState> {
  try {
    const parsed = WindowState.safeParse(JSON.parse(await fs.readFile(file, 'utf8')))
    return parsed.success ? parsed.data : DEFAULT_WINDOW_STATE
  } catch {
    return DEFAULT_WINDOW_STATE
  }
}

export const saveWindowState = (file: string, state: WindowState) =>
  writeFileAtomic(file, JSON.stringify(WindowState.parse(state)))

/** The slice of a BrowserWindow the tracker uses (injected for tests). */
export interface TrackedWindow {
  getNormalBounds(): Rect
  isMaximized(): boolean
  on(event: 'resize' | 'move' | 'maximize' | 'unmaximize' | 'close', listener: () => void): void
}

/**
 * Saves the state shortly after every move or resize, and at once when the window closes. `adjust` turns
 * the window's own state into the one to save (main/call-window.ts: the normal window while it is the
 * compact call window, and where the compact window was).
 */
export function trackWindowState(
  win: TrackedWindow,
  save: (state: WindowState) => void,
  delayMs = SAVE_DELAY_MS,
  adjust: (own: WindowState) => WindowState = (own) => own,
) {
  let timer: ReturnType<typeof setTimeout> | undefined
  const snapshot = (): WindowState => adjust({ ...win.getNormalBounds(), maximized: win.isMaximized() })
  const later = () => {
    clearTimeout(timer)
    timer = setTimeout(() => save(snapshot()), delayMs)
  }
  for (const event of ['resize', 'move', 'maximize', 'unmaximize'] as const) win.on(event, later)
  win.on('close', () => {
    clearTimeout(timer)
    save(snapshot())
  })
}
