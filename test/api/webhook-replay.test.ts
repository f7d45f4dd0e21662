import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { GreetResponse } from '../../contract/embed'
import { StartVideoCallResponse } from '../../contract/video'
import { VISITOR_COOKIE } from '../../server/auth/visitor'
import { periodStartOf } from '../../server/billing/quota'
import { stripeSignature } from '../../server/billing/stripe'
import { createTavusVideoCalls } from '../../server/calls/tavus/tavus-client'
import { callSecret, vapiKeysOf } from '../../server/calls/vapi/vapi-secrets'
import { openVoiceCall } from '../../server/calls/voice-call-store'
import {
  checkoutSessions,
  clones,
  conversations,
  memberships,
  messages,
  subscriptions,
  usageCounters,
  users,
  videoCalls,
  voiceCalls,
} from '../../server/db/schema'
import { twilioSignature } from '../../server/texting/twilio'
import { createTestApp, type TestApp, userWithSession } from './helpers'
import { type FakeApi, startFakeApi } from './texting-helpers'

/*
 * Webhook replays (issue #27 part 1): each provider's validly signed event, sent again (and, where the
 * signature carries a time, sent late), changes nothing: no second text, no second charge or credit, no second
 * membership period, no second call end. Each provider's API is a fake on loopback.
 */

const PUBLIC_URL = 'https://likeness.example'

async function lenaHart(t: TestApp) {
  const [clone] = await t.db.select().from(clones).where(eq(clones.slug, 'lena-hart'))
  return clone!
}

