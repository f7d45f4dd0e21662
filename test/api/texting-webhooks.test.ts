import { and, asc, eq } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { GreetResponse } from '../../contract/embed'
import { periodStartOf } from '../../server/billing/quota'
import { clones, conversations, messages, usageCounters, users } from '../../server/db/schema'
import { textingTexts } from '../../server/texting/texting.strings'
import { twilioSignature } from '../../server/texting/twilio'
import { createTestApp, type TestApp, userWithSession } from './helpers'
import { type FakeApi, startFakeApi } from './texting-helpers'

/*
 * Incoming texts (issue #14): Twilio (SMS, WhatsApp) and a Telegram bot, each against a fake of its API.
 * A webhook is verified first; a known user's text is answered by the clone brain in the same conversation,
 * counted against the message quota, and the answer texted back through the provider.
 */

const PUBLIC_URL = 'https://likeness.example'
const AUTH_TOKEN = 'twilio-auth-token-0123'
const TELEGRAM_SECRET = 'telegram-secret-0123456789'
const BOT = 'LikenessTestBot'
const TWILIO_PATH = '/api/texting/twilio/webhook'
const TELEGRAM_PATH = '/api/texting/telegram/webhook'

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
      TWILIO_WHATSAPP_FROM: '+14155238886',
      TWILIO_API_URL: twilio.baseUrl,
      TELEGRAM_BOT_TOKEN: '123:bot-token',
      TELEGRAM_BOT_USERNAME: BOT,
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
beforeEach(() => {
  twilio.seen.length = 0
  telegram.seen.length = 0
})

const twilioSent = () => twilio.seen.map((r) => Object.fromEntries(new URLSearchParams(r.body)))
const telegramSent = () => telegram.seen.map((r) => JSON.parse(r.body) as { chat_id: string; text: string })

async function member(email: string, fields: { phoneNumber?: string; telegramUsername?: string }) {
  const session = await userWithSession(t.db, email)
  await t.db
    .update(users)
    .set({ name: 'Ada Lovelace', ...fields })
    .where(eq(users.id, session.id))
  return session
}

const greet = (cookie: string, payload: object) =>
  t.app.inject({ method: 'POST', url: '/api/greet', headers: { cookie }, payload })

let sids = 0
/** Twilio's POST of an incoming message, signed with the auth token unless `signature` says otherwise. */
function twilioWebhook(
  fields: { From: string; Body: string; MessageSid?: string },
  signature?: string | null,
) {
  const params: [string, string][] = Object.entries({
    MessageSid: `SM${++sids}`,
    AccountSid: 'AC0001',
    To: '+15005550006',
    NumMedia: '0',
    ...fields,
  })
  const sign =
    signature === undefined ? twilioSignature(AUTH_TOKEN, `${PUBLIC_URL}${TWILIO_PATH}`, params) : signature
  return t.app.inject({
    method: 'POST',
    url: TWILIO_PATH,
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      ...(sign === null ? {} : { 'x-twilio-signature': sign }),
    },
    payload: new URLSearchParams(params).toString(),
  })
}

let updates = 0
function telegramWebhook(chatId: number, text: string, secret: string | null = TELEGRAM_SECRET) {
  updates += 1
  return t.app.inject({
    method: 'POST',
    url: TELEGRAM_PATH,
    headers: secret === null ? {} : { 'x-telegram-bot-api-secret-token': secret },
    payload: {
      update_id: updates,
      message: {
        message_id: updates,
        chat: { id: chatId, type: 'private' },
        from: { username: 'ada_tg' },
        text,
      },
    },
  })
}

async function conversationOf(userId: string, medium: string) {
  const [conversation] = await t.db
    .select()
    .from(conversations)
    .where(and(eq(conversations.userId, userId), eq(conversations.medium, medium as 'SMS')))
  return t.db
    .select()
    .from(messages)
    .where(eq(messages.conversationId, conversation!.id))
    .orderBy(asc(messages.createdAt))
}

async function messagesUsed(userId: string) {
  const [clone] = await t.db.select().from(clones).where(eq(clones.slug, 'lena-hart'))
  const [row] = await t.db
    .select()
    .from(usageCounters)
    .where(and(eq(usageCounters.cloneId, clone!.id), eq(usageCounters.subject, `user:${userId}`)))
  return row?.messages ?? 0
}

