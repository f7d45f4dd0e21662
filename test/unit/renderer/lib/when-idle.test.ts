import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { whenIdle } from '../../../../renderer/src/lib/when-idle'

describe('whenIdle', () => {
  afterEach(() => {
    vi.useRealTimers()
    vi.unstubAllGlobals()
  })

  describe('with requestIdleCallback', () => {
    let idle: Map<number, IdleRequestCallback>
    let options: (IdleRequestOptions | undefined)[]
    beforeEach(() => {
      idle = new Map()
      options = []
      vi.stubGlobal('requestIdleCallback', (callback: IdleRequestCallback, opts?: IdleRequestOptions) => {
        idle.set(idle.size + 1, callback)
        options.push(opts)
        return idle.size
      })
      vi.stubGlobal('cancelIdleCallback', (handle: number) => idle.delete(handle))
    })
    const goIdle = () => {
      for (const callback of idle.values()) callback({ didTimeout: false, timeRemaining: () => 50 })
      idle.clear()
    }

    it('runs the work only once the browser is idle, with a deadline', () => {
      const work = vi.fn()
      whenIdle(work)
      expect(work).not.toHaveBeenCalled()
      goIdle()
      expect(work).toHaveBeenCalledTimes(1)
      expect(options[0]?.timeout).toBeGreaterThan(0)
    })

    it('does nothing once cancelled', () => {
      const work = vi.fn()
      const cancel = whenIdle(work)
      cancel()
      goIdle()
      expect(work).not.toHaveBeenCalled()
    })
  })

  it('falls back on a task of its own where there is no requestIdleCallback', () => {
    vi.useFakeTimers()
    vi.stubGlobal('requestIdleCallback', undefined)
    const work = vi.fn()
    whenIdle(work)
    expect(work).not.toHaveBeenCalled()
    vi.advanceTimersByTime(0)
    expect(work).toHaveBeenCalledTimes(1)
  })
})
