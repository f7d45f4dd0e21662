import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { PublicFailureReporting } from '../../contract/failure-reporting'
import { notFound } from '../../server/errors'
import {
  browserReportTarget,
  createServerFailureReporter,
  loadFailureReportingSettings,
  type SentryTransport,
} from '../../server/failure-reporting'
import { cspDirectives } from '../../server/security-headers'
import { eventually } from '../support/eventually'
import { createTestApp, type TestApp } from './helpers'

/*
 * Failure reporting on the server (issue #27 part 3): with SENTRY_DSN every 5xx goes to Sentry through
 * @sentry/node, scrubbed; the renderer reads its settings from GET /api/failure-reporting. The SDK's
 * transport is replaced: what it would have sent is kept and read here.
 */

const DSN = 'https://publickey@o7.ingest.example.test/42'

type Envelope = [Record<string, unknown>, Array<[{ type: string }, unknown]>]
interface SentEvent {
  tags?: Record<string, unknown>
  contexts?: Record<string, Record<string, unknown>>
  exception?: { values?: Array<{ value?: string }> }
  user?: unknown
  request?: unknown
}

function keepingTransport() {
  const envelopes: Envelope[] = []
  const transport: SentryTransport = () => ({
    send: async (envelope) => {
      envelopes.push(envelope as unknown as Envelope)
      return {}
    },
    flush: async () => true,
  })
  const events = () =>
    envelopes.flatMap(([, items]) =>
      items.filter(([header]) => header.type === 'event').map(([, payload]) => payload as SentEvent),
    )
  return { transport, envelopes, events }
}

const settings = (env: Record<string, string>) =>
  loadFailureReportingSettings(env, { nodeEnv: 'test', release: '1.2.3' })

const failingRoutes = (t: { app: TestApp['app'] }) => {
  t.app.get('/api/test/fails/:token', async () => {
    throw new Error('Could not mail ada@example.com about +44 20 7946 0958')
  })
  t.app.get('/api/test/missing', async () => {
    throw notFound('Thing not found')
  })
}

describe('failure reporting with SENTRY_DSN', () => {
  let t: TestApp
  const kept = keepingTransport()
  beforeAll(async () => {
    // The SDK is imported on the first report with a DSN: seconds on a loaded machine, so loaded here once.
    await import('@sentry/node')
    t = await createTestApp({
      failureReporting: {
        settings: settings({ SENTRY_DSN: DSN, SENTRY_REPLAY_SAMPLE_RATE: '0.25' }),
        transport: kept.transport,
      },
      configure: (app) => failingRoutes({ app }),
    })
  })
  afterAll(() => t.close())

  it('reports a 500 with its route, method and status, and no address, e-mail or phone number', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/test/fails/secret-token?code=123456' })
    expect(res.statusCode).toBe(500)
    const [event] = await eventually(() => {
      expect(kept.events()).toHaveLength(1)
      return kept.events()
    })
    expect(event?.tags).toMatchObject({ failure: 'request' })
    expect(event?.contexts?.failure).toMatchObject({
      method: 'GET',
      route: '/api/test/fails/:token',
      status: 500,
    })
    const sent = JSON.stringify(kept.envelopes)
    expect(event?.exception?.values?.[0]?.value).toBe('Could not mail [email] about [phone]')
    expect(sent).not.toContain('ada@example.com')
    expect(sent).not.toContain('7946')
    expect(sent).not.toContain('secret-token')
    expect(sent).not.toContain('123456')
    expect(event?.user).toBeUndefined()
    // The envelope is the DSN's project's.
    expect(kept.envelopes[0]?.[0]).toMatchObject({ trace: { public_key: 'publickey', environment: 'test' } })
  })

  it('does not report answers below 500', async () => {
    const before = kept.events().length
    const res = await t.app.inject({ method: 'GET', url: '/api/test/missing' })
    expect(res.statusCode).toBe(404)
    // The 500 after it is reported: had the 404 been, it would be there first.
    await t.app.inject({ method: 'GET', url: '/api/test/fails/x' })
    await eventually(() => expect(kept.events()).toHaveLength(before + 1))
    expect(kept.events().at(-1)?.contexts?.failure).toMatchObject({ status: 500 })
  })

  it('gives the renderer the DSN and the session-replay rates', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/failure-reporting' })
    expect(res.statusCode).toBe(200)
    expect(PublicFailureReporting.parse(res.json())).toEqual({
      dsn: DSN,
      environment: 'test',
      release: '1.2.3',
      replaySessionSampleRate: 0.25,
      replayOnErrorSampleRate: 1,
      personalData: false,
    })
  })
})

