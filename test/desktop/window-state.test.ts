import { mkdtemp, readFile, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { describe, expect, it, vi } from 'vitest'
import {
  DEFAULT_WINDOW_STATE,
  fitToDisplays,
  loadWindowState,
  saveWindowState,
  type TrackedWindow,
  trackWindowState,
} from '../../main/window-state'

const laptop = { x: 0, y: 0, width: 1440, height: 900 }
const external = { x: 1440, y: 0, width: 2560, height: 1440 }

describe('window state', () => {
  it('round-trips through the user-data file', async () => {
    const file = path.join(await mkdtemp(path.join(tmpdir(), 'window-')), 'window-state.json')
    expect(await loadWindowState(file)).toEqual(DEFAULT_WINDOW_STATE)
    await saveWindowState(file, { x: 10, y: 20, width: 1000, height: 700, maximized: true })
    expect(await loadWindowState(file)).toEqual({ x: 10, y: 20, width: 1000, height: 700, maximized: true })
    await writeFile(file, '{broken')
    expect(await loadWindowState(file)).toEqual(DEFAULT_WINDOW_STATE)
    expect(await readFile(file, 'utf8')).toBe('{broken')
  })

  it('keeps a window that is on a screen where it was', () => {
    const state = { x: 1600, y: 100, width: 1200, height: 800, maximized: false }
    expect(fitToDisplays(state, [laptop, external])).toEqual(state)
  })

  it('centres a window whose screen is gone, and shrinks it to fit', () => {
    const state = { x: 1600, y: 100, width: 2400, height: 1400, maximized: false }
    expect(fitToDisplays(state, [laptop])).toEqual({ width: 1440, height: 900, maximized: false })
  })

  it('never goes below the minimum size', () => {
    expect(fitToDisplays({ width: 100, height: 100, maximized: false }, [laptop])).toMatchObject({
      width: 360,
      height: 560,
    })
  })

  it('saves shortly after moves and at once on close', () => {
    vi.useFakeTimers()
    const listeners = new Map<string, () => void>()
    let bounds = { x: 1, y: 2, width: 800, height: 600 }
    const win: TrackedWindow = {
      getNormalBounds: () => bounds,
      isMaximized: () => false,
      on: (event, listener) => listeners.set(event, listener),
    }
    const save = vi.fn()
    trackWindowState(win, save, 500)
    listeners.get('move')!()
    bounds = { ...bounds, x: 50 }
    listeners.get('resize')!()
    expect(save).not.toHaveBeenCalled()
    vi.advanceTimersByTime(500)
    expect(save).toHaveBeenCalledTimes(1)
    expect(save).toHaveBeenLastCalledWith({ x: 50, y: 2, width: 800, height: 600, maximized: false })
    listeners.get('close')!()
    expect(save).toHaveBeenCalledTimes(2)
    vi.useRealTimers()
  })
})
