import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { GreetResponse, OptInResponse } from '../../contract/embed'
import { clones, conversations, leads, messages, users } from '../../server/db/schema'
import { textingTexts } from '../../server/texting/texting.strings'
import { createTestApp, type TestApp, userWithSession } from './helpers'
import { outboxTexts } from './texting-helpers'

/*
 * spec 1 §4 'Text opt-in', §7 'Opt-in get / update' and greetUser, with the dev outbox as the text provider.
 * Lena Hart (seed) texts by SMS and WhatsApp, not Telegram.
 */

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

const lena = async () => (await t.db.select().from(clones).where(eq(clones.slug, 'lena-hart')))[0]!

/** A signed-in user with a name and, optionally, a verified number. */
async function member(email: string, phoneNumber: string | null = null) {
  const session = await userWithSession(t.db, email)
  await t.db.update(users).set({ name: 'Ada Lovelace', phoneNumber }).where(eq(users.id, session.id))
  return session
}

const greet = (cookie: string, payload: object) =>
  t.app.inject({ method: 'POST', url: '/api/greet', headers: { cookie }, payload })

describe('opt-in get and update', () => {
  it('answers no opt-in to an anonymous visitor and to a user who never chose', async () => {
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/opt-ins/lena-hart' })
    expect(anonymous.statusCode).toBe(200)
    expect(OptInResponse.parse(anonymous.json())).toEqual({
      opt_in: { optIn: false, medium: null, updatedAt: null },
    })
    const ada = await member('optin-a@likeness.test')
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/opt-ins/lena-hart',
      headers: { cookie: ada.cookie },
    })
    expect(res.json()).toEqual({ opt_in: { optIn: false, medium: null, updatedAt: null } })
    expect((await t.app.inject({ method: 'GET', url: '/api/opt-ins/nobody-here' })).statusCode).toBe(404)
  })

  it('records the choice and its medium, and keeps the medium when opting out', async () => {
    const bo = await member('optin-b@likeness.test')
    const put = (payload: object) =>
      t.app.inject({ method: 'PUT', url: '/api/opt-ins', headers: { cookie: bo.cookie }, payload })
    const on = await put({ slug: 'lena-hart', opt_in: true, medium: 'SMS' })
    expect(on.statusCode, on.body).toBe(200)
    expect(OptInResponse.parse(on.json()).opt_in).toMatchObject({ optIn: true, medium: 'SMS' })
    const off = await put({ slug: 'lena-hart', opt_in: false })
    expect(off.json().opt_in).toMatchObject({ optIn: false, medium: 'SMS' })
    const read = await t.app.inject({
      method: 'GET',
      url: '/api/opt-ins/lena-hart',
      headers: { cookie: bo.cookie },
    })
    expect(read.json()).toEqual(off.json())
  })

  it('needs a signed-in user to update', async () => {
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/opt-ins',
      payload: { slug: 'lena-hart', opt_in: true },
    })
    expect(res.statusCode).toBe(401)
  })
})

