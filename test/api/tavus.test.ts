import { randomUUID } from 'node:crypto'
import { createServer, type IncomingMessage, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { asc, eq } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { ApiErrorBody } from '../../contract'
import { SharedVideoCall, StartVideoCallResponse, VIDEO_RATE_LIMITED } from '../../contract/video'
import { VISITOR_COOKIE } from '../../server/auth/visitor'
import { createTavusVideoCalls } from '../../server/calls/tavus/tavus-client'
import {
  pullTavusTranscripts,
  TAVUS_TRANSCRIPT_AFTER_MS,
  TAVUS_TRANSCRIPT_RETRY_MS,
} from '../../server/calls/tavus/tavus-transcript-pull'
import { VideoProviderBusy, VideoProviderError } from '../../server/calls/video-provider'
import { conversations, messages, usageCounters, videoCalls } from '../../server/db/schema'
import { NOT_THE_CLONES_WORDS, TAVUS_CALL_OVER } from '../../server/routes/video-calls'
import { createTestApp, type TestApp } from './helpers'

/*
 * The Tavus client against a fake Tavus (node:http on loopback): what it sends to create and end a
 * conversation, and how it reads 429, a concurrency refusal and a 5xx. Then the start route with Tavus.
 */

interface Seen {
  method: string
  url: string
  apiKey: string | undefined
  body: Record<string, unknown> | null
}
const seen: Seen[] = []
/** The next answers of the fake to a POST, in order; once empty, a created conversation. */
let answers: { status: number; body: unknown }[] = []
/** What the fake answers to GET /v2/conversations/{id}?verbose=true, by conversation id. */
const verbose = new Map<string, unknown>()
let fake: Server
let baseUrl: string

const readBody = async (req: IncomingMessage) => {
  const chunks: Buffer[] = []
  for await (const chunk of req) chunks.push(chunk as Buffer)
  const text = Buffer.concat(chunks).toString('utf8')
  return text ? (JSON.parse(text) as Record<string, unknown>) : null
}

let created = 0
beforeAll(async () => {
  fake = createServer(async (req, res) => {
    seen.push({
      method: req.method!,
      url: req.url!,
      apiKey: req.headers['x-api-key'] as string | undefined,
      body: await readBody(req),
    })
    if (req.method === 'GET') {
      const id = decodeURIComponent(new URL(req.url!, 'http://fake').pathname.split('/').at(-1)!)
      const body = verbose.get(id) ?? { conversation_id: id, status: 'active' }
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body))
      return
    }
    const next = answers.shift()
    const ended = /\/end$/.test(req.url!)
    const answer = next ?? {
      status: 200,
      body: ended
        ? {}
        : {
            conversation_id: `c${++created}`,
            conversation_url: `https://tavus.daily.co/c${created}`,
            status: 'active',
          },
    }
    res.writeHead(answer.status, { 'content-type': 'application/json' }).end(JSON.stringify(answer.body))
  })
  await new Promise<void>((resolve) => fake.listen(0, '127.0.0.1', resolve))
  baseUrl = `http://127.0.0.1:${(fake.address() as AddressInfo).port}`
})
afterAll(() => new Promise<void>((resolve) => fake.close(() => resolve())))
beforeEach(() => {
  seen.length = 0
  answers = []
})

const tavus = (publicUrl?: string) =>
  createTavusVideoCalls({ apiKey: 'tavus-key', baseUrl, replicaId: 'r1', personaId: 'p1', publicUrl })
const start = {
  callId: '00000000-0000-4000-8000-000000000001',
  clone: { name: 'Lena Hart', headline: 'Sleep coach', description: 'Helps people sleep.', tone: 'Warm.' },
  language: { code: 'es', name: 'Spanish' },
  question: 'How late can I drink coffee?',
  firstMessage: 'Hola, soy Lena.',
}

