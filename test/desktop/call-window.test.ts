import { mkdtemp } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { describe, expect, it, vi } from 'vitest'
import { COMPACT_WINDOW_SIZE, type CompactableWindow, createCallWindow } from '../../main/call-window'
import {
  loadWindowState,
  MIN_WINDOW_SIZE,
  type Rect,
  saveWindowState,
  trackWindowState,
} from '../../main/window-state'

/** A window that behaves like a BrowserWindow as far as the call window looks. */
function fakeWindow(initial: Rect, { maximized = false, fullScreen = false } = {}) {
  const state = {
    bounds: { ...initial },
    normal: { ...initial },
    maximized,
    fullScreen,
    alwaysOnTop: false,
    resizable: true,
    maximizable: true,
    fullScreenable: true,
    minimum: { ...MIN_WINDOW_SIZE } as { width: number; height: number },
  }
  const win: CompactableWindow = {
    getBounds: () => ({ ...state.bounds }),
    getNormalBounds: () => ({ ...state.normal }),
    setBounds: (b) => {
      state.bounds = { ...state.bounds, ...b }
      if (!state.maximized) state.normal = { ...state.bounds }
    },
    setMinimumSize: (width, height) => {
      state.minimum = { width, height }
    },
    setAlwaysOnTop: (flag) => {
      state.alwaysOnTop = flag
    },
    setResizable: (flag) => {
      state.resizable = flag
    },
    setMaximizable: (flag) => {
      state.maximizable = flag
    },
    setFullScreenable: (flag) => {
      state.fullScreenable = flag
    },
    isMaximized: () => state.maximized,
    maximize: () => {
      state.maximized = true
      state.bounds = { x: 0, y: 0, width: 1920, height: 1040 }
    },
    unmaximize: () => {
      state.maximized = false
      state.bounds = { ...state.normal }
    },
    isFullScreen: () => state.fullScreen,
    setFullScreen: (flag) => {
      state.fullScreen = flag
    },
  }
  return { win, state }
}

const workArea = { x: 0, y: 0, width: 1920, height: 1040 }

function setup(window = fakeWindow({ x: 100, y: 80, width: 1200, height: 820 })) {
  const onModeChange = vi.fn()
  const callWindow = createCallWindow({ win: window.win, workAreaFor: () => workArea, onModeChange })
  return { ...window, callWindow, onModeChange }
}

