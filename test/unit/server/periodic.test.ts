import Fastify from 'fastify'
import { describe, expect, it, vi } from 'vitest'
import { runPeriodically } from '../../../server/periodic'

describe('runPeriodically (the sweepers)', () => {
  it('runs once ready and on every tick, survives a failing run, and closes after the run in progress', async () => {
    vi.useFakeTimers()
    try {
      const app = Fastify({ logger: false })
      const errors: unknown[] = []
      app.log.error = ((obj: unknown) => errors.push(obj)) as typeof app.log.error
      let finished = 0
      const task = vi
        .fn<() => Promise<void>>()
        .mockRejectedValueOnce(new Error('database away'))
        .mockImplementation(async () => {
          await new Promise((resolve) => setTimeout(resolve, 10))
          finished += 1
        })
      runPeriodically(app, 'test sweep', 1000, task)
      expect(task).not.toHaveBeenCalled()
      await app.ready()
      expect(task).toHaveBeenCalledTimes(1)
      await vi.advanceTimersByTimeAsync(0)
      expect(errors).toHaveLength(1)
      await vi.advanceTimersByTimeAsync(1000)
      expect(task).toHaveBeenCalledTimes(2)
      const closing = app.close()
      await vi.advanceTimersByTimeAsync(10)
      await closing
      expect(finished).toBe(1)
      await vi.advanceTimersByTimeAsync(5000)
      expect(task).toHaveBeenCalledTimes(2)
    } finally {
      vi.useRealTimers()
    }
  })
})
