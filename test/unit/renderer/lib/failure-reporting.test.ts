// @vitest-environment happy-dom
import { describe, expect, it, vi } from 'vitest'
import type { PublicFailureReporting } from '../../../../contract/failure-reporting'
import {
  createFailureReporting,
  type FailureReportingDeps,
} from '../../../../renderer/src/lib/failure-reporting.core'
import type { FailureSink } from '../../../../renderer/src/lib/failure-reporting.types'
import { eventually } from '../../../support/eventually'

/*
 * The renderer's failure reporting (issue #27 part 3): the settings are read once the page is idle; with a
 * DSN the Sentry browser SDK (a lazy chunk) sends each report, scrubbed; without one each report goes to the
 * console with its context. The SDK's transport is replaced: what it would send is kept and read here.
 */

const DSN = 'https://publickey@o7.ingest.example.test/42'
const noDsn: PublicFailureReporting = {
  dsn: null,
  environment: 'test',
  release: '1.0.0',
  replaySessionSampleRate: 0,
  replayOnErrorSampleRate: 0,
  personalData: false,
}
const withDsn: PublicFailureReporting = { ...noDsn, dsn: DSN }

function setup(settings: PublicFailureReporting | Error, sdk?: () => Promise<FailureSink>) {
  let idle: (() => void) | null = null
  const warn = vi.fn()
  const events = new EventTarget()
  const deps: FailureReportingDeps = {
    loadSettings: async () => {
      if (settings instanceof Error) throw settings
      return settings
    },
    loadSdk: vi.fn(async () => (sdk ? sdk() : { capture: vi.fn() })),
    console: { warn },
    whenIdle: (callback) => {
      idle = callback
    },
    errorEvents: events as unknown as FailureReportingDeps['errorEvents'],
  }
  const reporting = createFailureReporting(deps)
  const started = reporting.start()
  const becomeIdle = () => {
    idle?.()
    return started
  }
  return { reporting, warn, deps, becomeIdle, events }
}

type Envelope = [Record<string, unknown>, Array<[{ type: string }, Record<string, unknown>]>]

/** The Sentry browser SDK with a transport that keeps the envelopes. */
async function keptSentry(settings: PublicFailureReporting) {
  const { startSentry } = await import('../../../../renderer/src/lib/failure-reporting.sentry')
  const envelopes: Envelope[] = []
  const sink = startSentry(settings, {
    transport: () => ({
      send: async (envelope) => {
        envelopes.push(envelope as unknown as Envelope)
        return {}
      },
      flush: async () => true,
    }),
  })
  const events = () =>
    envelopes.flatMap(([, items]) => items.filter(([h]) => h.type === 'event').map(([, payload]) => payload))
  return { sink, envelopes, events }
}

describe('renderer failure reporting without a DSN', () => {
  it('writes each report to the console with its context, also those made before the settings came', async () => {
    const { reporting, warn, deps, becomeIdle } = setup(noDsn)
    const early = new Error('stream broke')
    reporting.report('message', early, { slug: 'lena-hart', fileCount: 0 })
    expect(warn).not.toHaveBeenCalled()
    await becomeIdle()
    expect(deps.loadSdk).not.toHaveBeenCalled()
    expect(warn).toHaveBeenCalledWith(
      '[failure] message',
      { failure: 'message', slug: 'lena-hart', fileCount: 0 },
      early,
    )
    const later = new Error('recorder stopped')
    reporting.report('voice-memo', later, { dictationFailure: 'recording-failed' })
    expect(warn).toHaveBeenLastCalledWith(
      '[failure] voice-memo',
      { failure: 'voice-memo', dictationFailure: 'recording-failed' },
      later,
    )
  })

  it('falls back to the console when the settings cannot be read', async () => {
    const { reporting, warn, becomeIdle } = setup(new Error('offline'))
    await becomeIdle()
    reporting.report('upload', new Error('part failed'))
    expect(warn).toHaveBeenLastCalledWith('[failure] upload', { failure: 'upload' }, expect.any(Error))
  })

  it('leaves unhandled errors to the browser, which prints them itself', async () => {
    const { warn, becomeIdle, events } = setup(noDsn)
    events.dispatchEvent(Object.assign(new Event('error'), { error: new Error('thrown') }))
    await becomeIdle()
    expect(warn).not.toHaveBeenCalled()
  })
})

describe('renderer failure reporting with a DSN', () => {
  it('loads the SDK only once the settings name a DSN, and sends what waited, unhandled errors too', async () => {
    const capture = vi.fn()
    const { reporting, deps, becomeIdle, events } = setup(withDsn, async () => ({ capture }))
    reporting.report('message', new Error('early'), { slug: 'lena-hart' })
    events.dispatchEvent(Object.assign(new Event('error'), { error: new Error('thrown') }))
    expect(deps.loadSdk).not.toHaveBeenCalled()
    await becomeIdle()
    expect(deps.loadSdk).toHaveBeenCalledWith(withDsn)
    expect(capture.mock.calls.map(([kind, error]) => [kind, (error as Error).message])).toEqual([
      ['message', 'early'],
      ['unhandled', 'thrown'],
    ])
  })

  it('sends a message failure through Sentry with its tag and context, and no message text or e-mail', async () => {
    const kept = await keptSentry(withDsn)
    kept.sink.capture('message', new Error('Answer for ada@example.com failed'), {
      slug: 'lena-hart',
      clientMessageId: 'c0ffee00-0000-4000-8000-000000000001',
      fileCount: 1,
      // A careless caller: the scrubber still keeps the text out.
      text: 'my secret question',
    })
    const [event] = await eventually(() => {
      expect(kept.events()).toHaveLength(1)
      return kept.events()
    })
    expect(event?.tags).toMatchObject({ failure: 'message' })
    expect((event?.contexts as Record<string, unknown> | undefined)?.failure).toEqual({
      slug: 'lena-hart',
      clientMessageId: 'c0ffee00-0000-4000-8000-000000000001',
      fileCount: 1,
      text: '[Filtered]',
    })
    const sent = JSON.stringify(kept.envelopes)
    expect(sent).not.toContain('ada@example.com')
    expect(sent).not.toContain('my secret question')
    expect(sent).toContain('Answer for [email] failed')
  })
})