describe('the compact call window', () => {
  it('shrinks to a small always-on-top window at the bottom right, and back to where it was', () => {
    const { callWindow, state, onModeChange } = setup()
    expect(callWindow.setMode('compact')).toBe('compact')
    expect(state.alwaysOnTop).toBe(true)
    expect(state.resizable).toBe(false)
    expect(state.maximizable).toBe(false)
    expect(state.minimum).toEqual(COMPACT_WINDOW_SIZE)
    expect(state.bounds).toEqual({
      x: 1920 - COMPACT_WINDOW_SIZE.width - 24,
      y: 1040 - COMPACT_WINDOW_SIZE.height - 24,
      ...COMPACT_WINDOW_SIZE,
    })
    expect(onModeChange).toHaveBeenLastCalledWith('compact')

    expect(callWindow.setMode('normal')).toBe('normal')
    expect(state.alwaysOnTop).toBe(false)
    expect(state.resizable).toBe(true)
    expect(state.minimum).toEqual(MIN_WINDOW_SIZE)
    expect(state.bounds).toEqual({ x: 100, y: 80, width: 1200, height: 820 })
    expect(onModeChange).toHaveBeenLastCalledWith('normal')
    expect(onModeChange).toHaveBeenCalledTimes(2)
  })

  it('does nothing when asked for the mode it is in', () => {
    const { callWindow, state, onModeChange } = setup()
    expect(callWindow.setMode('normal')).toBe('normal')
    expect(onModeChange).not.toHaveBeenCalled()
    callWindow.setMode('compact')
    const bounds = state.bounds
    callWindow.setMode('compact')
    expect(state.bounds).toEqual(bounds)
    expect(onModeChange).toHaveBeenCalledTimes(1)
  })

  it('comes back maximized or full screen when it was', () => {
    const maximized = setup(fakeWindow({ x: 100, y: 80, width: 1200, height: 820 }, { maximized: true }))
    maximized.callWindow.setMode('compact')
    expect(maximized.state.maximized).toBe(false)
    expect(maximized.state.bounds.width).toBe(COMPACT_WINDOW_SIZE.width)
    maximized.callWindow.setMode('normal')
    expect(maximized.state.maximized).toBe(true)

    const full = setup(fakeWindow({ x: 0, y: 0, width: 1200, height: 820 }, { fullScreen: true }))
    full.callWindow.setMode('compact')
    expect(full.state.fullScreen).toBe(false)
    expect(full.state.fullScreenable).toBe(false)
    full.callWindow.setMode('normal')
    expect(full.state.fullScreen).toBe(true)
  })

  it('remembers where the compact window was moved, while it still fits the screen', () => {
    const { callWindow, state } = setup()
    callWindow.setMode('compact')
    state.bounds = { ...state.bounds, x: 40, y: 60 }
    callWindow.setMode('normal')
    callWindow.setMode('compact')
    expect(state.bounds).toMatchObject({ x: 40, y: 60, ...COMPACT_WINDOW_SIZE })
  })

  it('has window-state.ts save the normal window, never the compact one, and where the compact one was', async () => {
    vi.useFakeTimers()
    try {
      const { win, state } = fakeWindow({ x: 100, y: 80, width: 1200, height: 820 })
      const listeners = new Map<string, () => void>()
      const tracked = {
        getNormalBounds: win.getNormalBounds,
        isMaximized: win.isMaximized,
        on: (event: string, listener: () => void) => listeners.set(event, listener),
      }
      const callWindow = createCallWindow({ win, workAreaFor: () => workArea, onModeChange: () => undefined })
      const save = vi.fn()
      trackWindowState(tracked, save, 10, (own) => callWindow.stateToSave(own))
      callWindow.setMode('compact')
      expect(state.bounds.width).toBe(COMPACT_WINDOW_SIZE.width)
      state.bounds = { ...state.bounds, x: 50, y: 70 }
      listeners.get('move')!()
      vi.advanceTimersByTime(20)
      const normal = { x: 100, y: 80, width: 1200, height: 820, maximized: false }
      expect(save).toHaveBeenLastCalledWith({ ...normal, compact: { x: 50, y: 70 } })
      listeners.get('close')!()
      expect(save).toHaveBeenLastCalledWith({ ...normal, compact: { x: 50, y: 70 } })

      // Back to normal, the compact window's place is still saved with the window's own state.
      callWindow.setMode('normal')
      listeners.get('resize')!()
      vi.advanceTimersByTime(20)
      expect(save).toHaveBeenLastCalledWith({ ...normal, compact: { x: 50, y: 70 } })

      // The next run starts its compact window there (a saved state round-trips through the file).
      const file = path.join(await mkdtemp(path.join(tmpdir(), 'call-window-')), 'window-state.json')
      await saveWindowState(file, save.mock.lastCall![0])
      const loaded = await loadWindowState(file)
      const next = fakeWindow({ x: 100, y: 80, width: 1200, height: 820 })
      createCallWindow({
        win: next.win,
        workAreaFor: () => workArea,
        onModeChange: () => undefined,
        compactAt: loaded.compact,
      }).setMode('compact')
      expect(next.state.bounds).toEqual({ x: 50, y: 70, ...COMPACT_WINDOW_SIZE })
    } finally {
      vi.useRealTimers()
    }
  })

  it('puts a remembered compact window that no longer fits back in the corner', () => {
    const { win, state } = fakeWindow({ x: 100, y: 80, width: 1200, height: 820 })
    createCallWindow({
      win,
      workAreaFor: () => workArea,
      onModeChange: () => undefined,
      compactAt: { x: 3000, y: 70 },
    }).setMode('compact')
    expect(state.bounds).toMatchObject({ x: 1920 - COMPACT_WINDOW_SIZE.width - 24 })
  })
})
