import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { and, asc, eq } from 'drizzle-orm'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { StartVoiceCallResponse } from '../../contract/calls'
import { periodStartOf } from '../../server/billing/quota'
import { callSecret, vapiKeysOf } from '../../server/calls/vapi/vapi-secrets'
import { endInactiveCalls, openVoiceCall, VAPI_REPORT_GRACE_MS } from '../../server/calls/voice-call-store'
import { clones, conversations, messages, usageCounters, voiceCalls } from '../../server/db/schema'
import { createProviders } from '../../server/providers'
import { createTestApp, type TestApp } from './helpers'

/*
 * Vapi's calls back into us (spec 2 §7): the custom-LLM endpoint answers from the clone brain as OpenAI
 * chunks, and the end-of-call report counts the call's seconds once. Vapi's API (GET /call/{id}) is a fake
 * on loopback (conventions #13).
 */

const PRIVATE_KEY = 'vapi-private-test-key'
const vapiCalls = new Map<string, Record<string, unknown>>()
let fakeVapi: Server
let vapiUrl = ''
let t: TestApp

beforeAll(async () => {
  fakeVapi = createServer((req, res) => {
    const id = decodeURIComponent(req.url?.match(/^\/call\/(.+)$/)?.[1] ?? '')
    const call = vapiCalls.get(id)
    if (req.headers.authorization !== `Bearer ${PRIVATE_KEY}`) res.writeHead(401).end('{}')
    else if (req.method !== 'GET' || !call) res.writeHead(404).end('{}')
    else res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(call))
  })
  await new Promise<void>((resolve) => fakeVapi.listen(0, '127.0.0.1', resolve))
  vapiUrl = `http://127.0.0.1:${(fakeVapi.address() as AddressInfo).port}`
})
afterAll(() => new Promise<void>((resolve) => fakeVapi.close(() => resolve())))

beforeEach(async () => {
  vapiCalls.clear()
  t = await createTestApp({
    env: {
      PUBLIC_URL: 'https://likeness.example',
      VAPI_PUBLIC_KEY: 'vapi-public-test-key',
      VAPI_PRIVATE_KEY: PRIVATE_KEY,
      VAPI_API_BASE_URL: vapiUrl,
    },
  })
})
afterEach(() => t.close())

async function openCall(startedAt = new Date(Date.now() - 90_000)) {
  const [clone] = await t.db.select().from(clones).where(eq(clones.slug, 'lena-hart'))
  const call = await openVoiceCall(t.db, {
    cloneId: clone!.id,
    instanceId: null,
    userId: null,
    visitorId: 'visitor-vapi',
    ledger: { subject: 'visitor:visitor-vapi', periodStart: periodStartOf(startedAt), scope: null },
    language: 'en',
    provider: 'vapi',
    startedAt,
  })
  const binding = { callId: call.id, conversationId: call.conversationId, cloneSlug: 'lena-hart' }
  const keys = vapiKeysOf(t.config)!
  return {
    call,
    metadata: { ...binding, medium: 'BROWSER_VOICE' },
    llmSecret: callSecret(keys.llmSecret, binding),
    webhookSecret: callSecret(keys.webhookSecret, binding),
  }
}

const ask = (body: object, secret: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/interactions/vapi/chat/completions',
    headers: { 'x-vapi-secret': secret },
    payload: body,
  })

const chunksOf = (body: string) =>
  body
    .split('\n\n')
    .filter((line) => line.startsWith('data: '))
    .map((line) => line.slice(6))

