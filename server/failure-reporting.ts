import type { FastifyBaseLogger, FastifyRequest } from 'fastify'
import { z } from 'zod'
import {
  dataCollectionFor,
  type FailureKind,
  PublicFailureReporting,
  SENTRY_DSN_PATTERN,
  scrubFailureEvent,
} from '../contract/failure-reporting'
import type { App } from './app-type'

/*
 * Failure reporting on the server (issue #27 part 3). With SENTRY_DSN every answer that ends in a 5xx is
 * reported through the Sentry Node SDK (@sentry/node, loaded only then: it costs about a second to import, so
 * never on a start without it), scrubbed by contract/failure-reporting.ts unless SENTRY_SEND_PERSONAL_DATA
 * is 'true'. Without a DSN the request log has it already (app.ts logs every 5xx with its error); other
 * failures reported here are logged with their context. GET /api/failure-reporting gives the renderer the
 * public part: the DSN (public by design), the replay rates and whether personal data may be sent.
 */

const Rate = z.coerce.number().min(0).max(1)
/** A DSN the SDKs can parse (contract/failure-reporting.ts): any other is refused at start. */
const Dsn = z.string().trim().regex(SENTRY_DSN_PATTERN, 'must be a Sentry DSN (https://key@host/project)')

const FailureEnv = z.object({
  SENTRY_DSN: Dsn.optional(),
  /** The renderer's DSN when it differs from the server's (a separate Sentry project); default SENTRY_DSN. */
  SENTRY_BROWSER_DSN: Dsn.optional(),
  SENTRY_ENVIRONMENT: z.string().min(1).max(64).optional(),
  SENTRY_RELEASE: z.string().min(1).max(200).optional(),
  /** Session replay: the share of sessions recorded from the start (default 0). */
  SENTRY_REPLAY_SAMPLE_RATE: Rate.optional(),
  /** Session replay: the share of sessions whose last minute is kept when an error happens (default 1 with a DSN). */
  SENTRY_REPLAY_ON_ERROR_SAMPLE_RATE: Rate.optional(),
  /** 'true': message text and personal data may go into reports and replays (off by default). */
  SENTRY_SEND_PERSONAL_DATA: z.enum(['true', 'false']).optional(),
})

export interface FailureReportingSettings {
  /** The server's (and the desktop main process's) DSN; undefined: no reporting service. */
  readonly dsn: string | undefined
  /** What the renderer is told (GET /api/failure-reporting). */
  readonly browser: PublicFailureReporting
}

/** Reads SENTRY_* from the environment; throws a readable error on an invalid one. */
export function loadFailureReportingSettings(
  env: Record<string, string | undefined>,
  { nodeEnv, release }: { nodeEnv: string; release: string },
): FailureReportingSettings {
  const present = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''))
  const parsed = FailureEnv.safeParse(present)
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')
    throw new Error(`Invalid environment: ${problems}`)
  }
  const e = parsed.data
  const browserDsn = e.SENTRY_BROWSER_DSN ?? e.SENTRY_DSN
  return Object.freeze({
    dsn: e.SENTRY_DSN,
    browser: Object.freeze({
      dsn: browserDsn ?? null,
      environment: e.SENTRY_ENVIRONMENT ?? nodeEnv,
      release: e.SENTRY_RELEASE ?? release,
      replaySessionSampleRate: browserDsn ? (e.SENTRY_REPLAY_SAMPLE_RATE ?? 0) : 0,
      replayOnErrorSampleRate: browserDsn ? (e.SENTRY_REPLAY_ON_ERROR_SAMPLE_RATE ?? 1) : 0,
      personalData: e.SENTRY_SEND_PERSONAL_DATA === 'true',
    }),
  })
}

/** Where the renderer's reports go (its DSN's origin) for the page's Content-Security-Policy; none without a DSN. */
export function browserReportTarget(
  browser: PublicFailureReporting,
): { origin: string; replay: boolean } | undefined {
  if (!browser.dsn) return undefined
  return {
    origin: new URL(browser.dsn).origin,
    replay: browser.replaySessionSampleRate > 0 || browser.replayOnErrorSampleRate > 0,
  }
}