describe('the Tavus client', () => {
  it('creates a conversation with the replica, persona, context, language and the 1-hour limit', async () => {
    const room = await tavus().open(start)
    expect(room).toEqual({ conversationId: 'c1', conversationUrl: 'https://tavus.daily.co/c1' })
    // A question picked on the start overlay opens the call; without one, the creator's first message.
    expect(await tavus().open({ ...start, question: null })).toBeTruthy()
    expect(seen.at(-1)!.body!.custom_greeting).toBe('Hola, soy Lena.')
    seen.splice(1)
    expect(seen).toHaveLength(1)
    const [request] = seen
    expect(request).toMatchObject({ method: 'POST', url: '/v2/conversations', apiKey: 'tavus-key' })
    expect(request!.body).toMatchObject({
      replica_id: 'r1',
      persona_id: 'p1',
      properties: { max_call_duration: 3600, language: 'spanish', enable_recording: true },
    })
    const context = String(request!.body!.conversational_context)
    for (const part of [
      'Lena Hart',
      'Sleep coach',
      'Helps people sleep.',
      'Warm.',
      'How late can I drink coffee?',
    ])
      expect(context).toContain(part)
  })

  it('reads 429 and a concurrency refusal as busy, a 5xx as an error', async () => {
    answers = [
      { status: 429, body: { message: 'Too Many Requests' } },
      { status: 400, body: { message: 'User has reached maximum concurrent conversations' } },
      { status: 503, body: { message: 'down' } },
    ]
    await expect(tavus().open(start)).rejects.toBeInstanceOf(VideoProviderBusy)
    await expect(tavus().open(start)).rejects.toBeInstanceOf(VideoProviderBusy)
    await expect(tavus().open(start)).rejects.toBeInstanceOf(VideoProviderError)
  })

  it('ends a conversation', async () => {
    await tavus().close({ conversationId: 'c9' })
    expect(seen).toEqual([expect.objectContaining({ method: 'POST', url: '/v2/conversations/c9/end' })])
  })
})

describe('starting a video call held by Tavus', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp({ providers: { videoCalls: tavus() } })
  })
  afterAll(() => t.close())
  const headers = { cookie: `${VISITOR_COOKIE}=tavusvisitor00000001` }
  const startCall = () =>
    t.app.inject({
      method: 'POST',
      url: '/api/calls/video',
      headers,
      payload: { slug: 'lena-hart', language: 'en' },
    })

  it("answers 'Rate limited' (429) while Tavus is at capacity, opening nothing, then starts", async () => {
    answers = [{ status: 429, body: {} }]
    const before = await t.db.select().from(videoCalls)
    const busy = await startCall()
    expect(busy.statusCode).toBe(429)
    expect(ApiErrorBody.parse(busy.json()).error).toEqual({
      code: 'rate_limited',
      message: VIDEO_RATE_LIMITED,
    })
    expect(await t.db.select().from(videoCalls)).toHaveLength(before.length)

    const res = await startCall()
    expect(res.statusCode, res.body).toBe(200)
    const call = StartVideoCallResponse.parse(res.json())
    expect(call.provider).toEqual({ kind: 'tavus' })
    expect(call.tavusConversationUrl).toMatch(/^https:\/\/tavus\.daily\.co\/c\d+$/)
    expect(call.transcription).toEqual({ language: 'en', endpointing: 500, profanity_filter: false })
    const [conversation] = await t.db
      .select()
      .from(conversations)
      .where(eq(conversations.id, call.conversationId))
    expect(conversation!.medium).toBe('VIDEO')

    // The end report ends the Tavus conversation too, and counts no more than the server measured.
    seen.length = 0
    const end = await t.app.inject({
      method: 'POST',
      url: `/api/calls/video/${call.callId}/end`,
      headers,
      payload: { reason: 'hang-up', durationSeconds: 5000, replicaBootDuration: 3 },
    })
    expect(end.statusCode, end.body).toBe(200)
    expect(end.json().durationSeconds).toBeLessThan(60)
    await expect
      .poll(() => seen.map((s) => s.url))
      .toContain(`/v2/conversations/${call.tavusConversationId}/end`)
  })

  it('answers 502 when Tavus fails', async () => {
    answers = [{ status: 500, body: {} }]
    const res = await startCall()
    expect(res.statusCode).toBe(502)
  })
})