describe('Twilio', () => {
  it('greets from the Twilio number, then answers a signed reply in the same conversation, counted', async () => {
    const ada = await member('hook-a@likeness.test', { phoneNumber: '+14155550301' })
    const greeted = await greet(ada.cookie, { medium: 'SMS', slug: 'lena-hart', phoneNumber: '+14155550301' })
    expect(GreetResponse.parse(greeted.json())).toMatchObject({ fromNumber: '+15005550006', greeted: true })
    expect(twilioSent()).toMatchObject([{ To: '+14155550301', From: '+15005550006' }])
    twilio.seen.length = 0

    const res = await twilioWebhook({ From: '+14155550301', Body: 'How late in the day can I drink coffee?' })
    expect(res.statusCode, res.body).toBe(200)
    expect(res.headers['content-type']).toMatch(/^text\/xml/)
    const [answer] = twilioSent()
    expect(answer).toMatchObject({ To: '+14155550301', From: '+15005550006' })
    expect(answer!.Body!.length).toBeGreaterThan(20)
    expect(answer!.Body).not.toMatch(/\[\d+\]/)

    const shown = await conversationOf(ada.id, 'SMS')
    expect(shown.map((m) => m.sender)).toEqual(['CLONE', 'USER', 'CLONE'])
    expect(shown[1]!.text).toBe('How late in the day can I drink coffee?')
    expect(shown[2]!.status).toBe('complete')
    expect(await messagesUsed(ada.id)).toBe(1)
  })

  it('answers a message Twilio delivers twice only once', async () => {
    const bo = await member('hook-b@likeness.test', { phoneNumber: '+14155550302' })
    await greet(bo.cookie, { medium: 'SMS', slug: 'lena-hart' })
    twilio.seen.length = 0
    await twilioWebhook({ From: '+14155550302', Body: 'What is a good bedtime?', MessageSid: 'SMdup' })
    await twilioWebhook({ From: '+14155550302', Body: 'What is a good bedtime?', MessageSid: 'SMdup' })
    expect(twilioSent()).toHaveLength(1)
    expect(await messagesUsed(bo.id)).toBe(1)
  })

  it('answers WhatsApp on WhatsApp', async () => {
    const cy = await member('hook-c@likeness.test', { phoneNumber: '+14155550303' })
    await greet(cy.cookie, { medium: 'WHATSAPP', slug: 'lena-hart' })
    twilio.seen.length = 0
    await twilioWebhook({ From: 'whatsapp:+14155550303', Body: 'Hello!' })
    expect(twilioSent()).toMatchObject([{ To: 'whatsapp:+14155550303', From: 'whatsapp:+14155238886' }])
    expect((await conversationOf(cy.id, 'WHATSAPP')).map((m) => m.sender)).toEqual(['CLONE', 'USER', 'CLONE'])
  })

  it('tells a user out of messages so, without an answer and without counting', async () => {
    const dee = await member('hook-d@likeness.test', { phoneNumber: '+14155550304' })
    await greet(dee.cookie, { medium: 'SMS', slug: 'lena-hart' })
    const [clone] = await t.db.select().from(clones).where(eq(clones.slug, 'lena-hart'))
    await t.db.insert(usageCounters).values({
      cloneId: clone!.id,
      subject: `user:${dee.id}`,
      periodStart: periodStartOf(new Date()),
      messages: clone!.anonymousQuota.messages,
    })
    twilio.seen.length = 0
    await twilioWebhook({ From: '+14155550304', Body: 'One more question?' })
    expect(twilioSent()).toMatchObject([{ Body: textingTexts.outOfQuota(clone!.name) }])
    expect(textingTexts.outOfQuota(clone!.name)).toMatch(/^You have reached your message limit/)
    expect((await conversationOf(dee.id, 'SMS')).map((m) => m.sender)).toEqual(['CLONE'])
    expect(await messagesUsed(dee.id)).toBe(clone!.anonymousQuota.messages)
  })

  it('keeps the exchange when Twilio refuses the reply, and still answers the webhook 200', async () => {
    const eli = await member('hook-f@likeness.test', { phoneNumber: '+14155550306' })
    await greet(eli.cookie, { medium: 'SMS', slug: 'lena-hart' })
    twilio.queue.push({ status: 500, body: { message: 'Twilio is down' } })
    const res = await twilioWebhook({ From: '+14155550306', Body: 'What is a good bedtime?' })
    expect(res.statusCode).toBe(200)
    expect((await conversationOf(eli.id, 'SMS')).map((m) => m.sender)).toEqual(['CLONE', 'USER', 'CLONE'])
  })

  it('answers 503 when the greeting cannot be sent, recording no opt-in', async () => {
    const fin = await member('hook-g@likeness.test', { phoneNumber: '+14155550307' })
    twilio.queue.push({ status: 500, body: { message: 'Twilio is down' } })
    const res = await greet(fin.cookie, { medium: 'SMS', slug: 'lena-hart' })
    expect(res.statusCode).toBe(503)
    expect(res.json().error.message).toBe(textingTexts.greetFailed)
    const optIn = await t.app.inject({
      method: 'GET',
      url: '/api/opt-ins/lena-hart',
      headers: { cookie: fin.cookie },
    })
    expect(optIn.json().opt_in.optIn).toBe(false)
  })

  it('refuses a wrong or missing signature with 403, answering nothing', async () => {
    await member('hook-e@likeness.test', { phoneNumber: '+14155550305' })
    const wrong = await twilioWebhook({ From: '+14155550305', Body: 'Hi' }, 'bm90IGEgc2lnbmF0dXJl')
    expect(wrong.statusCode).toBe(403)
    const missing = await twilioWebhook({ From: '+14155550305', Body: 'Hi' }, null)
    expect(missing.statusCode).toBe(403)
    // Signed for another URL.
    const params: [string, string][] = [
      ['From', '+14155550305'],
      ['Body', 'Hi'],
      ['MessageSid', 'SMx'],
    ]
    const elsewhere = await twilioWebhook(
      { From: '+14155550305', Body: 'Hi', MessageSid: 'SMx' },
      twilioSignature(AUTH_TOKEN, `${PUBLIC_URL}/elsewhere`, params),
    )
    expect(elsewhere.statusCode).toBe(403)
    expect(twilioSent()).toEqual([])
  })

  it('answers nothing to a number it does not know', async () => {
    const res = await twilioWebhook({ From: '+14155550399', Body: 'Who is this?' })
    expect(res.statusCode).toBe(200)
    expect(twilioSent()).toEqual([])
  })
})

