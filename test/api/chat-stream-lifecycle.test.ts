import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { count, desc, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Answerer, AnswerInput } from '../../server/brain/answerer'
import { LocalAnswerer } from '../../server/brain/local-answerer'
import { pause } from '../../server/brain/stream-tokens'
import { conversations, messages } from '../../server/db/schema'
import { ANSWER_FAILED } from '../../server/routes/chat-stream'
import { eventually } from '../support/eventually'
import { parseStreamEvents } from './chat-helpers'
import { createTestApp, type TestApp } from './helpers'

/** Delegates to the answerer a test picks, and records what the stream route did with it. */
class ObservedAnswerer implements Answerer {
  signal: AbortSignal | null = null
  tokensYielded = 0
  /** The last answer is over: no token can follow. */
  closed = false
  inner: Answerer = new LocalAnswerer(0)

  async *answer(input: AnswerInput, signal: AbortSignal): AsyncIterable<string> {
    this.signal = signal
    this.closed = false
    try {
      for await (const token of this.inner.answer(input, signal)) {
        this.tokensYielded++
        yield token
      }
    } finally {
      this.closed = true
    }
  }
}

/** Writes a few tokens, then fails: the failure happens after the headers were sent. */
const failingAnswerer: Answerer = {
  async *answer() {
    yield 'Let me'
    yield ' think'
    throw new Error('the provider fell over')
  },
}

/** Writes one token, goes quiet long enough for heartbeats, then finishes. */
const slowAnswerer: Answerer = {
  async *answer(_input, signal) {
    yield 'Sleep'
    await pause(120, signal)
    yield ' well [1].'
  },
}

const QUESTION = {
  slug: 'lena-hart',
  text: 'How late in the day can I drink coffee without hurting my sleep?',
}

async function rowCounts(t: TestApp) {
  const [c] = await t.db.select({ n: count() }).from(conversations)
  const [m] = await t.db.select({ n: count() }).from(messages)
  return { conversations: c!.n, messages: m!.n }
}

const newest = async (t: TestApp, sender: 'USER' | 'CLONE') => {
  const [row] = await t.db
    .select()
    .from(messages)
    .where(eq(messages.sender, sender))
    .orderBy(desc(messages.createdAt))
    .limit(1)
  return row
}
const lastQuestion = (t: TestApp) => newest(t, 'USER')
const lastAnswer = (t: TestApp) => newest(t, 'CLONE')

describe('chat stream lifecycle', () => {
  const answerer = new ObservedAnswerer()
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp({ answerer, chatHeartbeatMs: 30 })
  })
  afterAll(() => t.close())

  it('stops generating at once when the visitor disconnects, keeping the question and the answer as interrupted', async () => {
    // Paced like production, so the answer is still being written when the visitor leaves.
    answerer.inner = new LocalAnswerer(25)
    await t.app.listen({ port: 0, host: '127.0.0.1' })
    const { port } = t.app.server.address() as AddressInfo
    const before = await rowCounts(t)

    let leftAt = 0
    const received = await new Promise<string>((resolve, reject) => {
      const req = http.request(
        { host: '127.0.0.1', port, method: 'POST', path: '/api/clone/talk/messages/stream' },
        (res) => {
          let body = ''
          res.setEncoding('utf8')
          res.on('data', (chunk: string) => {
            body += chunk
            if (parseStreamEvents(body).length >= 3) {
              // The visitor closes the tab: the socket goes away mid-answer.
              leftAt = Date.now()
              req.destroy()
              resolve(body)
            }
          })
        },
      )
      req.on('error', (error) => {
        if (!(error as NodeJS.ErrnoException).code?.includes('ECONNRESET')) reject(error)
      })
      req.setHeader('content-type', 'application/json')
      req.end(JSON.stringify(QUESTION))
    })
    expect(parseStreamEvents(received).every((e) => 'current_token' in e)).toBe(true)

    await eventually(() => expect(answerer.signal?.aborted).toBe(true), { timeout: 3_000, interval: 5 })
    // At once: well within one token's pause, not at the end of the answer.
    expect(Date.now() - leftAt).toBeLessThan(500)
    expect((answerer.signal!.reason as Error).name).toBe('VisitorLeft')
    const yieldedAtAbort = answerer.tokensYielded
    // The answer is closed, so nothing more can come: and nothing came after the abort.
    await eventually(() => expect(answerer.closed).toBe(true))
    expect(answerer.tokensYielded).toBe(yieldedAtAbort)
    // The question was stored before the first token; the answer is kept as far as it got, marked
    // interrupted (never complete), and nothing else is written.
    await eventually(async () =>
      expect(await lastAnswer(t)).toMatchObject({ sender: 'CLONE', status: 'interrupted' }),
    )
    expect(await rowCounts(t)).toEqual({
      conversations: before.conversations + 1,
      messages: before.messages + 2,
    })
    // What the visitor saw begins the kept text (its [n] markers dropped: no citations were stored).
    const [firstToken] = parseStreamEvents(received).flatMap((e) =>
      'current_token' in e ? [e.current_token] : [],
    )
    const kept = (await lastAnswer(t))!.text
    expect(kept.startsWith(firstToken!.trim())).toBe(true)
    expect(kept).not.toMatch(/\[\d+\]/)
    expect(await lastQuestion(t)).toMatchObject({ sender: 'USER', text: QUESTION.text, status: 'complete' })
  })

  it('turns a failure after the first token into an error event, keeping the question and the partial answer as interrupted', async () => {
    answerer.inner = failingAnswerer
    const before = await rowCounts(t)
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/clone/talk/messages/stream',
      payload: QUESTION,
    })
    expect(res.statusCode).toBe(200)
    const events = parseStreamEvents(res.body)
    expect(events).toEqual([
      { current_token: 'Let me' },
      { current_token: ' think' },
      { error: { code: 'internal', message: ANSWER_FAILED } },
    ])
    expect(await rowCounts(t)).toEqual({
      conversations: before.conversations + 1,
      messages: before.messages + 2,
    })
    expect(await lastQuestion(t)).toMatchObject({ text: QUESTION.text, status: 'complete' })
    expect(await lastAnswer(t)).toMatchObject({ text: 'Let me think', status: 'interrupted' })
  })

  it('sends a comment heartbeat while the answer is quiet', async () => {
    answerer.inner = slowAnswerer
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/clone/talk/messages/stream',
      payload: QUESTION,
    })
    expect(res.body).toContain('\n\n: ping\n\n')
    const events = parseStreamEvents(res.body)
    expect(events.at(-1)).toHaveProperty('message.text', 'Sleep well [1].')
  })
})