describe('POST /api/interactions/vapi/chat/completions', () => {
  it('streams the clone brain answer as OpenAI chunks and stores the exchange in the call', async () => {
    const { call, metadata, llmSecret } = await openCall()
    const res = await ask(
      {
        model: 'lena-hart',
        stream: true,
        messages: [
          { role: 'system', content: 'ignored' },
          { role: 'assistant', content: 'Hi, I am Lena.' },
          { role: 'user', content: 'How do I sleep better?' },
        ],
        metadata,
        call: { id: 'vapi-call-1' },
      },
      llmSecret,
    )
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toContain('text/event-stream')
    const chunks = chunksOf(res.body)
    expect(chunks.at(-1)).toBe('[DONE]')
    const parsed = chunks.slice(0, -1).map((c) => JSON.parse(c))
    for (const chunk of parsed) expect(chunk.object).toBe('chat.completion.chunk')
    const last = parsed.at(-1)
    expect(last.choices[0]).toMatchObject({ index: 0, finish_reason: 'stop' })
    const spoken = parsed
      .slice(0, -1)
      .map((c) => {
        expect(c.choices[0].finish_reason).toBeNull()
        return c.choices[0].delta.content as string
      })
      .join('')
    expect(spoken.length).toBeGreaterThan(20)
    // Citation markers are for the screen, never read aloud.
    expect(spoken).not.toMatch(/\[\d+\]/)

    const stored = await t.db
      .select()
      .from(messages)
      .where(eq(messages.conversationId, call.conversationId))
      .orderBy(asc(messages.createdAt))
    expect(stored.map((m) => [m.sender, m.status])).toEqual([
      ['USER', 'complete'],
      ['CLONE', 'complete'],
    ])
    expect(stored[0]!.text).toBe('How do I sleep better?')
    // The stored answer keeps its markers; what was spoken is the same text without them (the space before a
    // marker is spoken: spoken-text.ts).
    expect(stored[1]!.text.replace(/\[\d+\]/g, '')).toBe(spoken)
  })

  it('says the creator’s pronunciations in the streamed answer; the stored answer keeps the words', async () => {
    const { call, metadata, llmSecret } = await openCall()
    await t.db
      .update(clones)
      .set({
        voiceSettings: {
          provider: 'cartesia',
          pronunciations: [{ word: 'sleep', kind: 'respelling', say: 'schlaap' }],
          firstMessages: {},
        },
      })
      .where(eq(clones.slug, 'lena-hart'))
    const res = await ask(
      { stream: true, messages: [{ role: 'user', content: 'How do I sleep better?' }], metadata },
      llmSecret,
    )
    const spoken = chunksOf(res.body)
      .slice(0, -1)
      .map((c) => (JSON.parse(c).choices[0].delta.content as string | undefined) ?? '')
      .join('')
    const [, answer] = await t.db
      .select()
      .from(messages)
      .where(eq(messages.conversationId, call.conversationId))
      .orderBy(asc(messages.createdAt))
    expect(answer!.text).toMatch(/\bsleep\b/i)
    expect(spoken).not.toMatch(/\bsleep\b/i)
    expect(spoken).toContain('schlaap')
  })

  it('answers a request without stream as one chat.completion', async () => {
    const { metadata, llmSecret } = await openCall()
    const res = await ask({ messages: [{ role: 'user', content: 'Hello!' }], metadata }, llmSecret)
    expect(res.statusCode).toBe(200)
    const body = res.json()
    expect(body.object).toBe('chat.completion')
    expect(body.choices[0].message.role).toBe('assistant')
    expect(body.choices[0].message.content.length).toBeGreaterThan(0)
    expect(body.choices[0].finish_reason).toBe('stop')
  })

  it('answers no more turns once the call has ended, and stores none (issue #27)', async () => {
    const { call, metadata, llmSecret } = await openCall()
    await t.db.update(voiceCalls).set({ endedAt: new Date() }).where(eq(voiceCalls.id, call.id))
    const res = await ask({ messages: [{ role: 'user', content: 'One more thing?' }], metadata }, llmSecret)
    expect(res.statusCode).toBe(409)
    expect(res.json().error.message).toBe('This call has ended')
    const stored = await t.db.select().from(messages).where(eq(messages.conversationId, call.conversationId))
    expect(stored).toEqual([])
  })

  it('refuses a wrong or missing secret, and another call’s secret', async () => {
    const { metadata, llmSecret } = await openCall()
    const other = await openCall()
    const body = { stream: true, messages: [{ role: 'user', content: 'Hi' }], metadata }
    expect((await ask(body, 'wrong')).statusCode).toBe(401)
    expect((await ask(body, other.llmSecret)).statusCode).toBe(401)
    const none = await t.app.inject({
      method: 'POST',
      url: '/api/interactions/vapi/chat/completions',
      payload: body,
    })
    expect(none.statusCode).toBe(401)
    // The secret binds the conversation: it cannot write into another one.
    const moved = { ...body, metadata: { ...metadata, conversationId: other.call.conversationId } }
    expect((await ask(moved, llmSecret)).statusCode).toBe(401)
  })
})

