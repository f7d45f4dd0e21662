import type { FailureKind, PublicFailureReporting } from '../../../contract/failure-reporting'
import type { FailureContext, FailureSink } from './failure-reporting.types'

/*
 * The renderer's one failure-reporting module (issue #27 part 3; spec 1 §7 'failure reporters for message
 * and voice memo'). Features call reportFailure (or the message and voice-memo reporters); where the report
 * goes is decided once, after the first paint, by GET /api/failure-reporting:
 * - a DSN: the Sentry browser SDK (failure-reporting.sentry.ts) is loaded then, a lazy chunk never in the
 *   first load, and every report (and any unhandled error) goes to it, scrubbed, with session replay when
 *   the server turns it on;
 * - no DSN (or the settings cannot be read): each report is written to the console with its context.
 * Reports made before that are kept (at most MAX_QUEUED) and go out once it is decided.
 */

export type { FailureContext, FailureSink } from './failure-reporting.types'

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

const whenIdle = (callback: () => void) => {
  const idle = () =>
    typeof requestIdleCallback === 'function'
      ? requestIdleCallback(callback, { timeout: 5000 })
      : setTimeout(callback, 1)
  if (typeof document === 'undefined' || document.readyState === 'complete') idle()
  else addEventListener('load', idle, { once: true })
}

const browserDeps = (): FailureReportingDeps => ({
  loadSettings: async () => {
    const [{ apiRequest }, { PublicFailureReporting }] = await Promise.all([
      import('../api/client'),
      import('../../../contract/failure-reporting'),
    ])
    return apiRequest({ path: '/api/failure-reporting', schema: PublicFailureReporting })
  },
  loadSdk: async (settings) => (await import('./failure-reporting.sentry')).startSentry(settings),
  console,
  whenIdle,
  errorEvents: typeof window === 'undefined' ? null : window,
})

let instance: ReturnType<typeof createFailureReporting> | null = null
const reporting = () => {
  instance ??= createFailureReporting(browserDeps())
  return instance
}

/** Starts reporting (main.tsx, once): the settings are read after the first paint. */
export const startFailureReporting = (): Promise<void> => reporting().start()

/** Tests give the module their own settings, SDK and console. */
export function provideFailureReporting(deps: FailureReportingDeps) {
  instance = createFailureReporting(deps)
  return instance
}

/** Reports a failure with its context (never the text of a message, a name or an address). */
export function reportFailure(kind: FailureKind, error: unknown, context: FailureContext = {}): void {
  reporting().report(kind, error, context)
}

/** spec 1 §7 'failure reporter for message': a message could not be sent or its answer failed. */
export const reportMessageFailure = (error: unknown, context: FailureContext = {}) =>
  reportFailure('message', error, context)

/** spec 1 §7 'failure reporter for voice memo': a dictation (voice memo) failed for a technical reason. */
export const reportVoiceMemoFailure = (error: unknown, context: FailureContext = {}) =>
  reportFailure('voice-memo', error, context)
