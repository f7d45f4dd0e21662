/*
 * The server project runs its files one after another in a shared worker (vitest.config.ts, isolate: false):
 * a file must leave no fake clock behind for the next one. Stubbed globals and environment variables are put
 * back by the config (unstubGlobals, unstubEnvs).
 */
import { afterAll, vi } from 'vitest'

afterAll(() => {
  if (!vi.isFakeTimers()) return
  vi.useRealTimers()
  throw new Error('This file left fake timers on: call vi.useRealTimers() when its test is done.')
})
