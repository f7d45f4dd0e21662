/*
 * The server project runs its files one after another in a shared worker (vitest.config.ts, isolate: false),
 * so a file must not change what the next one sees: no module mocks (a mocked module would stay in the
 * worker's module cache), and no fake clock left on. Stubbed globals and environment variables are put back
 * by the config (unstubGlobals, unstubEnvs).
 */
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { afterAll, expect, vi } from 'vitest'

// Runs before the test file is imported, so a file that mocks modules fails before its mocks exist.
const testPath = expect.getState().testPath
if (testPath && /\bvi\.(mock|doMock)\(/.test(readFileSync(testPath, 'utf8'))) {
  throw new Error(
    `${path.relative(process.cwd(), testPath)} mocks a module, which would leak into the other files of its worker: pass a fake in (e.g. createTestApp's providers), or move the test out of the server project (vitest.config.ts).`,
  )
}

afterAll(() => {
  if (!vi.isFakeTimers()) return
  vi.useRealTimers()
  throw new Error('This file left fake timers on: call vi.useRealTimers() when its test is done.')
})