describe('Telegram', () => {
  it('holds the greeting until the chat starts the bot with its token, then answers in the same conversation', async () => {
    const ada = await member('hook-tg-a@likeness.test', { telegramUsername: 'ada_tg' })
    const res = await greet(ada.cookie, { medium: 'TELEGRAM', slug: 'lena-hart', telegramUsername: 'ada_tg' })
    const greeted = GreetResponse.parse(res.json())
    expect(greeted).toMatchObject({ medium: 'TELEGRAM', greeted: false, fromNumber: null })
    const token = new URL(greeted.link!).searchParams.get('start')!
    expect(greeted.link).toBe(`https://t.me/${BOT}?start=${token}`)
    expect(telegramSent()).toEqual([])

    expect((await telegramWebhook(5001, `/start ${token}`)).statusCode).toBe(200)
    expect(telegramSent()).toEqual([
      { chat_id: '5001', text: "Hi Ada, it's Dr. Lena Hart. Reply here any time to keep talking." },
    ])
    telegram.seen.length = 0

    await telegramWebhook(5001, 'How do I sleep better?')
    const [answer] = telegramSent()
    expect(answer!.chat_id).toBe('5001')
    expect(answer!.text.length).toBeGreaterThan(20)
    expect((await conversationOf(ada.id, 'API')).map((m) => m.sender)).toEqual(['CLONE', 'USER', 'CLONE'])
    expect(await messagesUsed(ada.id)).toBe(1)

    // Bound now: the next greeting goes out at once.
    telegram.seen.length = 0
    const again = await greet(ada.cookie, { medium: 'TELEGRAM', slug: 'lena-hart' })
    expect(again.json()).toMatchObject({ greeted: true, link: `https://t.me/${BOT}` })
    expect(telegramSent()).toMatchObject([{ chat_id: '5001' }])
  })

  it('tells a chat it does not know how to start, and spends a start token once', async () => {
    await telegramWebhook(5002, 'hello?')
    expect(telegramSent()).toEqual([{ chat_id: '5002', text: textingTexts.unknownTelegramChat }])
    telegram.seen.length = 0
    await telegramWebhook(5002, '/start not-a-token')
    expect(telegramSent()).toEqual([{ chat_id: '5002', text: textingTexts.unknownTelegramChat }])
  })

  it('refuses a wrong or missing secret with 403', async () => {
    expect((await telegramWebhook(5003, 'hi', 'wrong-secret-0123456789')).statusCode).toBe(403)
    expect((await telegramWebhook(5003, 'hi', null)).statusCode).toBe(403)
    expect(telegramSent()).toEqual([])
  })
})
