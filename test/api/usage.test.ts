import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ApiErrorBody, Monetization, Usage } from '../../contract'
import { createSession } from '../../server/auth/sessions'
import { periodStartOf } from '../../server/billing/quota'
import { VISITOR_COOKIE } from '../../server/chat/visitor'
import {
  billingAccounts,
  clones,
  memberships,
  messages,
  relationships,
  subscriptions,
  usageCounters,
  users,
} from '../../server/db/schema'
import { parseStreamEvents, sendChatMessage } from './chat-helpers'
import { createTestApp, type TestApp } from './helpers'

describe('usage and enforcement', () => {
  let t: TestApp
  let lenaId: string
  beforeAll(async () => {
    t = await createTestApp()
    const [lena] = await t.db.select().from(clones).where(eq(clones.slug, 'lena-hart'))
    lenaId = lena!.id
  })
  afterAll(() => t.close())

  async function newUser(email: string) {
    const [user] = await t.db.insert(users).values({ email }).returning()
    const { token } = await createSession(t.db, user!.id, 'cookie')
    return { id: user!.id, cookie: `lk_session=${token}` }
  }

  async function usage(headers: Record<string, string> = {}, slug = 'lena-hart') {
    const res = await t.app.inject({ method: 'GET', url: `/api/usage?slug=${slug}`, headers })
    expect(res.statusCode, res.body).toBe(200)
    return Usage.parse(res.json())
  }

  async function setAnonymousMessages(n: number) {
    await t.db
      .update(clones)
      .set({ anonymousQuota: { messages: n, voiceMinutes: 5, videoMinutes: 2 } })
      .where(eq(clones.id, lenaId))
  }

  it('gives an anonymous visitor the clone anonymous quota', async () => {
    const u = await usage()
    expect(u.quota).toEqual({ messages: 10, voice_seconds: 300, video_seconds: 120 })
    expect(u.usage).toEqual({ messages: 0, voice_seconds: 0, video_seconds: 0 })
    expect(u.remaining.messages).toBe(10)
    expect(u.billing.is_overage_enabled).toBe(false)
    expect(u.permissions).toEqual({ can_send_message: true, can_make_call: true, can_make_video_call: true })
    expect(new Date(u.resetsAt).getUTCDate()).toBe(1)
  })

  it('404s an unknown clone', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/usage?slug=nobody-here' })
    expect(res.statusCode).toBe(404)
    ApiErrorBody.parse(res.json())
  })

  it('counts a delivered answer once, for the visitor, in the current UTC month', async () => {
    const first = await sendChatMessage(t.app, { text: 'How long should I nap?' })
    const headers = { cookie: `${VISITOR_COOKIE}=${first.visitor}` }
    expect((await usage(headers)).usage.messages).toBe(1)
    await sendChatMessage(t.app, { text: 'And before a race?' }, first.visitor)
    const u = await usage(headers)
    expect(u.usage.messages).toBe(2)
    expect(u.remaining.messages).toBe(8)
    const rows = await t.db
      .select()
      .from(usageCounters)
      .where(eq(usageCounters.subject, `visitor:${first.visitor}`))
    expect(rows).toHaveLength(1)
    expect(rows[0]!.periodStart.toISOString()).toBe(periodStartOf(new Date()).toISOString())
  })

  it('starts again in a new month (last month rows do not count)', async () => {
    const visitor = 'lastmonthvisitor0001'
    const lastMonth = new Date(periodStartOf(new Date()).getTime() - 24 * 3600 * 1000)
    await t.db.insert(usageCounters).values({
      cloneId: lenaId,
      subject: `visitor:${visitor}`,
      periodStart: periodStartOf(lastMonth),
      messages: 10,
    })
    const u = await usage({ cookie: `${VISITOR_COOKIE}=${visitor}` })
    expect(u.usage.messages).toBe(0)
    expect(u.permissions.can_send_message).toBe(true)
  })

  it('answers 402 as JSON before any token when the quota is used up, and stores nothing', async () => {
    const visitor = 'fullvisitor000000001'
    await t.db.insert(usageCounters).values({
      cloneId: lenaId,
      subject: `visitor:${visitor}`,
      periodStart: periodStartOf(new Date()),
      messages: 10,
    })
    const before = await t.db.$count(messages)
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/clone/talk/messages/stream',
      payload: { slug: 'lena-hart', text: 'One more question?' },
      headers: { cookie: `${VISITOR_COOKIE}=${visitor}` },
    })
    expect(res.statusCode).toBe(402)
    expect(res.headers['content-type']).toMatch(/^application\/json/)
    expect(ApiErrorBody.parse(res.json()).error.code).toBe('payment_required')
    expect(await t.db.$count(messages)).toBe(before)
    const u = await usage({ cookie: `${VISITOR_COOKIE}=${visitor}` })
    expect(u.remaining.messages).toBe(0)
    expect(u.permissions.can_send_message).toBe(false)
  })

  it('refuses a visitor without a cookie when the anonymous quota is 0', async () => {
    await setAnonymousMessages(0)
    try {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/clone/talk/messages/stream',
        payload: { slug: 'lena-hart', text: 'Hello?' },
      })
      expect(res.statusCode).toBe(402)
      expect(res.cookies.find((c) => c.name === VISITOR_COOKIE)).toBeUndefined()
    } finally {
      await setAnonymousMessages(10)
    }
  })

  it('lets a user with overage go past the quota', async () => {
    const user = await newUser('overage@example.com')
    await t.db.insert(usageCounters).values({
      cloneId: lenaId,
      subject: `user:${user.id}`,
      periodStart: periodStartOf(new Date()),
      messages: 10,
    })
    expect((await usage({ cookie: user.cookie })).permissions.can_send_message).toBe(false)
    await t.db.insert(billingAccounts).values({ userId: user.id, overageEnabled: true })
    const u = await usage({ cookie: user.cookie })
    expect(u.billing.is_overage_enabled).toBe(true)
    expect(u.permissions.can_send_message).toBe(true)
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/clone/talk/messages/stream',
      payload: { slug: 'lena-hart', text: 'Past my quota?' },
      headers: { cookie: user.cookie },
    })
    expect(res.statusCode).toBe(200)
    expect(parseStreamEvents(res.body).at(-1)).toHaveProperty('message')
    expect((await usage({ cookie: user.cookie })).usage.messages).toBe(11)
  })

  it('takes the quota of the active subscription membership', async () => {
    const user = await newUser('member@example.com')
    const [rested] = await t.db
      .select()
      .from(memberships)
      .where(and(eq(memberships.cloneId, lenaId), eq(memberships.name, 'Rested')))
    const now = new Date()
    await t.db.insert(subscriptions).values({
      userId: user.id,
      cloneId: lenaId,
      membershipId: rested!.id,
      basis: 'monthly',
      currentPeriodStart: now,
      currentPeriodEnd: new Date(now.getTime() + 30 * 86400_000),
      provider: 'local',
    })
    const u = await usage({ cookie: user.cookie })
    expect(u.quota).toEqual({ messages: 200, voice_seconds: 600, video_seconds: 0 })
    expect(u.permissions.can_make_video_call).toBe(false)
  })

  it('gives a signed-in user without subscription the anonymous quota', async () => {
    const user = await newUser('plain@example.com')
    expect((await usage({ cookie: user.cookie })).quota.messages).toBe(10)
  })

  it('gives creators and contributors unlimited use', async () => {
    for (const type of ['CREATOR', 'CONTRIBUTOR'] as const) {
      const user = await newUser(`${type.toLowerCase()}@example.com`)
      await t.db.insert(relationships).values({ userId: user.id, cloneId: lenaId, type })
      const u = await usage({ cookie: user.cookie })
      expect(u.quota).toEqual({ messages: -1, voice_seconds: -1, video_seconds: -1 })
      expect(u.remaining).toEqual({ messages: -1, voice_seconds: -1, video_seconds: -1 })
      expect(u.permissions.can_send_message).toBe(true)
    }
  })

  it('describes the monetization of a clone', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/clones/lena-hart/monetization' })
    expect(res.statusCode, res.body).toBe(200)
    const m = Monetization.parse(res.json())
    expect(m.anonymous_quota).toEqual({ messages: 10, voice_minutes: 5, video_minutes: 2 })
    expect(m.has_upsell_options).toBe(true)
    expect(m.memberships.map((x) => x.name)).toContain('Rested')
    expect(m.active_subscription).toBeNull()
  })
})
