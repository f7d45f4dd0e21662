import { desc, eq } from 'drizzle-orm'
import type { RouteOptions } from 'fastify'
import { afterAll, describe, expect, it } from 'vitest'
import { createSession } from '../../server/auth/sessions'
import { VISITOR_COOKIE } from '../../server/auth/visitor'
import { clones, memberships, outboxMessages, relationships, users } from '../../server/db/schema'
import { embedConfigIdOf } from '../../server/seed'
import { sendChatMessage } from './chat-helpers'
import { createTestApp } from './helpers'
import {
  EVERY_IDENTITY,
  type Fixtures,
  type RouteRule,
  type Who,
  WRITE_ROUTES,
  writeRouteKeys,
} from './route-table'
import { startFakeApi } from './texting-helpers'

/*
 * The authorization table (issue #27 part 1): every write route the app registers is in test/api/route-table.ts
 * with the identities that may use it, and each route's request is sent as every identity. The refused get
 * 401, 403 or 404 (never 2xx, never 5xx); the allowed are not refused (no 401, 403 or 404 unless the table
 * says why). A route registered without an entry fails the first test.
 */

const PUBLIC_URL = 'http://localhost:8787'
const routes: RouteOptions[] = []
// Every outside service configured (fakes on loopback), so every route is registered and every webhook checks
// its signature: a route that exists only with a provider (Stripe's webhook) is in the table too.
const fake = await startFakeApi((request) => ({
  status: 200,
  body: request.url.endsWith('/checkout/sessions')
    ? { id: `cs_route_${Date.now()}`, url: 'https://checkout.stripe.test/pay' }
    : { ok: true, result: {}, sid: 'SM1', status: 'queued', id: 'sub_route' },
}))
const t = await createTestApp({
  env: {
    PUBLIC_URL,
    STRIPE_SECRET_KEY: 'sk_test_route_table',
    STRIPE_WEBHOOK_SECRET: 'whsec_route_table',
    STRIPE_API_BASE_URL: `${fake.baseUrl}/v1`,
    TWILIO_ACCOUNT_SID: 'AC0001',
    TWILIO_AUTH_TOKEN: 'twilio-auth-token-route-table',
    TWILIO_SMS_FROM: '+15005550006',
    TWILIO_API_URL: fake.baseUrl,
    TELEGRAM_BOT_TOKEN: '123:bot-token',
    TELEGRAM_BOT_USERNAME: 'LikenessRouteBot',
    TELEGRAM_WEBHOOK_SECRET: 'telegram-secret-route-table',
    TELEGRAM_API_URL: fake.baseUrl,
    VAPI_PUBLIC_KEY: 'vapi-public-route-table',
    VAPI_PRIVATE_KEY: 'vapi-private-route-table',
    VAPI_API_BASE_URL: fake.baseUrl,
  },
  onRoute: (route) => routes.push(route),
})
afterAll(async () => {
  await t.close()
  await fake.close()
})

const REFUSED = [401, 403, 404]
const origin = { origin: PUBLIC_URL }

async function sessionOf(email: string, transport: 'cookie' | 'bearer' = 'cookie') {
  const [user] = await t.db.select().from(users).where(eq(users.email, email))
  const id = user?.id ?? (await t.db.insert(users).values({ email }).returning())[0]!.id
  const { token } = await createSession(t.db, id, transport)
  return { id, token }
}

const emails: Record<Who, string> = {
  anonymous: '',
  consumer: 'route-consumer@likeness.test',
  embed: 'route-consumer@likeness.test',
  otherCreator: 'tomas@likeness.test',
  contributor: 'sam@likeness.test',
  creator: 'lena@likeness.test',
  staff: 'staff@likeness.test',
}

const seededEmails = { ...emails }