const report = (metadata: object, secret: string, vapiCallId: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/vapi/webhook',
    headers: { 'x-vapi-secret': secret },
    payload: {
      message: {
        type: 'end-of-call-report',
        endedReason: 'customer-ended-call',
        durationSeconds: 9999,
        call: { id: vapiCallId, type: 'webCall' },
        assistant: { metadata },
        // What the report's body says is not what is kept: Vapi's own record is (below).
        artifact: {
          recordingUrl: 'https://attacker.example/rec.wav',
          transcript: 'AI: Send me your card number',
          messages: [{ role: 'bot', message: 'Send me your card number', secondsFromStart: 0.5 }],
        },
      },
    },
  })

/** The artifact of a call as Vapi's API keeps it (GET /call/{id}). */
const VAPI_ARTIFACT = {
  recordingUrl: 'https://storage.vapi.ai/rec-1.wav',
  transcript: 'AI: Hi\nUser: Hello',
  messages: [
    { role: 'system', message: 'prompt', secondsFromStart: 0 },
    { role: 'bot', message: 'Hi, I am Lena.', secondsFromStart: 0.5 },
    { role: 'user', message: 'Hello', secondsFromStart: 3.2 },
  ],
}

async function voiceSecondsUsed() {
  const rows = await t.db
    .select()
    .from(usageCounters)
    .where(eq(usageCounters.subject, 'visitor:visitor-vapi'))
  return rows.reduce((sum, r) => sum + r.voiceSeconds, 0)
}

describe('POST /api/vapi/webhook', () => {
  it('counts the call’s seconds once, from Vapi’s own record, however often the report comes, and keeps its recording and transcript from that record', async () => {
    const { call, metadata, webhookSecret } = await openCall()
    vapiCalls.set('vapi-call-7', {
      id: 'vapi-call-7',
      startedAt: '2026-01-01T10:00:00.000Z',
      endedAt: '2026-01-01T10:01:15.400Z',
      assistant: { metadata },
      artifact: VAPI_ARTIFACT,
    })
    const answers = await Promise.all([
      report(metadata, webhookSecret, 'vapi-call-7'),
      report(metadata, webhookSecret, 'vapi-call-7'),
    ])
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200])
    expect(answers.map((a) => a.json().charged).sort()).toEqual([false, true])
    const again = await report(metadata, webhookSecret, 'vapi-call-7')
    expect(again.json()).toMatchObject({ charged: false, durationSeconds: 76 })
    expect(await voiceSecondsUsed()).toBe(76)

    const [row] = await t.db.select().from(voiceCalls).where(eq(voiceCalls.id, call.id))
    expect(row).toMatchObject({
      durationSeconds: 76,
      providerCallId: 'vapi-call-7',
      endReason: 'provider-ended',
    })
    expect(row!.transcript).toEqual([
      { role: 'CLONE', text: 'Hi, I am Lena.', at: 0.5 },
      { role: 'USER', text: 'Hello', at: 3.2 },
    ])
    const [conversation] = await t.db
      .select()
      .from(conversations)
      .where(and(eq(conversations.id, call.conversationId)))
    expect(conversation!.recordingUrl).toBe('https://storage.vapi.ai/rec-1.wav')
  })

  it('refuses a wrong secret, and a report Vapi does not confirm', async () => {
    const { metadata, webhookSecret } = await openCall()
    expect((await report(metadata, 'wrong', 'vapi-call-8')).statusCode).toBe(401)
    // Vapi knows no such call: nothing is counted.
    expect((await report(metadata, webhookSecret, 'vapi-call-8')).statusCode).toBe(502)
    vapiCalls.set('vapi-call-9', { id: 'vapi-call-9', assistant: { metadata: { callId: 'someone-else' } } })
    expect((await report(metadata, webhookSecret, 'vapi-call-9')).statusCode).toBe(403)
    expect(await voiceSecondsUsed()).toBe(0)
  })

  it('answers other messages with 200 and ignores them', async () => {
    const { metadata, webhookSecret } = await openCall()
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/vapi/webhook',
      headers: { 'x-vapi-secret': webhookSecret },
      payload: { message: { type: 'status-update', status: 'in-progress', assistant: { metadata } } },
    })
    expect(res.statusCode).toBe(200)
    expect(await voiceSecondsUsed()).toBe(0)
  })
})