describe('failure reporting with personal data allowed', () => {
  let t: TestApp
  const kept = keepingTransport()
  beforeAll(async () => {
    t = await createTestApp({
      failureReporting: {
        settings: settings({ SENTRY_DSN: DSN, SENTRY_SEND_PERSONAL_DATA: 'true' }),
        transport: kept.transport,
      },
      configure: (app) => failingRoutes({ app }),
    })
  })
  afterAll(() => t.close())

  it('keeps the error as it was when the operator turned personal data on', async () => {
    await t.app.inject({ method: 'GET', url: '/api/test/fails/x' })
    const [event] = await eventually(() => {
      expect(kept.events()).toHaveLength(1)
      return kept.events()
    })
    expect(event?.exception?.values?.[0]?.value).toContain('ada@example.com')
  })
})

describe('failure reporting without a DSN', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp({ failureReporting: { settings: settings({}) } })
  })
  afterAll(() => t.close())

  it('tells the renderer there is no reporting service', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/failure-reporting' })
    expect(res.json()).toMatchObject({ dsn: null, replaySessionSampleRate: 0, replayOnErrorSampleRate: 0 })
  })

  it('logs a failure with its context', () => {
    const log = { error: vi.fn(), warn: vi.fn() }
    const reporter = createServerFailureReporter({
      dsn: undefined,
      environment: 'test',
      release: '1',
      personalData: false,
      log,
    })
    const error = new Error('boom')
    reporter.capture('request', error, { route: '/api/x', status: 500 })
    expect(reporter.enabled).toBe(false)
    expect(log.error).toHaveBeenCalledWith(
      { err: error, failure: { kind: 'request', route: '/api/x', status: 500 } },
      'request failed',
    )
  })
})

describe('failure reporting settings', () => {
  it('refuses an invalid DSN or replay rate, naming the variable', () => {
    expect(() => settings({ SENTRY_DSN: 'not a url' })).toThrow(/SENTRY_DSN/)
    // The SDKs drop every report of a DSN they cannot parse (a key with a dash), without a word.
    expect(() => settings({ SENTRY_DSN: 'https://public-key@o7.ingest.example.test/42' })).toThrow(
      /SENTRY_DSN/,
    )
    expect(() => settings({ SENTRY_DSN: DSN, SENTRY_REPLAY_SAMPLE_RATE: '2' })).toThrow(
      /SENTRY_REPLAY_SAMPLE_RATE/,
    )
  })

  it('gives the browser its own DSN when one is set, and lets its reports through the page policy', () => {
    const browserDsn = 'https://browserkey@o7.ingest.example.test/43'
    const read = settings({ SENTRY_DSN: DSN, SENTRY_BROWSER_DSN: browserDsn })
    expect(read.dsn).toBe(DSN)
    expect(read.browser.dsn).toBe(browserDsn)
    const target = browserReportTarget(read.browser)
    expect(target).toEqual({ origin: 'https://o7.ingest.example.test', replay: true })
    const csp = cspDirectives({ googleSignIn: false, failureReports: target })
    expect(csp['connect-src']).toContain('https://o7.ingest.example.test')
    // Session replay compresses in a worker made from a blob.
    expect(csp['worker-src']).toContain('blob:')
    expect(browserReportTarget(settings({}).browser)).toBeUndefined()
    expect(cspDirectives({ googleSignIn: false })['worker-src']).toEqual(["'self'"])
  })
})
