import { EventEmitter } from 'node:events'
import { describe, expect, it, vi } from 'vitest'
import {
  createMainFailureReporting,
  type MainFailureSources,
  type MainSentryTransport,
  watchMainFailures,
} from '../../main/failure-reporting'
import { eventually } from '../support/eventually'

/*
 * Failure reporting in the desktop main process (issue #27 part 3), with Node's process and Electron's app
 * replaced by event emitters and the Sentry SDK's transport by one that keeps the envelopes.
 */

const DSN = 'https://publickey@o7.ingest.example.test/42'

type Envelope = [Record<string, unknown>, Array<[{ type: string }, Record<string, unknown>]>]

function keptTransport() {
  const envelopes: Envelope[] = []
  const transport: MainSentryTransport = () => ({
    send: async (envelope) => {
      envelopes.push(envelope as unknown as Envelope)
      return {}
    },
    flush: async () => true,
  })
  const events = () =>
    envelopes.flatMap(([, items]) => items.filter(([h]) => h.type === 'event').map(([, payload]) => payload))
  return { transport, envelopes, events }
}

function sources() {
  const process = new EventEmitter()
  const app = new EventEmitter()
  return { process, app, given: { process, app } as unknown as MainFailureSources }
}

describe('main process failure reporting with SENTRY_DSN', () => {
  it('reports an uncaught exception, scrubbed, tagged as the main process', async () => {
    const kept = keptTransport()
    const log = { error: vi.fn(), warn: vi.fn() }
    const reporting = createMainFailureReporting({
      env: { SENTRY_DSN: DSN },
      release: '0.1.0',
      log,
      transport: kept.transport,
    })
    const { process, given } = sources()
    watchMainFailures(reporting, given)
    process.emit('uncaughtExceptionMonitor', new Error('Could not save ada@example.com'), 'uncaughtException')
    const [event] = await eventually(() => {
      expect(kept.events()).toHaveLength(1)
      return kept.events()
    })
    expect(event?.tags).toMatchObject({ process: 'main', failure: 'unhandled' })
    expect(event?.release).toBe('0.1.0')
    expect(JSON.stringify(kept.envelopes)).not.toContain('ada@example.com')
    expect(JSON.stringify(kept.envelopes)).toContain('Could not save [email]')
    expect(log.error).not.toHaveBeenCalled()
  })

  it('reports a renderer that crashed, not one that closed', async () => {
    const kept = keptTransport()
    const reporting = createMainFailureReporting({
      env: { SENTRY_DSN: DSN },
      release: '0.1.0',
      log: { error: vi.fn(), warn: vi.fn() },
      transport: kept.transport,
    })
    const { app, given } = sources()
    watchMainFailures(reporting, given)
    app.emit('render-process-gone', {}, {}, { reason: 'clean-exit', exitCode: 0 })
    app.emit('render-process-gone', {}, {}, { reason: 'oom', exitCode: 133 })
    const [event] = await eventually(() => {
      expect(kept.events()).toHaveLength(1)
      return kept.events()
    })
    expect(event?.tags).toMatchObject({ failure: 'render' })
    expect((event?.contexts as Record<string, unknown> | undefined)?.failure).toEqual({
      reason: 'oom',
      exitCode: 133,
    })
  })
})

describe('main process failure reporting without a DSN', () => {
  it('logs each failure with its context and loads no SDK', () => {
    const log = { error: vi.fn(), warn: vi.fn() }
    const loadSdk = vi.fn()
    const reporting = createMainFailureReporting({ env: {}, release: '0.1.0', log, loadSdk })
    const { app, given } = sources()
    watchMainFailures(reporting, given)
    app.emit('child-process-gone', {}, { type: 'GPU', reason: 'crashed', exitCode: 1 })
    expect(loadSdk).not.toHaveBeenCalled()
    expect(log.error).toHaveBeenCalledWith(
      '[failure] unhandled',
      { failure: 'unhandled', processType: 'GPU', reason: 'crashed', exitCode: 1 },
      expect.any(Error),
    )
  })

  it('says so, and only logs, when SENTRY_DSN is not a DSN the SDK can use', () => {
    const log = { error: vi.fn(), warn: vi.fn() }
    const loadSdk = vi.fn()
    const reporting = createMainFailureReporting({
      env: { SENTRY_DSN: 'https://public-key@o7.ingest.example.test/42' },
      release: '0.1.0',
      log,
      loadSdk,
    })
    expect(reporting.enabled).toBe(false)
    expect(log.warn).toHaveBeenCalledWith(expect.stringContaining('SENTRY_DSN'))
    expect(loadSdk).not.toHaveBeenCalled()
  })
})
