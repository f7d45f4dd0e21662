import { type FailureKind, PublicFailureReporting } from '../../../contract/failure-reporting'
import { apiRequest } from '../api/client'
import type { FailureContext, FailureSink } from './failure-reporting.types'

/*
 * The renderer's failure reporting, loaded once the page is idle by lib/failure-reporting.ts (the module
 * features call, kept small for the first load). The renderer's one failure-reporting module (issue #27 part 3; spec 1 §7 'failure reporters for message
 * and voice memo'). Features call reportFailure (or the message and voice-memo reporters); where the report
 * goes is decided once, after the first paint, by GET /api/failure-reporting:
 * - a DSN: the Sentry browser SDK (failure-reporting.sentry.ts) is loaded then, a lazy chunk never in the
 *   first load, and every report (and any unhandled error) goes to it, scrubbed, with session replay when
 *   the server turns it on;
 * - no DSN (or the settings cannot be read): each report is written to the console with its context.
 * Reports made before that are kept (at most MAX_QUEUED) and go out once it is decided.
 */

export interface FailureReportingDeps {
  loadSettings(): Promise<PublicFailureReporting>
  /** Loads the SDK (a lazy chunk) and starts it with the settings. */
  loadSdk(settings: PublicFailureReporting): Promise<FailureSink>
  console: Pick<Console, 'warn'>
  /** When the settings are read: after the first paint, while the page is idle. */
  whenIdle(callback: () => void): void
  /** Where unhandled errors are heard until the SDK listens itself (the window). */
  errorEvents: Pick<Window, 'addEventListener' | 'removeEventListener'> | null
}

export const MAX_QUEUED = 20

const consoleSink = (out: Pick<Console, 'warn'>): FailureSink => ({
  capture: (kind, error, context) => out.warn(`[failure] ${kind}`, { failure: kind, ...context }, error),
})

export function createFailureReporting(deps: FailureReportingDeps) {
  let sink: FailureSink | null = null
  let starting: Promise<void> | null = null
  const queued: Array<[FailureKind, unknown, FailureContext]> = []

  const onError = (event: Event) => {
    const error = 'error' in event ? (event as ErrorEvent).error : undefined
    if (error !== undefined) report('unhandled', error, { source: 'error' })
  }
  const onRejection = (event: Event) => {
    report('unhandled', (event as PromiseRejectionEvent).reason, { source: 'unhandledrejection' })
  }

  function report(kind: FailureKind, error: unknown, context: FailureContext = {}): void {
    if (sink) {
      try {
        sink.capture(kind, error, context)
      } catch (cause) {
        deps.console.warn('[failure] could not report', cause)
      }
      return
    }
    // The browser prints unhandled errors itself: only the product's own reports wait for the settings.
    if (queued.length < MAX_QUEUED) queued.push([kind, error, context])
  }

  function settle(next: FailureSink, withUnhandled: boolean) {
    sink = next
    deps.errorEvents?.removeEventListener('error', onError)
    deps.errorEvents?.removeEventListener('unhandledrejection', onRejection)
    for (const [kind, error, context] of queued.splice(0)) {
      if (kind === 'unhandled' && !withUnhandled) continue
      report(kind, error, context)
    }
  }

  /** Reads the settings once the page is idle, then loads the SDK when there is a DSN. */
  function start(): Promise<void> {
    starting ??= new Promise<void>((resolve) => {
      deps.errorEvents?.addEventListener('error', onError)
      deps.errorEvents?.addEventListener('unhandledrejection', onRejection)
      deps.whenIdle(() => {
        void (async () => {
          try {
            const settings = await deps.loadSettings()
            if (settings.dsn) settle(await deps.loadSdk(settings), true)
            else settle(consoleSink(deps.console), false)
          } catch (cause) {
            deps.console.warn('[failure] reporting is not available', cause)
            settle(consoleSink(deps.console), false)
          }
          resolve()
        })()
      })
    })
    return starting
  }

  return { report, start }
}

/** The browser's own: the settings from the API, the SDK as a lazy chunk (called once the page is idle). */
export const browserFailureReporting = () =>
  createFailureReporting({
    loadSettings: () => apiRequest({ path: '/api/failure-reporting', schema: PublicFailureReporting }),
    loadSdk: async (settings) => (await import('./failure-reporting.sentry')).startSentry(settings),
    console,
    // lib/failure-reporting.ts loads this module once the page is idle.
    whenIdle: (callback) => callback(),
    errorEvents: typeof window === 'undefined' ? null : window,
  })
