import { vi } from 'vitest'

/**
 * How long a test waits for a condition before failing: long enough for a loaded 2-core machine running two
 * suites at once, never a sleep (a condition that holds returns at once). test/setup/dom-waits.ts gives
 * testing-library's findBy* and waitFor the same bound.
 */
export const CONDITION_TIMEOUT_MS = 5_000

/** vi.waitFor with the suites' bound: retries `check` until it stops throwing (or its promise resolves). */
export function eventually<T>(
  check: () => T | Promise<T>,
  options: { timeout?: number; interval?: number } = {},
): Promise<T> {
  return vi.waitFor(check, { timeout: CONDITION_TIMEOUT_MS, ...options })
}