describe('Twilio and Telegram: an incoming text delivered again', () => {
  const AUTH_TOKEN = 'twilio-auth-token-replay'
  const TELEGRAM_SECRET = 'telegram-secret-replay-0123'
  let twilio: FakeApi
  let telegram: FakeApi
  let t: TestApp
  beforeAll(async () => {
    twilio = await startFakeApi(() => ({ status: 201, body: { sid: 'SM1', status: 'queued' } }))
    telegram = await startFakeApi(() => ({ status: 200, body: { ok: true, result: {} } }))
    t = await createTestApp({
      env: {
        PUBLIC_URL,
        TWILIO_ACCOUNT_SID: 'AC0001',
        TWILIO_AUTH_TOKEN: AUTH_TOKEN,
        TWILIO_SMS_FROM: '+15005550006',
        TWILIO_API_URL: twilio.baseUrl,
        TELEGRAM_BOT_TOKEN: '123:bot-token',
        TELEGRAM_BOT_USERNAME: 'LikenessReplayBot',
        TELEGRAM_WEBHOOK_SECRET: TELEGRAM_SECRET,
        TELEGRAM_API_URL: telegram.baseUrl,
      },
    })
    await t.db.update(clones).set({ telegramEnabled: true }).where(eq(clones.slug, 'lena-hart'))
  })
  afterAll(async () => {
    await t.close()
    await twilio.close()
    await telegram.close()
  })

  const twilioTexts = () => twilio.seen.map((r) => Object.fromEntries(new URLSearchParams(r.body)))
  const telegramTexts = () =>
    telegram.seen.map((r) => JSON.parse(r.body) as { chat_id: string; text: string })

  /** Twilio's signed POST of one incoming message; the same fields make the same request, signature included. */
  const twilioWebhook = (fields: { From: string; Body: string; MessageSid: string }) => {
    const params: [string, string][] = Object.entries({ AccountSid: 'AC0001', To: '+15005550006', ...fields })
    return t.app.inject({
      method: 'POST',
      url: '/api/texting/twilio/webhook',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        'x-twilio-signature': twilioSignature(AUTH_TOKEN, `${PUBLIC_URL}/api/texting/twilio/webhook`, params),
      },
      payload: new URLSearchParams(params).toString(),
    })
  }
  const telegramWebhook = (updateId: number, chatId: number, text: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/texting/telegram/webhook',
      headers: { 'x-telegram-bot-api-secret-token': TELEGRAM_SECRET },
      payload: {
        update_id: updateId,
        message: {
          message_id: updateId,
          chat: { id: chatId, type: 'private' },
          from: { username: 'x' },
          text,
        },
      },
    })

  async function member(email: string, fields: { phoneNumber?: string; telegramUsername?: string }) {
    const session = await userWithSession(t.db, email)
    await t.db
      .update(users)
      .set({ name: 'Ada', ...fields })
      .where(eq(users.id, session.id))
    return session
  }
  const greet = (cookie: string, payload: object) =>
    t.app.inject({ method: 'POST', url: '/api/greet', headers: { cookie }, payload })
  async function messagesUsed(userId: string) {
    const clone = await lenaHart(t)
    const rows = await t.db
      .select()
      .from(usageCounters)
      .where(and(eq(usageCounters.cloneId, clone.id), eq(usageCounters.subject, `user:${userId}`)))
    return rows.reduce((sum, r) => sum + r.messages, 0)
  }
  const messagesOf = async (userId: string) =>
    (
      await t.db
        .select({ sender: messages.sender })
        .from(messages)
        .innerJoin(conversations, eq(conversations.id, messages.conversationId))
        .where(eq(conversations.userId, userId))
    ).length

  it('Twilio: an answered SMS sent again is neither answered nor counted again', async () => {
    const ada = await member('replay-sms@likeness.test', { phoneNumber: '+14155550401' })
    await greet(ada.cookie, { medium: 'SMS', slug: 'lena-hart', phoneNumber: '+14155550401' })
    twilio.seen.length = 0
    const text = { From: '+14155550401', Body: 'What is a good bedtime?', MessageSid: 'SMreplay1' }
    expect((await twilioWebhook(text)).statusCode).toBe(200)
    const stored = await messagesOf(ada.id)
    expect(twilioTexts()).toHaveLength(1)

    const replay = await twilioWebhook(text)
    expect(replay.statusCode).toBe(200)
    expect(twilioTexts()).toHaveLength(1)
    expect(await messagesUsed(ada.id)).toBe(1)
    expect(await messagesOf(ada.id)).toBe(stored)
  })

  it('Twilio: an SMS answered "out of messages" sent again texts nothing more', async () => {
    const bo = await member('replay-sms-quota@likeness.test', { phoneNumber: '+14155550402' })
    await greet(bo.cookie, { medium: 'SMS', slug: 'lena-hart', phoneNumber: '+14155550402' })
    const clone = await lenaHart(t)
    await t.db.insert(usageCounters).values({
      cloneId: clone.id,
      subject: `user:${bo.id}`,
      periodStart: periodStartOf(new Date()),
      messages: clone.anonymousQuota.messages,
    })
    twilio.seen.length = 0
    const text = { From: '+14155550402', Body: 'One more?', MessageSid: 'SMreplay2' }
    await twilioWebhook(text)
    expect(twilioTexts()).toHaveLength(1)
    await twilioWebhook(text)
    await twilioWebhook(text)
    expect(twilioTexts(), 'a replayed request must not text the number again').toHaveLength(1)
  })

  it('Telegram: an update delivered again is answered once, a stranger told once, a start token spent once', async () => {
    const cy = await member('replay-tg@likeness.test', { telegramUsername: 'cy_tg' })
    const greeted = GreetResponse.parse(
      (await greet(cy.cookie, { medium: 'TELEGRAM', slug: 'lena-hart', telegramUsername: 'cy_tg' })).json(),
    )
    const token = new URL(greeted.link!).searchParams.get('start')!
    telegram.seen.length = 0
    await telegramWebhook(9001, 7001, `/start ${token}`)
    await telegramWebhook(9001, 7001, `/start ${token}`)
    expect(telegramTexts(), 'one greeting').toHaveLength(1)

    telegram.seen.length = 0
    await telegramWebhook(9002, 7001, 'How do I sleep better?')
    const stored = await messagesOf(cy.id)
    await telegramWebhook(9002, 7001, 'How do I sleep better?')
    expect(telegramTexts(), 'one answer').toHaveLength(1)
    expect(await messagesUsed(cy.id)).toBe(1)
    expect(await messagesOf(cy.id)).toBe(stored)

    telegram.seen.length = 0
    await telegramWebhook(9003, 7002, 'hello?')
    await telegramWebhook(9003, 7002, 'hello?')
    expect(telegramTexts(), "one 'how to start' to a stranger").toHaveLength(1)
  })
})