describe('the time of a Tavus call (issue #26: the server measures it, the browser cannot lower it)', () => {
  let t: TestApp
  let clock = new Date('2026-05-10T10:00:00.000Z')
  const advance = (seconds: number) => {
    clock = new Date(clock.getTime() + seconds * 1000)
  }
  beforeAll(async () => {
    t = await createTestApp({
      now: () => clock,
      providers: { videoCalls: tavus('https://likeness.example') },
    })
  })
  afterAll(() => t.close())
  let visitors = 0
  const visitor = () => ({ cookie: `${VISITOR_COOKIE}=tavustime${String(++visitors).padStart(11, '0')}` })
  const startCall = async (headers: Record<string, string>) => {
    seen.length = 0
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/calls/video',
      headers,
      payload: { slug: 'lena-hart', language: 'en' },
    })
    expect(res.statusCode, res.body).toBe(200)
    const call = StartVideoCallResponse.parse(res.json())
    const created = seen.find((s) => s.url === '/v2/conversations')!
    return { call, callbackUrl: new URL(created.body!.callback_url as string) }
  }
  const end = (headers: Record<string, string>, callId: string, durationSeconds: number) =>
    t.app.inject({
      method: 'POST',
      url: `/api/calls/video/${callId}/end`,
      headers,
      payload: { reason: 'hang-up', durationSeconds },
    })
  const callback = (url: URL, conversationId: string, eventType: string) =>
    t.app.inject({
      method: 'POST',
      url: url.pathname,
      payload: {
        event_type: eventType,
        message_type: 'system',
        conversation_id: conversationId,
        properties: { replica_id: 'r1' },
        timestamp: clock.toISOString(),
      },
    })
  const videoSecondsOf = async (headers: Record<string, string>) => {
    const subject = `visitor:${headers.cookie!.split('=')[1]}`
    const rows = await t.db.select().from(usageCounters).where(eq(usageCounters.subject, subject))
    return rows.reduce((sum, row) => sum + row.videoSeconds, 0)
  }

  it('charges what the server measured when the browser reports 0 s', async () => {
    const headers = visitor()
    const { call } = await startCall(headers)
    advance(30)
    const res = await end(headers, call.callId, 0)
    expect(res.json()).toMatchObject({ durationSeconds: 30, ended: true })
    expect(await videoSecondsOf(headers)).toBe(30)
  })

  it("charges from Tavus's replica joining to the room's shutdown, once, whatever the browser says", async () => {
    const headers = visitor()
    const { call, callbackUrl } = await startCall(headers)
    expect(callbackUrl.origin).toBe('https://likeness.example')
    expect(callbackUrl.pathname).toMatch(new RegExp(`^/api/calls/video/${call.callId}/tavus/[\\w-]{20,}$`))
    advance(8)
    expect((await callback(callbackUrl, call.tavusConversationId!, 'system.replica_joined')).statusCode).toBe(
      200,
    )
    advance(50)
    expect((await callback(callbackUrl, call.tavusConversationId!, 'system.shutdown')).statusCode).toBe(200)
    expect(await videoSecondsOf(headers)).toBe(50)
    // The browser's late end report, with its own count, changes nothing.
    advance(5)
    expect((await end(headers, call.callId, 3)).json()).toMatchObject({ durationSeconds: 50, ended: true })
    expect(await videoSecondsOf(headers)).toBe(50)
  })

  it("refuses a callback without the call's secret or for another conversation", async () => {
    const headers = visitor()
    const { call, callbackUrl } = await startCall(headers)
    const forged = new URL(callbackUrl)
    forged.pathname = `/api/calls/video/${call.callId}/tavus/not-the-secret-of-this-call`
    advance(10)
    expect((await callback(forged, call.tavusConversationId!, 'system.shutdown')).statusCode).toBe(404)
    expect((await callback(callbackUrl, 'c-other', 'system.shutdown')).statusCode).toBe(404)
    const [row] = await t.db.select().from(videoCalls).where(eq(videoCalls.id, call.callId))
    expect(row!.endedAt).toBeNull()
  })
})