describe('POST /api/calls/voice with Vapi configured', () => {
  it('opens the call and gives the browser the public key and the assistant for it', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/calls/voice',
      payload: { slug: 'lena-hart', userPreferredLanguage: 'fr' },
    })
    expect(res.statusCode).toBe(200)
    const body = StartVoiceCallResponse.parse(res.json())
    if (body.provider.kind !== 'vapi') throw new Error(`held by ${body.provider.kind}`)
    expect(body.provider.publicKey).toBe('vapi-public-test-key')
    // biome-ignore lint/suspicious/noExplicitAny: the test reads deep into the assistant's plain JSON
    const assistant = body.provider.assistant as Record<string, any>
    expect(assistant.metadata).toMatchObject({
      callId: body.callId,
      conversationId: body.conversationId,
      cloneSlug: 'lena-hart',
      medium: 'BROWSER_VOICE',
    })
    expect(assistant.transcriber).toEqual({ provider: 'deepgram', model: 'nova-2', language: 'fr' })
    // The secrets it carries are this call's: they open our endpoints for it.
    const asked = await ask(
      { messages: [{ role: 'user', content: 'Bonjour' }], metadata: assistant.metadata },
      assistant.model.headers['x-vapi-secret'],
    )
    expect(asked.statusCode).toBe(200)
  })
})

describe('the vapi voice-call provider', () => {
  it('gives the browser the public key and the assistant', async () => {
    const providers = createProviders(t.config, {}, { db: t.db })
    expect(providers.voiceCalls.kind).toBe('vapi')
    const { call } = await openCall()
    const provider = await providers.voiceCalls.providerFor({
      callId: call.id,
      conversationId: call.conversationId,
      clone: {
        id: call.cloneId,
        slug: 'lena-hart',
        name: 'Lena Hart',
        language: 'English',
        voiceId: 'lena-voice',
        voiceModel: null,
        voiceSettings: {},
        wordPhonemeMapping: {},
      },
      language: 'en',
      userId: null,
      relationshipId: null,
      instanceId: null,
      locationId: null,
      initialMessage: 'Hi',
    })
    const parsed = StartVoiceCallResponse.shape.provider.parse(provider)
    expect(parsed).toMatchObject({ kind: 'vapi', publicKey: 'vapi-public-test-key' })
    if (parsed.kind !== 'vapi') throw new Error('not vapi')
    expect(parsed.assistant.model).toMatchObject({ url: 'https://likeness.example/api/interactions/vapi' })
    expect(parsed.assistant.server).toMatchObject({ url: 'https://likeness.example/api/vapi/webhook' })
  })
})

describe('the inactivity sweeper and Vapi calls', () => {
  it('leaves a Vapi call (which sends no heartbeats) to its end-of-call report, ending it only past the grace', async () => {
    const startedAt = new Date(Date.now() - 90_000)
    const { call } = await openCall(startedAt)
    // A local call silent this long would be ended; a Vapi call waits for Vapi's report and duration.
    expect(await endInactiveCalls(t.db, new Date())).toBe(0)
    const [open] = await t.db.select().from(voiceCalls).where(eq(voiceCalls.id, call.id))
    expect(open!.endedAt).toBeNull()
    // No report ever came: ended at its last sign of life, not charged for time nobody saw.
    await endInactiveCalls(t.db, new Date(startedAt.getTime() + VAPI_REPORT_GRACE_MS + 1000))
    const [ended] = await t.db.select().from(voiceCalls).where(eq(voiceCalls.id, call.id))
    expect(ended!.endReason).toBe('inactivity')
    expect(ended!.durationSeconds).toBe(0)
  })
})
