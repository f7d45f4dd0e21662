import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { afterPaint } from '../../../../renderer/src/lib/after-paint'

describe('afterPaint', () => {
  let frames: FrameRequestCallback[]
  beforeEach(() => {
    vi.useFakeTimers()
    frames = []
    vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => frames.push(callback))
    vi.stubGlobal('cancelAnimationFrame', (handle: number) => {
      frames[handle - 1] = () => {}
    })
  })
  afterEach(() => {
    vi.useRealTimers()
    vi.unstubAllGlobals()
  })
  const paint = () => {
    for (const frame of frames.splice(0)) frame(0)
  }

  it('runs in a task of its own after the next frame, not inside it', () => {
    const work = vi.fn()
    afterPaint(work)
    vi.advanceTimersByTime(0)
    expect(work).not.toHaveBeenCalled()
    paint()
    expect(work).not.toHaveBeenCalled()
    vi.advanceTimersByTime(0)
    expect(work).toHaveBeenCalledTimes(1)
    // The fallback for a page that paints no frame does not run it again.
    vi.advanceTimersByTime(1_000)
    expect(work).toHaveBeenCalledTimes(1)
  })

  it('runs anyway when no frame comes (a hidden tab)', () => {
    const work = vi.fn()
    afterPaint(work)
    vi.advanceTimersByTime(99)
    expect(work).not.toHaveBeenCalled()
    vi.advanceTimersByTime(1)
    vi.advanceTimersByTime(1)
    expect(work).toHaveBeenCalledTimes(1)
    paint()
    vi.advanceTimersByTime(1_000)
    expect(work).toHaveBeenCalledTimes(1)
  })

  it('does nothing once cancelled', () => {
    const work = vi.fn()
    const cancel = afterPaint(work)
    cancel()
    paint()
    vi.advanceTimersByTime(1_000)
    expect(work).not.toHaveBeenCalled()
  })
})