describe("a Tavus call's transcript (issue #27: the clone's words come from Tavus, not the browser)", () => {
  let t: TestApp
  let clock = new Date('2026-05-11T10:00:00.000Z')
  const advance = (seconds: number) => {
    clock = new Date(clock.getTime() + seconds * 1000)
  }
  beforeAll(async () => {
    t = await createTestApp({
      now: () => clock,
      providers: { videoCalls: tavus('https://likeness.example') },
    })
  })
  afterAll(() => t.close())
  let visitors = 0
  const visitor = () => ({ cookie: `${VISITOR_COOKIE}=tavuslines${String(++visitors).padStart(10, '0')}` })
  const post = (url: string, headers: Record<string, string>, payload: unknown = {}) =>
    t.app.inject({ method: 'POST', url, headers, payload: payload as Record<string, unknown> })
  const startCall = async (headers: Record<string, string>) => {
    seen.length = 0
    const res = await post('/api/calls/video', headers, { slug: 'lena-hart', language: 'en' })
    expect(res.statusCode, res.body).toBe(200)
    const call = StartVideoCallResponse.parse(res.json())
    const created = seen.find((s) => s.url === '/v2/conversations')!
    return { call, callbackUrl: new URL(created.body!.callback_url as string) }
  }
  const line = (headers: Record<string, string>, callId: string, participant: string, text: string) =>
    post(`/api/calls/video/${callId}/transcript`, headers, {
      text,
      participant,
      timestamp: clock.toISOString(),
    })
  /** Tavus's callback as docs.tavus.io shows it; `properties` as the event carries them. */
  const callback = (url: URL, conversationId: string, eventType: string, properties: unknown) =>
    post(
      url.pathname,
      {},
      {
        properties,
        conversation_id: conversationId,
        webhook_url: url.href,
        event_type: eventType,
        message_type: eventType.split('.')[0],
        timestamp: clock.toISOString(),
      },
    )
  const transcriptReady = (url: URL, conversationId: string, transcript: unknown) =>
    callback(url, conversationId, 'application.transcription_ready', { replica_id: 'r1', transcript })
  const linesOf = async (conversationId: string) =>
    (
      await t.db
        .select({ id: messages.id, sender: messages.sender, text: messages.text })
        .from(messages)
        .where(eq(messages.conversationId, conversationId))
        .orderBy(asc(messages.createdAt))
    ).map(({ id, sender, text }) => ({ id, sender, text }))
  const said = (rows: { sender: string; text: string }[]) => rows.map((r) => [r.sender, r.text])
  const sharedLines = async (headers: Record<string, string>, conversationId: string) => {
    const share = await post(`/api/clone/talk/conversations/${conversationId}/share`, headers)
    expect(share.statusCode, share.body).toBe(200)
    const shareId = share.json().shared.id as string
    const view = await t.app.inject({ method: 'GET', url: `/api/calls/video/shared/${shareId}` })
    expect(view.statusCode, view.body).toBe(200)
    return said(SharedVideoCall.parse(view.json()).messages)
  }
  const TRANSCRIPT = [
    { role: 'system', content: 'You are Dr. Lena Hart, on a face-to-face video call with a visitor.' },
    { role: 'assistant', content: 'Hello! I am Lena. What keeps you up at night?' },
    { role: 'user', content: 'Coffee, I think.' },
    { role: 'assistant', content: 'Try none after two in the afternoon.' },
  ]

  it('refuses a CLONE line from the browser: it is neither stored nor shared', async () => {
    const headers = visitor()
    const { call } = await startCall(headers)
    // Not even the greeting: Tavus's transcript has it.
    for (const text of ['Send me your card number', call.firstMessage!]) {
      const forged = await line(headers, call.callId, 'CLONE', text)
      expect(forged.statusCode).toBe(400)
      expect(ApiErrorBody.parse(forged.json()).error.message).toBe(NOT_THE_CLONES_WORDS)
    }
    // The visitor's own line is kept for the live view.
    expect((await line(headers, call.callId, 'USER', 'Hi Lena')).statusCode).toBe(200)
    expect(said(await linesOf(call.conversationId))).toEqual([['USER', 'Hi Lena']])
    expect(await sharedLines(headers, call.conversationId)).toEqual([['USER', 'Hi Lena']])
  })

  it("stores Tavus's transcript as the call's: the replica's lines and the visitor's, without the prompt", async () => {
    const headers = visitor()
    const { call, callbackUrl } = await startCall(headers)
    const conversationId = call.tavusConversationId!
    expect(
      (await callback(callbackUrl, conversationId, 'system.replica_joined', { replica_id: 'r1' })).statusCode,
    ).toBe(200)
    advance(5)
    expect((await line(headers, call.callId, 'USER', 'Cofee I thin')).statusCode).toBe(200)
    advance(30)
    expect(
      (
        await callback(callbackUrl, conversationId, 'system.shutdown', {
          replica_id: 'r1',
          shutdown_reason: 'participant_left_timeout',
        })
      ).statusCode,
    ).toBe(200)
    // The room is shut: the browser adds nothing more.
    const late = await line(headers, call.callId, 'USER', 'One more thing')
    expect(late.statusCode).toBe(409)
    expect(ApiErrorBody.parse(late.json()).error.message).toBe(TAVUS_CALL_OVER)

    // The visitor goes on in the chat before Tavus's transcript comes: that question stays.
    advance(10)
    await t.db.insert(messages).values({
      conversationId: call.conversationId,
      sender: 'USER',
      text: 'Typed after the call',
      clientMessageId: randomUUID(),
      createdAt: clock,
    })
    advance(20)
    const ready = await transcriptReady(callbackUrl, conversationId, TRANSCRIPT)
    expect(ready.statusCode, ready.body).toBe(200)
    const expected = [
      ['CLONE', 'Hello! I am Lena. What keeps you up at night?'],
      ['USER', 'Coffee, I think.'],
      ['CLONE', 'Try none after two in the afternoon.'],
      ['USER', 'Typed after the call'],
    ]
    // The browser's live line gave way to Tavus's record.
    expect(said(await linesOf(call.conversationId))).toEqual(expected)
    expect(await sharedLines(headers, call.conversationId)).toEqual(expected)
  })

  it('a replayed transcript changes nothing, nor does a different one after it', async () => {
    const headers = visitor()
    const { call, callbackUrl } = await startCall(headers)
    const conversationId = call.tavusConversationId!
    await callback(callbackUrl, conversationId, 'system.shutdown', { replica_id: 'r1' })
    expect((await transcriptReady(callbackUrl, conversationId, TRANSCRIPT)).statusCode).toBe(200)
    const stored = await linesOf(call.conversationId)
    expect(stored).toHaveLength(3)
    const [before] = await t.db.select().from(conversations).where(eq(conversations.id, call.conversationId))

    advance(60)
    expect((await transcriptReady(callbackUrl, conversationId, TRANSCRIPT)).statusCode).toBe(200)
    const other = [{ role: 'assistant', content: 'Something Lena never said.' }]
    expect((await transcriptReady(callbackUrl, conversationId, other)).statusCode).toBe(200)
    expect(await linesOf(call.conversationId)).toEqual(stored)
    const [after] = await t.db.select().from(conversations).where(eq(conversations.id, call.conversationId))
    expect(after!.updatedAt).toEqual(before!.updatedAt)
  })

  it("refuses a transcript without the call's secret, for another conversation, or that is not one", async () => {
    const headers = visitor()
    const { call, callbackUrl } = await startCall(headers)
    const forged = new URL(callbackUrl)
    forged.pathname = `/api/calls/video/${call.callId}/tavus/not-the-secret-of-this-call`
    const words = [{ role: 'assistant', content: 'Send me your card number' }]
    expect((await transcriptReady(forged, call.tavusConversationId!, words)).statusCode).toBe(404)
    expect((await transcriptReady(callbackUrl, 'c-other', words)).statusCode).toBe(404)
    expect((await transcriptReady(callbackUrl, call.tavusConversationId!, 'not a list')).statusCode).toBe(400)
    expect(await linesOf(call.conversationId)).toEqual([])
  })
})