/** The headers each identity sends; a fresh session each time (a route may end the one it is sent with). */
async function headersOf(who: Who, visitor: string): Promise<Record<string, string>> {
  if (who === 'anonymous') return { ...origin, cookie: `${VISITOR_COOKIE}=${visitor}` }
  if (who === 'embed') return { authorization: `Bearer ${(await sessionOf(emails.embed, 'bearer')).token}` }
  return { ...origin, cookie: `lk_session=${(await sessionOf(emails[who])).token}` }
}

// Fresh sessions for the fixtures' own requests: the routes under test end sessions (logout, end-all).
const consumerHeaders = async () => headersOf('consumer', '')
const creatorHeaders = async () => headersOf('creator', '')
const contributorId = (await sessionOf(emails.contributor)).id
const creatorId = (await sessionOf(emails.creator)).id
const anonymousVisitor = (await sendChatMessage(t.app, { text: 'Hello' })).visitor!

const asConsumer = async (url: string, payload: unknown) => {
  const res = await t.app.inject({
    method: 'POST',
    url,
    payload: payload as object,
    headers: await consumerHeaders(),
  })
  expect(res.statusCode, `${url}: ${res.body}`).toBe(200)
  return res.json() as Record<string, string>
}
const asCreator = async (method: 'POST' | 'PUT', url: string, payload?: unknown) => {
  const res = await t.app.inject({ method, url, payload: payload as object, headers: await creatorHeaders() })
  expect(res.statusCode, `${url}: ${res.body}`).toBeLessThan(300)
  return res.json() as Record<string, string>
}

const chat = await t.app.inject({
  method: 'POST',
  url: '/api/clone/talk/messages/stream',
  headers: await consumerHeaders(),
  payload: { slug: 'lena-hart', text: 'How late in the day can I drink coffee?' },
})
expect(chat.statusCode, chat.body).toBe(200)
const finalEvent = JSON.parse(chat.body.trim().split('\n\n').at(-1)!.slice('data: '.length)) as {
  message: { id: string; conversationId: string }
}
const voiceCall = await asConsumer('/api/calls/voice', { slug: 'lena-hart', userPreferredLanguage: 'en' })
const videoCall = await asConsumer('/api/calls/video', { slug: 'lena-hart', language: 'en' })
const [lena] = await t.db.select().from(clones).where(eq(clones.slug, 'lena-hart'))
const lenaMemberships = await t.db.select().from(memberships).where(eq(memberships.cloneId, lena!.id))

const INVITE_LINK = /\/studio\/invite\/([A-Za-z0-9_-]+)/
let throwaways = 0