describe('Vapi: the end-of-call report and the custom LLM, sent again', () => {
  const PRIVATE_KEY = 'vapi-private-replay-key'
  const vapiCalls = new Map<string, Record<string, unknown>>()
  let fakeVapi: Server
  let t: TestApp
  beforeAll(async () => {
    fakeVapi = createServer((req, res) => {
      const call = vapiCalls.get(decodeURIComponent(req.url?.match(/^\/call\/(.+)$/)?.[1] ?? ''))
      if (req.headers.authorization !== `Bearer ${PRIVATE_KEY}` || !call) res.writeHead(404).end('{}')
      else res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(call))
    })
    await new Promise<void>((resolve) => fakeVapi.listen(0, '127.0.0.1', resolve))
    t = await createTestApp({
      env: {
        PUBLIC_URL,
        VAPI_PUBLIC_KEY: 'vapi-public-replay-key',
        VAPI_PRIVATE_KEY: PRIVATE_KEY,
        VAPI_API_BASE_URL: `http://127.0.0.1:${(fakeVapi.address() as AddressInfo).port}`,
      },
    })
  })
  afterAll(async () => {
    await t.close()
    await new Promise<void>((resolve) => fakeVapi.close(() => resolve()))
  })

  it('counts the seconds and ends the call once, keeps the first record, and answers no LLM turn after', async () => {
    const clone = await lenaHart(t)
    const startedAt = new Date(Date.now() - 120_000)
    const call = await openVoiceCall(t.db, {
      cloneId: clone.id,
      instanceId: null,
      userId: null,
      visitorId: 'visitor-vapi-replay',
      ledger: { subject: 'visitor:visitor-vapi-replay', periodStart: periodStartOf(startedAt), scope: null },
      language: 'en',
      provider: 'vapi',
      startedAt,
    })
    const binding = { callId: call.id, conversationId: call.conversationId, cloneSlug: 'lena-hart' }
    const keys = vapiKeysOf(t.config)!
    const metadata = { ...binding, medium: 'BROWSER_VOICE' }
    vapiCalls.set('vapi-replay-1', {
      id: 'vapi-replay-1',
      startedAt: '2026-01-01T10:00:00.000Z',
      endedAt: '2026-01-01T10:01:00.000Z',
      assistant: { metadata },
      artifact: { recordingUrl: 'https://storage.vapi.ai/replay.wav', messages: [] },
    })
    const report = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/vapi/webhook',
        headers: { 'x-vapi-secret': callSecret(keys.webhookSecret, binding) },
        payload: {
          message: { type: 'end-of-call-report', call: { id: 'vapi-replay-1' }, assistant: { metadata } },
        },
      })
    const seconds = async () =>
      (
        await t.db
          .select()
          .from(usageCounters)
          .where(eq(usageCounters.subject, 'visitor:visitor-vapi-replay'))
      )
        .map((r) => r.voiceSeconds)
        .reduce((a, b) => a + b, 0)

    expect((await report()).json()).toMatchObject({ charged: true, durationSeconds: 60 })
    const [ended] = await t.db.select().from(voiceCalls).where(eq(voiceCalls.id, call.id))
    // Vapi's record changes after the fact: a replay must not take the new one.
    vapiCalls.set('vapi-replay-1', {
      ...vapiCalls.get('vapi-replay-1'),
      endedAt: '2026-01-01T10:09:00.000Z',
      artifact: { recordingUrl: 'https://storage.vapi.ai/other.wav', messages: [] },
    })
    for (let i = 0; i < 3; i++) expect((await report()).json()).toMatchObject({ charged: false })
    expect(await seconds()).toBe(60)
    const [after] = await t.db.select().from(voiceCalls).where(eq(voiceCalls.id, call.id))
    expect(after).toEqual(ended)

    const stored = await t.db.$count(messages, eq(messages.conversationId, call.conversationId))
    const turn = await t.app.inject({
      method: 'POST',
      url: '/api/interactions/vapi/chat/completions',
      headers: { 'x-vapi-secret': callSecret(keys.llmSecret, binding) },
      payload: { messages: [{ role: 'user', content: 'Still there?' }], metadata },
    })
    expect(turn.statusCode).toBe(409)
    expect(await t.db.$count(messages, eq(messages.conversationId, call.conversationId))).toBe(stored)
  })
})

