import {
  dataCollectionFor,
  type FailureKind,
  isSentryDsn,
  scrubFailureEvent,
} from '../contract/failure-reporting'

/*
 * Failure reporting in the desktop main process (issue #27 part 3). With SENTRY_DSN in the app's environment,
 * its uncaught exceptions and the renderer or helper processes that die are reported through @sentry/node (on
 * its own client: @sentry/electron needs the Electron binary at install time, which this project's machines
 * never download; the renderer reports through the browser SDK with the DSN the server gives it). The SDK
 * is imported only with a DSN. Reports are scrubbed like the others unless SENTRY_SEND_PERSONAL_DATA is
 * 'true'. Without a DSN each failure is logged with its context.
 */

export type MainFailureContext = Readonly<Record<string, string | number | boolean | null | undefined>>

export interface MainFailureReporting {
  readonly enabled: boolean
  capture(kind: FailureKind, error: unknown, context?: MainFailureContext): void
  flush(timeoutMs?: number): Promise<void>
}

type SentryNode = typeof import('@sentry/node')
export type MainSentryTransport = NonNullable<import('@sentry/node').NodeOptions['transport']>

export interface MainFailureReportingOptions {
  env: Record<string, string | undefined>
  release: string
  log: Pick<Console, 'error' | 'warn'>
  /** Tests keep the envelopes instead of sending them. */
  transport?: MainSentryTransport
  loadSdk?: () => Promise<SentryNode>
}

export function createMainFailureReporting({
  env,
  release,
  log,
  transport,
  loadSdk = () => import('@sentry/node'),
}: MainFailureReportingOptions): MainFailureReporting {
  const dsn = env.SENTRY_DSN?.trim()
  const logged = (kind: FailureKind, error: unknown, context: MainFailureContext = {}) =>
    log.error(`[failure] ${kind}`, { failure: kind, ...context }, error)
  if (!dsn) return { enabled: false, capture: logged, flush: async () => {} }
  if (!isSentryDsn(dsn)) {
    log.warn('SENTRY_DSN is not a Sentry DSN (https://key@host/project): failures are only logged.')
    return { enabled: false, capture: logged, flush: async () => {} }
  }
  const personalData = env.SENTRY_SEND_PERSONAL_DATA === 'true'
  const sdk = (async () => {
    const Sentry = await loadSdk()
    const client = new Sentry.NodeClient({
      dsn,
      release,
      environment: env.SENTRY_ENVIRONMENT || 'desktop',
      dataCollection: dataCollectionFor(personalData),
      transport: transport ?? Sentry.makeNodeTransport,
      stackParser: Sentry.defaultStackParser,
      integrations: [Sentry.linkedErrorsIntegration()],
      beforeSend: (event) => scrubFailureEvent(event, personalData),
    })
    const scope = new Sentry.Scope()
    scope.setClient(client)
    scope.setTag('process', 'main')
    client.init()
    return { client, scope }
  })()
  sdk.catch((error: unknown) => log.warn('Failure reporting could not start', error))
  const pending = new Set<Promise<unknown>>()
  return {
    enabled: true,
    capture(kind, error, context = {}) {
      const sent = sdk
        .then(({ scope }) => {
          const own = scope.clone()
          own.setTag('failure', kind)
          own.setContext('failure', { ...context })
          own.captureException(error)
        })
        .catch(() => logged(kind, error, context))
      pending.add(sent)
      void sent.finally(() => pending.delete(sent))
    },
    async flush(timeoutMs = 2000) {
      await Promise.all(pending)
      const started = await sdk.catch(() => null)
      await started?.client.flush(timeoutMs)
    },
  }
}

interface ProcessGoneDetails {
  reason: string
  exitCode: number
  type?: string
}

export interface MainFailureSources {
  /** Node's process: uncaught exceptions are watched, not handled (Electron still shows and exits as before). */
  process: {
    on(event: 'uncaughtExceptionMonitor', listener: (error: Error, origin: string) => void): unknown
  }
  /** Electron's app: a renderer or a helper process that crashed, was killed or ran out of memory. */
  app: {
    on(
      event: 'render-process-gone',
      listener: (event: unknown, contents: unknown, details: ProcessGoneDetails) => void,
    ): unknown
    on(event: 'child-process-gone', listener: (event: unknown, details: ProcessGoneDetails) => void): unknown
  }
}

/** Reports the main process's uncaught exceptions and the processes that die abnormally. */
export function watchMainFailures(
  reporting: MainFailureReporting,
  { process, app }: MainFailureSources,
): void {
  process.on('uncaughtExceptionMonitor', (error, origin) => {
    reporting.capture('unhandled', error, { origin })
    void reporting.flush()
  })
  app.on('render-process-gone', (_event, _contents, details) => {
    // 'clean-exit' is a window closing, not a failure.
    if (details.reason === 'clean-exit') return
    reporting.capture('render', new Error(`The renderer process is gone: ${details.reason}`), {
      reason: details.reason,
      exitCode: details.exitCode,
    })
  })
  app.on('child-process-gone', (_event, details) => {
    if (details.reason === 'clean-exit') return
    reporting.capture(
      'unhandled',
      new Error(`A ${details.type ?? 'helper'} process is gone: ${details.reason}`),
      {
        processType: details.type,
        reason: details.reason,
        exitCode: details.exitCode,
      },
    )
  })
}