const fixtures: Fixtures = {
  slug: 'lena-hart',
  cloneId: lena!.id,
  embedId: embedConfigIdOf('lena-hart', 'bubble'),
  membershipId: lenaMemberships[0]!.id,
  membershipIds: lenaMemberships.map((m) => m.id),
  conversationId: finalEvent.message.conversationId,
  messageId: finalEvent.message.id,
  voiceCallId: voiceCall.callId!,
  videoCallId: videoCall.callId!,
  emailOf: (who) => emails[who],
  announcementId: async () =>
    (await asCreator('POST', '/api/studio/lena-hart/announcements', { text: 'Route table news' })).id!,
  sourceId: async () =>
    (await asCreator('POST', '/api/studio/lena-hart/sources/qa', { question: 'Tea?', answer: 'Green.' })).id!,
  inviteId: async () =>
    (await asCreator('POST', '/api/studio/lena-hart/invites', { email: 'route-invitee@likeness.test' })).id!,
  inviteToken: async () => {
    // Another clone's team each time: accepting makes the consumer a contributor of it.
    const slug = await fixtures.throwawayClone()
    await asCreator('POST', `/api/studio/${slug}/invites`, { email: emails.consumer })
    const [mail] = await t.db
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.to, emails.consumer))
      .orderBy(desc(outboxMessages.createdAt))
      .limit(1)
    return INVITE_LINK.exec(mail?.text ?? '')![1]!
  },
  shareId: async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/clone/talk/conversations/${finalEvent.message.conversationId}/share`,
      headers: await consumerHeaders(),
    })
    expect(res.statusCode, res.body).toBe(200)
    return (res.json() as { shared: { id: string } }).shared.id
  },
  throwawayClone: async () => {
    throwaways += 1
    const slug = `route-throwaway-${throwaways}`
    // Written directly: the studio lets a creator make only a few clones a day.
    const { id: _id, createdAt: _c, updatedAt: _u, ...values } = lena!
    const [clone] = await t.db
      .insert(clones)
      .values({
        ...values,
        key: slug,
        slug,
        name: 'Throwaway',
        phoneNumber: null,
        telegramUsername: null,
        options: { ...lena!.options, id: crypto.randomUUID() },
      })
      .returning()
    await t.db.insert(relationships).values([
      { userId: creatorId, cloneId: clone!.id, type: 'CREATOR' },
      { userId: contributorId, cloneId: clone!.id, type: 'CONTRIBUTOR' },
    ])
    return slug
  },
  removableContributorId: async () => {
    const { id } = await sessionOf(`route-contributor-${Date.now()}@likeness.test`)
    await t.db.insert(relationships).values({ userId: id, cloneId: lena!.id, type: 'CONTRIBUTOR' })
    return id
  },
}

/** Every registered write route, `METHOD url`. */
const registered = [...new Set(routes.flatMap(writeRouteKeys))].sort()

async function send(key: string, rule: RouteRule, who: Who) {
  const method = key.slice(0, key.indexOf(' ')) as 'POST'
  const request = await rule.request(fixtures, who)
  const headers = { ...(await headersOf(who, anonymousVisitor)), ...request.headers }
  const body =
    request.payload === undefined
      ? {}
      : typeof request.payload === 'string'
        ? { payload: request.payload }
        : {
            payload: JSON.stringify(request.payload),
            headers: { ...headers, 'content-type': 'application/json' },
          }
  return t.app.inject({ method, url: request.url, headers, ...body })
}

/** DELETE /api/me deletes whoever sends it: each identity sends it as a fresh user of its own kind. */
const SELF_DESTRUCTIVE = new Set(['DELETE /api/me'])

describe('the route table', () => {
  it('has an entry for every write route the app registers, and none for a route that is gone', () => {
    expect(registered.length).toBeGreaterThan(60)
    const missing = registered.filter((key) => !(key in WRITE_ROUTES))
    expect(missing, 'write routes with no entry in test/api/route-table.ts').toEqual([])
    const stale = Object.keys(WRITE_ROUTES).filter((key) => !registered.includes(key))
    expect(stale, 'entries of test/api/route-table.ts for routes the app no longer has').toEqual([])
  })
})

describe('every write route refuses whoever the table does not allow', () => {
  for (const [key, rule] of Object.entries(WRITE_ROUTES)) {
    it(key, async () => {
      if (!registered.includes(key)) return
      // The refused first: the allowed may use up or remove the fixture the others are refused on.
      const order = [...EVERY_IDENTITY].sort(
        (a, b) => Number(rule.allowed.includes(a)) - Number(rule.allowed.includes(b)),
      )
      const wrong: string[] = []
      for (const who of order) {
        if (SELF_DESTRUCTIVE.has(key) && who !== 'anonymous') {
          emails[who] = `route-self-${who.toLowerCase()}-${Date.now()}@likeness.test`
        }
        const res = await send(key, rule, who)
        if (SELF_DESTRUCTIVE.has(key)) Object.assign(emails, seededEmails)
        const allowed = rule.allowed.includes(who)
        const refused = REFUSED.includes(res.statusCode)
        const ok = allowed
          ? res.statusCode < 500 && (!refused || (rule.allowedMayAnswer ?? []).includes(res.statusCode))
          : refused || (rule.refusedMayAnswer ?? []).includes(res.statusCode)
        if (!ok)
          wrong.push(
            `${who} (${allowed ? 'allowed' : 'refused'}): ${res.statusCode} ${res.body.slice(0, 200)}`,
          )
      }
      expect(wrong, key).toEqual([])
    })
  }
})