describe('Tavus: a call’s callbacks, sent again', () => {
  let fake: Server
  let t: TestApp
  let clock = new Date('2026-05-10T10:00:00.000Z')
  const advance = (seconds: number) => {
    clock = new Date(clock.getTime() + seconds * 1000)
  }
  const created: Record<string, unknown>[] = []
  beforeAll(async () => {
    let n = 0
    fake = createServer(async (req, res) => {
      const chunks: Buffer[] = []
      for await (const chunk of req) chunks.push(chunk as Buffer)
      if (req.url === '/v2/conversations') created.push(JSON.parse(Buffer.concat(chunks).toString()))
      n += 1
      res.writeHead(200, { 'content-type': 'application/json' }).end(
        JSON.stringify({
          conversation_id: `replay-c${n}`,
          conversation_url: `https://tavus.daily.co/c${n}`,
        }),
      )
    })
    await new Promise<void>((resolve) => fake.listen(0, '127.0.0.1', resolve))
    const baseUrl = `http://127.0.0.1:${(fake.address() as AddressInfo).port}`
    t = await createTestApp({
      now: () => clock,
      providers: {
        videoCalls: createTavusVideoCalls({
          apiKey: 'tavus-key',
          baseUrl,
          replicaId: 'r1',
          personaId: 'p1',
          publicUrl: PUBLIC_URL,
        }),
      },
    })
  })
  afterAll(async () => {
    await t.close()
    await new Promise<void>((resolve) => fake.close(() => resolve()))
  })

  it('starts the charge at the first replica_joined, ends and charges at the first shutdown, stores the transcript once', async () => {
    const headers = { cookie: `${VISITOR_COOKIE}=tavusreplay0000000001` }
    const started = await t.app.inject({
      method: 'POST',
      url: '/api/calls/video',
      headers,
      payload: { slug: 'lena-hart', language: 'en' },
    })
    expect(started.statusCode, started.body).toBe(200)
    const call = StartVideoCallResponse.parse(started.json())
    const callbackUrl = new URL(created.at(-1)!.callback_url as string)
    const callback = (event_type: string, properties?: object) =>
      t.app.inject({
        method: 'POST',
        url: callbackUrl.pathname,
        payload: {
          event_type,
          message_type: 'system',
          conversation_id: call.tavusConversationId,
          timestamp: clock.toISOString(),
          ...(properties ? { properties } : {}),
        },
      })
    const videoSeconds = async () =>
      (
        await t.db
          .select()
          .from(usageCounters)
          .where(eq(usageCounters.subject, 'visitor:tavusreplay0000000001'))
      )
        .map((r) => r.videoSeconds)
        .reduce((a, b) => a + b, 0)
    const row = async () => (await t.db.select().from(videoCalls).where(eq(videoCalls.id, call.callId)))[0]!

    advance(5)
    expect((await callback('system.replica_joined')).statusCode).toBe(200)
    const joinedAt = (await row()).replicaJoinedAt
    advance(20)
    // A late copy of the join would move the charge's start later (and lower it).
    expect((await callback('system.replica_joined')).statusCode).toBe(200)
    expect((await row()).replicaJoinedAt).toEqual(joinedAt)
    advance(20)
    expect((await callback('system.shutdown')).statusCode).toBe(200)
    const ended = await row()
    expect(await videoSeconds()).toBe(40)
    advance(30)
    expect((await callback('system.shutdown')).statusCode).toBe(200)
    expect(await row()).toEqual(ended)
    expect(await videoSeconds()).toBe(40)

    const transcript = [
      { role: 'system', content: 'prompt' },
      { role: 'user', content: 'Hello there' },
      { role: 'assistant', content: 'Hi, I am Lena.' },
    ]
    const count = () => t.db.$count(messages, eq(messages.conversationId, call.conversationId))
    expect((await callback('application.transcription_ready', { transcript })).statusCode).toBe(200)
    const lines = await count()
    expect((await callback('application.transcription_ready', { transcript })).statusCode).toBe(200)
    expect(await count()).toBe(lines)
  })
})