describe('POST /api/greet', () => {
  it('texts the greeting by SMS and opens an SMS conversation with it, opted in and a lead', async () => {
    const ada = await member('greet-a@likeness.test', '+14155550201')
    const res = await greet(ada.cookie, { medium: 'SMS', slug: 'lena-hart', phoneNumber: '(415) 555-0201' })
    expect(res.statusCode, res.body).toBe(200)
    const clone = await lena()
    // No Twilio: the clone's own number is the one shown.
    expect(GreetResponse.parse(res.json())).toEqual({
      ok: true,
      medium: 'SMS',
      fromNumber: clone.phoneNumber,
      link: null,
      greeted: true,
    })
    const greeting = "Hi Ada, it's Dr. Lena Hart. Reply here any time to keep talking."
    expect(textingTexts.greeting('Ada Lovelace', clone.name)).toBe(greeting)
    expect(await outboxTexts(t.db, '+14155550201')).toMatchObject([{ channel: 'sms', text: greeting }])

    const [conversation] = await t.db
      .select()
      .from(conversations)
      .where(and(eq(conversations.userId, ada.id), eq(conversations.cloneId, clone.id)))
    expect(conversation!.medium).toBe('SMS')
    const shown = await t.db.select().from(messages).where(eq(messages.conversationId, conversation!.id))
    expect(shown).toMatchObject([{ sender: 'CLONE', text: greeting }])

    const optIn = await t.app.inject({
      method: 'GET',
      url: '/api/opt-ins/lena-hart',
      headers: { cookie: ada.cookie },
    })
    expect(optIn.json().opt_in).toMatchObject({ optIn: true, medium: 'SMS' })
    const lead = await t.db
      .select()
      .from(leads)
      .where(and(eq(leads.userId, ada.id), eq(leads.cloneId, clone.id)))
    expect(lead).toHaveLength(1)
  })

  it('answers a wa.me link for WhatsApp and texts on the WhatsApp channel', async () => {
    const bo = await member('greet-b@likeness.test', '+14155550202')
    const res = await greet(bo.cookie, { medium: 'WHATSAPP', slug: 'lena-hart', phoneNumber: '+14155550202' })
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json()).toMatchObject({ medium: 'WHATSAPP', link: 'https://wa.me/14155550123', greeted: true })
    expect(await outboxTexts(t.db, '+14155550202')).toMatchObject([{ channel: 'whatsapp' }])
  })

  it('texts only the user’s verified number', async () => {
    const unverified = await member('greet-c@likeness.test')
    const none = await greet(unverified.cookie, {
      medium: 'SMS',
      slug: 'lena-hart',
      phoneNumber: '+14155550203',
    })
    expect(none.statusCode).toBe(400)
    expect(none.json().error.message).toBe(textingTexts.phoneNotVerified)
    const verified = await member('greet-d@likeness.test', '+14155550204')
    const other = await greet(verified.cookie, {
      medium: 'SMS',
      slug: 'lena-hart',
      phoneNumber: '+14155550205',
    })
    expect(other.statusCode).toBe(400)
    expect(await outboxTexts(t.db, '+14155550205')).toEqual([])
  })

  it('refuses a medium the clone does not text on, saying so', async () => {
    const cy = await member('greet-e@likeness.test', '+14155550206')
    const res = await greet(cy.cookie, {
      medium: 'TELEGRAM',
      slug: 'lena-hart',
      telegramUsername: 'cy_telegram',
    })
    expect(res.statusCode).toBe(400)
    expect(res.json().error.message).toBe('Dr. Lena Hart does not text on Telegram.')
    const sms = await greet(cy.cookie, { medium: 'SMS', slug: 'tomas-rivera', phoneNumber: '+14155550206' })
    expect(sms.statusCode).toBe(400)
  })

  it('greets on Telegram through the dev outbox when no bot is configured, and needs the username', async () => {
    const clone = await lena()
    await t.db.update(clones).set({ telegramEnabled: true }).where(eq(clones.id, clone.id))
    const dee = await member('greet-f@likeness.test')
    const missing = await greet(dee.cookie, { medium: 'TELEGRAM', slug: 'lena-hart' })
    expect(missing.json().error.message).toBe(textingTexts.telegramUsernameMissing)
    const res = await greet(dee.cookie, {
      medium: 'TELEGRAM',
      slug: 'lena-hart',
      telegramUsername: '@dee_tg',
    })
    expect(res.json()).toMatchObject({ medium: 'TELEGRAM', greeted: true, fromNumber: null })
    expect(await outboxTexts(t.db, '@dee_tg')).toMatchObject([{ channel: 'telegram' }])
    const [conversation] = await t.db.select().from(conversations).where(eq(conversations.userId, dee.id))
    // The spec's medium list has no TELEGRAM: a Telegram conversation is API.
    expect(conversation!.medium).toBe('API')
  })

  it('needs a signed-in user', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/greet',
      payload: { medium: 'SMS', slug: 'lena-hart' },
    })
    expect(res.statusCode).toBe(401)
  })
})

describe('the providers’ webhooks without providers', () => {
  it('answer 404 while Twilio or a Telegram bot is not configured', async () => {
    const twilio = await t.app.inject({
      method: 'POST',
      url: '/api/texting/twilio/webhook',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-twilio-signature': 'x' },
      payload: 'From=%2B14155550201&Body=hi&MessageSid=SM1',
    })
    expect(twilio.statusCode).toBe(404)
    const telegram = await t.app.inject({
      method: 'POST',
      url: '/api/texting/telegram/webhook',
      payload: { update_id: 1 },
    })
    expect(telegram.statusCode).toBe(404)
  })
})