/** What a server report carries besides the error: the route pattern, never its address or body. */
export type ServerFailureContext = Readonly<Record<string, string | number | boolean | null | undefined>>

export interface ServerFailureReporter {
  readonly enabled: boolean
  capture(kind: FailureKind, error: unknown, context: ServerFailureContext): void
  /** Waits (at most timeoutMs) for the reports under way to leave. */
  flush(timeoutMs?: number): Promise<void>
}

/** @sentry/node's transport option: tests keep the envelopes instead of sending them. */
export type SentryTransport = NonNullable<import('@sentry/node').NodeOptions['transport']>

export interface ServerFailureReporterOptions {
  dsn: string | undefined
  environment: string
  release: string
  personalData: boolean
  log: Pick<FastifyBaseLogger, 'error' | 'warn'>
  transport?: SentryTransport
}

/**
 * A reporter on its own Sentry client and scope (nothing global: no instrumentation of the process, and
 * tests may hold several). Without a DSN, each report is one error line in the log with its context.
 */
export function createServerFailureReporter(options: ServerFailureReporterOptions): ServerFailureReporter {
  const { dsn, log } = options
  if (!dsn) {
    return {
      enabled: false,
      capture: (kind, error, context) =>
        log.error({ err: error, failure: { kind, ...context } }, `${kind} failed`),
      flush: async () => {},
    }
  }
  const pending = new Set<Promise<unknown>>()
  const sdk = (async () => {
    const Sentry = await import('@sentry/node')
    const client = new Sentry.NodeClient({
      dsn,
      environment: options.environment,
      release: options.release,
      dataCollection: dataCollectionFor(options.personalData),
      transport: options.transport ?? Sentry.makeNodeTransport,
      stackParser: Sentry.defaultStackParser,
      // No dedupe: the same failure twice is two failures (and several apps in one process keep apart).
      integrations: [Sentry.linkedErrorsIntegration()],
      beforeSend: (event) => scrubFailureEvent(event, options.personalData),
    })
    const scope = new Sentry.Scope()
    scope.setClient(client)
    client.init()
    return { client, scope }
  })()
  // A DSN the SDK cannot use must not stop the server: the failure is logged once, reports go to the log.
  sdk.catch((error: unknown) => log.warn({ err: error }, 'failure reporting could not start'))

  return {
    enabled: true,
    capture(kind, error, context) {
      const sent = sdk
        .then(({ scope }) => {
          const own = scope.clone()
          own.setTag('failure', kind)
          own.setContext('failure', { ...context })
          own.captureException(error)
        })
        .catch(() => log.error({ err: error, failure: { kind, ...context } }, `${kind} failed`))
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

/** The route's pattern ('/api/clones/:slug'), never the address (it may hold tokens). */
const routeOf = (request: FastifyRequest) => request.routeOptions?.url ?? '(no route)'

/**
 * GET /api/failure-reporting answers the renderer's settings. Returns what the error handler (app.ts) calls
 * for a request that failed with a 5xx (it logs it too): the report names the route pattern, the method and
 * the request id.
 */
export function registerFailureReporting(
  app: App,
  { reporter, browser }: { reporter: ServerFailureReporter; browser: PublicFailureReporting },
): (request: FastifyRequest, error: unknown) => void {
  app.addHook('onClose', async () => {
    await reporter.flush()
  })

  app.get(
    '/api/failure-reporting',
    { schema: { response: { 200: PublicFailureReporting } } },
    async (_request, reply) => {
      // The same for everyone, and it changes only with a restart.
      reply.header('cache-control', 'public, max-age=300')
      return browser
    },
  )

  return (request, error) => {
    // Without a DSN the error handler's log line is the report: nothing more to write.
    if (!reporter.enabled) return
    reporter.capture('request', error, {
      method: request.method,
      route: routeOf(request),
      status: 500,
      requestId: request.id,
    })
  }
}