describe('Stripe: a signed event sent again, or late', () => {
  const WEBHOOK_SECRET = 'whsec_replay_secret'
  let t: TestApp
  let fake: Server
  const stripeCalls: string[] = []
  beforeAll(async () => {
    let sessions = 0
    fake = createServer((req, res) => {
      req.resume()
      req.on('end', () => {
        stripeCalls.push(`${req.method} ${req.url}`)
        res.setHeader('content-type', 'application/json')
        if (req.url === '/v1/checkout/sessions')
          res.end(JSON.stringify({ id: `cs_replay_${++sessions}`, url: 'https://checkout.stripe.test/pay' }))
        else res.end(JSON.stringify({ id: 'sub_x' }))
      })
    })
    await new Promise<void>((resolve) => fake.listen(0, '127.0.0.1', resolve))
    t = await createTestApp({
      env: {
        STRIPE_SECRET_KEY: 'sk_test_fake',
        STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
        STRIPE_API_BASE_URL: `http://127.0.0.1:${(fake.address() as AddressInfo).port}/v1`,
      },
    })
  })
  afterAll(async () => {
    await t.close()
    await new Promise((resolve) => fake.close(resolve))
  })

  const nowS = () => Math.floor(Date.now() / 1000)
  const webhook = (event: object, signedAt = nowS()) => {
    const body = JSON.stringify(event)
    return t.app.inject({
      method: 'POST',
      url: '/api/stripe/webhook',
      headers: {
        'content-type': 'application/json',
        'stripe-signature': stripeSignature(body, WEBHOOK_SECRET, signedAt),
      },
      payload: body,
    })
  }

  async function checkout(email: string, planName: string) {
    const clone = await lenaHart(t)
    const plan = (await t.db.select().from(memberships).where(eq(memberships.cloneId, clone.id))).find(
      (m) => m.name === planName,
    )!
    const { id, cookie } = await userWithSession(t.db, email)
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/subscriptions',
      headers: { cookie },
      payload: {
        redirect_url: 'http://localhost:8787/lena-hart/talk',
        membershipId: plan.id,
        slug: 'lena-hart',
        basis: 'monthly',
      },
    })
    expect(res.statusCode, res.body).toBe(200)
    const [session] = await t.db.select().from(checkoutSessions).where(eq(checkoutSessions.userId, id))
    return { userId: id, sessionId: session!.providerSessionId! }
  }
  const subscriptionsOf = (userId: string) =>
    t.db.select().from(subscriptions).where(eq(subscriptions.userId, userId))

  it('activates one subscription however often checkout.session.completed comes, and refuses it signed long ago', async () => {
    const { userId, sessionId } = await checkout('replay-stripe-a@likeness.test', 'Rested')
    const completed = {
      id: 'evt_replay_1',
      type: 'checkout.session.completed',
      data: { object: { id: sessionId, subscription: 'sub_replay_1', customer: 'cus_replay_1' } },
    }
    // Signed ten minutes ago: outside the five-minute tolerance, refused before anything happens.
    expect((await webhook(completed, nowS() - 600)).statusCode).toBe(400)
    expect(await subscriptionsOf(userId)).toEqual([])

    expect((await webhook(completed)).statusCode).toBe(200)
    const first = await subscriptionsOf(userId)
    expect(first).toHaveLength(1)
    const replay = await webhook(completed)
    expect(replay.json()).toEqual({ received: true, duplicate: true })
    // The same session's completion under another event id (Stripe's retry of a different delivery).
    expect((await webhook({ ...completed, id: 'evt_replay_1b' })).statusCode).toBe(200)
    expect(await subscriptionsOf(userId)).toEqual(first)
  })

  it('keeps the newest period when an older subscription update arrives late or again', async () => {
    const { userId, sessionId } = await checkout('replay-stripe-b@likeness.test', 'Rested')
    await webhook({
      id: 'evt_replay_2',
      type: 'checkout.session.completed',
      data: { object: { id: sessionId, subscription: 'sub_replay_2' } },
    })
    const now = nowS()
    const period = (id: string, created: number, start: number, end: number) => ({
      id,
      type: 'customer.subscription.updated',
      created,
      data: {
        object: {
          id: 'sub_replay_2',
          status: 'active',
          current_period_start: start,
          current_period_end: end,
        },
      },
    })
    const first = period('evt_replay_p1', now - 100, now, now + 30 * 86400)
    const renewed = period('evt_replay_p2', now - 50, now + 30 * 86400, now + 60 * 86400)
    expect((await webhook(first)).statusCode).toBe(200)
    expect((await webhook(renewed)).statusCode).toBe(200)
    const [afterRenewal] = await subscriptionsOf(userId)
    expect(afterRenewal!.currentPeriodEnd.getTime()).toBe((now + 60 * 86400) * 1000)
    // Stripe does not promise order: the first period's event delivered again (a new delivery id) is older.
    expect((await webhook({ ...first, id: 'evt_replay_p1_late' })).statusCode).toBe(200)
    const [afterLate] = await subscriptionsOf(userId)
    expect(afterLate!.currentPeriodEnd.getTime(), 'a late, older event moved the period back').toBe(
      (now + 60 * 86400) * 1000,
    )
    expect(afterLate!.currentPeriodStart.getTime()).toBe((now + 30 * 86400) * 1000)
  })

  it('keeps a cancellation when an older update of the same period arrives after it', async () => {
    const { userId, sessionId } = await checkout('replay-stripe-c@likeness.test', 'Rested')
    await webhook({
      id: 'evt_replay_3',
      type: 'checkout.session.completed',
      data: { object: { id: sessionId, subscription: 'sub_replay_3' } },
    })
    const now = nowS()
    const update = (id: string, created: number, cancel: boolean) => ({
      id,
      type: 'customer.subscription.updated',
      created,
      data: {
        object: {
          id: 'sub_replay_3',
          status: 'active',
          cancel_at_period_end: cancel,
          current_period_start: now,
          current_period_end: now + 30 * 86400,
        },
      },
    })
    // The visitor cancels (the newer event); the update from before it is delivered afterwards.
    expect((await webhook(update('evt_replay_c_new', now - 10, true))).statusCode).toBe(200)
    expect((await webhook(update('evt_replay_c_old', now - 60, false))).statusCode).toBe(200)
    const [after] = await subscriptionsOf(userId)
    expect(after!.cancelAtPeriodEnd, 'an older update undid the cancellation').toBe(true)
    // A newer one still applies (they resumed).
    expect((await webhook(update('evt_replay_c_newer', now, false))).statusCode).toBe(200)
    const [resumed] = await subscriptionsOf(userId)
    expect(resumed!.cancelAtPeriodEnd).toBe(false)
  })
})