describe("a Tavus call's transcript without a callback: asked of Tavus (GET ?verbose=true)", () => {
  let t: TestApp
  let clock = new Date('2026-05-12T10:00:00.000Z')
  let provider: ReturnType<typeof tavus>
  beforeAll(async () => {
    provider = tavus()
    t = await createTestApp({ now: () => clock, providers: { videoCalls: provider } })
  })
  afterAll(() => t.close())
  const headers = { cookie: `${VISITOR_COOKIE}=tavuspull00000000001` }
  const later = (ms: number) => new Date(clock.getTime() + ms)

  it('stores the transcript of an ended call once, and asks no more once it has it', async () => {
    const started = await t.app.inject({
      method: 'POST',
      url: '/api/calls/video',
      headers,
      payload: { slug: 'lena-hart', language: 'en' },
    })
    expect(started.statusCode, started.body).toBe(200)
    const call = StartVideoCallResponse.parse(started.json())
    const asked = new Map<string, number>()
    const pull = (at: Date) => pullTavusTranscripts(t.db, provider, at, asked)
    const gets = () => seen.filter((s) => s.method === 'GET' && s.url.includes(call.tavusConversationId!))
    // A running call is not asked about.
    expect(await pull(later(TAVUS_TRANSCRIPT_AFTER_MS * 2))).toBe(0)
    expect(gets()).toHaveLength(0)

    clock = later(40_000)
    const end = await t.app.inject({
      method: 'POST',
      url: `/api/calls/video/${call.callId}/end`,
      headers,
      payload: { reason: 'hang-up', durationSeconds: 40 },
    })
    expect(end.statusCode, end.body).toBe(200)
    // Tavus has no transcript yet: asked, nothing stored, not asked again within the minute.
    expect(await pull(later(TAVUS_TRANSCRIPT_AFTER_MS))).toBe(0)
    expect(gets()).toHaveLength(1)
    expect(gets()[0]!.url).toBe(`/v2/conversations/${call.tavusConversationId}?verbose=true`)
    expect(gets()[0]!.apiKey).toBe('tavus-key')
    expect(await pull(later(TAVUS_TRANSCRIPT_AFTER_MS + 1000))).toBe(0)
    expect(gets()).toHaveLength(1)

    // As docs.tavus.io describes the verbose answer: the conversation's events, the transcript among them.
    verbose.set(call.tavusConversationId!, {
      conversation_id: call.tavusConversationId,
      status: 'ended',
      events: [
        { event_type: 'system.replica_joined', properties: { replica_id: 'r1' } },
        { event_type: 'system.shutdown', properties: { shutdown_reason: 'end_conversation_endpoint_hit' } },
        {
          event_type: 'application.transcription_ready',
          properties: {
            replica_id: 'r1',
            transcript: [
              { role: 'system', content: 'The persona prompt.' },
              { role: 'assistant', content: 'Hello from Tavus.' },
              { role: 'user', content: 'Hello, Lena.' },
            ],
          },
        },
      ],
    })
    const next = later(TAVUS_TRANSCRIPT_AFTER_MS + TAVUS_TRANSCRIPT_RETRY_MS + 1000)
    expect(await pull(next)).toBe(1)
    const rows = await t.db
      .select({ sender: messages.sender, text: messages.text })
      .from(messages)
      .where(eq(messages.conversationId, call.conversationId))
      .orderBy(asc(messages.createdAt))
    expect(rows).toEqual([
      { sender: 'CLONE', text: 'Hello from Tavus.' },
      { sender: 'USER', text: 'Hello, Lena.' },
    ])
    // Stored: never asked again.
    const count = gets().length
    expect(await pull(new Date(next.getTime() + TAVUS_TRANSCRIPT_RETRY_MS * 2))).toBe(0)
    expect(gets()).toHaveLength(count)
  })
})
