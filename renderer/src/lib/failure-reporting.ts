import type { FailureKind } from '../../../contract/failure-reporting'
import type { FailureContext } from './failure-reporting.types'

export type { FailureContext, FailureSink } from './failure-reporting.types'

/*
 * The renderer's one failure-reporting module (issue #27 part 3; spec 1 §7 'failure reporters for message
 * and voice memo'). Features report here; this part is in the first load and only keeps the reports until
 * failure-reporting.core.ts, loaded once the page is idle, decides where they go (the Sentry SDK with a DSN,
 * else the console).
 */

type Report = (kind: FailureKind, error: unknown, context: FailureContext) => void

const MAX_WAITING = 20
const waiting: Parameters<Report>[] = []
let target: Report | null = null
let started = false

/** Where reports go from now on (the core's reporting; tests give their own). */
export function provideFailureReporting(reporting: { report: Report }): void {
  target = reporting.report
  for (const args of waiting.splice(0)) target(...args)
}

const whenIdle = (callback: () => void) => {
  const idle = () =>
    typeof requestIdleCallback === 'function'
      ? requestIdleCallback(callback, { timeout: 5000 })
      : setTimeout(callback, 1)
  if (typeof document === 'undefined' || document.readyState === 'complete') idle()
  else addEventListener('load', idle, { once: true })
}

/** Starts reporting (main.tsx, once): after the first paint the core loads and reads the settings. */
export function startFailureReporting(): void {
  if (started) return
  started = true
  whenIdle(() => {
    import('./failure-reporting.core')
      .then(({ browserFailureReporting }) => {
        const reporting = browserFailureReporting()
        provideFailureReporting(reporting)
        return reporting.start()
      })
      .catch((cause: unknown) => {
        // Offline before the core was ever loaded (it is not precached): the console it is.
        console.warn('[failure] reporting is not available', cause)
        provideFailureReporting({
          report: (kind, error, context) =>
            console.warn(`[failure] ${kind}`, { failure: kind, ...context }, error),
        })
      })
  })
}

/** Reports a failure with its context (never the text of a message, a name or an address). */
export function reportFailure(kind: FailureKind, error: unknown, context: FailureContext = {}): void {
  if (target) target(kind, error, context)
  else if (waiting.length < MAX_WAITING) waiting.push([kind, error, context])
}

/** spec 1 §7 'failure reporter for message': a message could not be sent or its answer failed. */
export const reportMessageFailure = (error: unknown, context: FailureContext = {}) =>
  reportFailure('message', error, context)

/** spec 1 §7 'failure reporter for voice memo': a dictation (voice memo) failed for a technical reason. */
export const reportVoiceMemoFailure = (error: unknown, context: FailureContext = {}) =>
  reportFailure('voice-memo', error, context)
