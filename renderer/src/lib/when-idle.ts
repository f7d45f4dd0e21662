/** Past this, idle work runs anyway (a page that is never idle, a hidden tab). */
const IDLE_TIMEOUT_MS = 2_000

/**
 * Runs `work` in an idle period of its own (requestIdleCallback; a plain task where there is none), for
 * work that only warms what a later interaction needs: loading or running code once ahead of time so the
 * interaction's own task does not pay for it (issue #27). Answers a cancel.
 */
export function whenIdle(work: () => void, timeout = IDLE_TIMEOUT_MS): () => void {
  if (typeof requestIdleCallback === 'function') {
    const id = requestIdleCallback(() => work(), { timeout })
    return () => cancelIdleCallback(id)
  }
  const id = setTimeout(work, 0)
  return () => clearTimeout(id)
}
