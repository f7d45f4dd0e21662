import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ApiErrorBody, Monetization, Usage } from '../../contract'
import { VISITOR_COOKIE } from '../../server/auth/visitor'
import { periodStartOf } from '../../server/billing/quota'
import {
  billingAccounts,
  clones,
  instances,
  memberships,
  messages,
  relationships,
  subscriptions,
  usageCounters,
} from '../../server/db/schema'
import { parseStreamEvents, sendChatMessage } from './chat-helpers'
import { createTestApp, type TestApp, userWithSession } from './helpers'

describe('usage and enforcement', () => {
  let t: TestApp
  let lenaId: string
  beforeAll(async () => {
    t = await createTestApp()
    const [lena] = await t.db.select().from(clones).where(eq(clones.slug, 'lena-hart'))
    lenaId = lena!.id
  })
  afterAll(() => t.close())

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

  async function subscribe(
    userId: string,
    name: string,
    period: { start?: Date; end?: Date; cancelAtPeriodEnd?: boolean; provider?: 'local' | 'stripe' } = {},
  ) {
    const [membership] = await t.db
      .select()
      .from(memberships)
      .where(and(eq(memberships.cloneId, lenaId), eq(memberships.name, name)))
    const now = new Date()
    const [row] = await t.db
      .insert(subscriptions)
      .values({
        userId,
        cloneId: lenaId,
        membershipId: membership!.id,
        basis: 'monthly',
        currentPeriodStart: period.start ?? now,
        currentPeriodEnd: period.end ?? new Date(now.getTime() + 30 * 86400_000),
        cancelAtPeriodEnd: period.cancelAtPeriodEnd ?? false,
        provider: period.provider ?? 'local',
        providerSubscriptionId: period.provider === 'stripe' ? `sub_${userId}` : null,
      })
      .returning()
    return row!
  }

  const stream = (cookie: string, extra: object = {}) =>
    t.app.inject({
      method: 'POST',
      url: '/api/clone/talk/messages/stream',
      payload: { slug: 'lena-hart', text: 'Past my quota?', ...extra },
      headers: { cookie },
    })

  it('lets overage lift a paid membership quota, never the free one', async () => {
    const user = await userWithSession(t.db, 'overage@example.com')
    const periodStart = periodStartOf(new Date())
    await t.db
      .insert(usageCounters)
      .values({ cloneId: lenaId, subject: `user:${user.id}`, periodStart, messages: 10 })
    await t.db.insert(billingAccounts).values({ userId: user.id, overageEnabled: true })
    // Without a membership the anonymous quota binds, overage or not.
    const free = await usage({ cookie: user.cookie })
    expect(free.billing.is_overage_enabled).toBe(false)
    expect(free.permissions.can_send_message).toBe(false)
    expect((await stream(user.cookie)).statusCode).toBe(402)

    await subscribe(user.id, 'Rested')
    await t.db
      .update(usageCounters)
      .set({ messages: 200 })
      .where(eq(usageCounters.subject, `user:${user.id}`))
    const paid = await usage({ cookie: user.cookie })
    expect(paid.quota.messages).toBe(200)
    expect(paid.billing.is_overage_enabled).toBe(true)
    expect(paid.permissions.can_send_message).toBe(true)
    const res = await stream(user.cookie)
    expect(res.statusCode).toBe(200)
    expect(parseStreamEvents(res.body).at(-1)).toHaveProperty('message')
    expect((await usage({ cookie: user.cookie })).usage.messages).toBe(201)

    await t.db
      .update(billingAccounts)
      .set({ overageEnabled: false })
      .where(eq(billingAccounts.userId, user.id))
    expect((await stream(user.cookie)).statusCode).toBe(402)
  })

  it('answers 404, not 402, for a conversation that is not yours even over the quota', async () => {
    const user = await userWithSession(t.db, 'overquota-404@example.com')
    await t.db.insert(usageCounters).values({
      cloneId: lenaId,
      subject: `user:${user.id}`,
      periodStart: periodStartOf(new Date()),
      messages: 10,
    })
    expect((await stream(user.cookie)).statusCode).toBe(402)
    const res = await stream(user.cookie, { conversationId: '00000000-0000-4000-8000-000000000000' })
    expect(res.statusCode).toBe(404)
  })

  it('counts the anonymous quota per clone and instance', async () => {
    const visitor = 'instancevisitor00001'
    const [clinic] = await t.db.select().from(instances).where(eq(instances.slug, 'clinic'))
    await t.db.insert(usageCounters).values({
      cloneId: lenaId,
      subject: `visitor:${visitor}`,
      periodStart: periodStartOf(new Date()),
      messages: 10,
    })
    const cookie = `${VISITOR_COOKIE}=${visitor}`
    expect((await usage({ cookie })).permissions.can_send_message).toBe(false)
    const atClinic = await t.app.inject({
      method: 'GET',
      url: '/api/usage?slug=lena-hart&instanceSlug=clinic',
      headers: { cookie },
    })
    expect(Usage.parse(atClinic.json()).usage.messages).toBe(0)
    await sendChatMessage(t.app, { text: 'At the clinic now', instanceId: clinic!.id }, visitor)
    const rows = await t.db
      .select()
      .from(usageCounters)
      .where(eq(usageCounters.subject, `visitor:${visitor}`))
    expect(rows.map((r) => [r.instanceId, r.messages]).sort()).toEqual(
      [
        [clinic!.id, 1],
        [null, 10],
      ].sort(),
    )
  })

  it("counts an instance membership's usage on its instance, and gives it only there", async () => {
    const user = await userWithSession(t.db, 'instance-member@example.com')
    const [clinic] = await t.db.select().from(instances).where(eq(instances.slug, 'clinic'))
    const [clinicPlan] = await t.db
      .insert(memberships)
      .values({
        cloneId: lenaId,
        instanceId: clinic!.id,
        name: 'Clinic only',
        basePrice: 5,
        includedMessagesPerMonth: 3,
        includedMinutesPerMonth: 0,
        includedVideoMinutesPerMonth: 0,
      })
      .returning()
    const now = new Date()
    await t.db.insert(subscriptions).values({
      userId: user.id,
      cloneId: lenaId,
      membershipId: clinicPlan!.id,
      basis: 'monthly',
      currentPeriodStart: now,
      currentPeriodEnd: new Date(now.getTime() + 86400_000),
      provider: 'local',
    })
    const clinicUsage = async () =>
      Usage.parse(
        (
          await t.app.inject({
            method: 'GET',
            url: '/api/usage?slug=lena-hart&instanceSlug=clinic',
            headers: { cookie: user.cookie },
          })
        ).json(),
      )
    expect((await clinicUsage()).quota.messages).toBe(3)
    expect((await usage({ cookie: user.cookie })).quota.messages).toBe(10)
    expect((await stream(user.cookie, { instanceId: clinic!.id })).statusCode).toBe(200)
    expect((await clinicUsage()).usage.messages).toBe(1)
    expect((await usage({ cookie: user.cookie })).usage.messages).toBe(0)
    await t.db.update(memberships).set({ active: false }).where(eq(memberships.id, clinicPlan!.id))
  })

  it('ends a subscription set to cancel once its period is over, and renews a local one', async () => {
    const day = 86400_000
    const leaving = await userWithSession(t.db, 'leaving@example.com')
    const ended = await subscribe(leaving.id, 'Rested', {
      start: new Date(Date.now() - 31 * day),
      end: new Date(Date.now() - day),
      cancelAtPeriodEnd: true,
    })
    expect((await usage({ cookie: leaving.cookie })).quota.messages).toBe(10)
    const [endedRow] = await t.db.select().from(subscriptions).where(eq(subscriptions.id, ended.id))
    expect(endedRow!.status).toBe('canceled')

    const staying = await userWithSession(t.db, 'staying@example.com')
    const lastEnd = new Date(Date.now() - 40 * day)
    const renewed = await subscribe(staying.id, 'Rested', {
      start: new Date(lastEnd.getTime() - 30 * day),
      end: lastEnd,
    })
    expect((await usage({ cookie: staying.cookie })).quota.messages).toBe(200)
    const [renewedRow] = await t.db.select().from(subscriptions).where(eq(subscriptions.id, renewed.id))
    expect(renewedRow!.status).toBe('active')
    expect(renewedRow!.currentPeriodStart.getTime()).toBeLessThanOrEqual(Date.now())
    expect(renewedRow!.currentPeriodEnd.getTime()).toBeGreaterThan(Date.now())

    // Stripe renews its own subscriptions (and says so by webhook): nothing is renewed here.
    const stripeUser = await userWithSession(t.db, 'stripe-renewing@example.com')
    const stripeSub = await subscribe(stripeUser.id, 'Rested', {
      end: new Date(Date.now() - day),
      provider: 'stripe',
    })
    expect((await usage({ cookie: stripeUser.cookie })).quota.messages).toBe(200)
    const [stripeRow] = await t.db.select().from(subscriptions).where(eq(subscriptions.id, stripeSub.id))
    expect(stripeRow!.currentPeriodEnd.getTime()).toBe(stripeSub.currentPeriodEnd.getTime())
  })

  it('takes the quota of the active subscription membership', async () => {
    const user = await userWithSession(t.db, 'member@example.com')
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

  it('knows a cookieless (desktop) visitor by its visitor header: its conversations and its quota', async () => {
    await setAnonymousMessages(2)
    try {
      const desktop = { origin: 'app://renderer', 'x-likeness-visitor': 'desktopvisitor_000000001' }
      const send = (extra: object = {}) =>
        t.app.inject({
          method: 'POST',
          url: '/api/clone/talk/messages/stream',
          payload: { slug: 'lena-hart', text: 'From the desktop app', ...extra },
          headers: desktop,
        })
      const first = await send()
      expect(first.statusCode).toBe(200)
      expect(first.cookies.find((c) => c.name === VISITOR_COOKIE)).toBeUndefined()
      const conversationId = (parseStreamEvents(first.body).at(-1) as { message: { conversationId: string } })
        .message.conversationId
      const read = (headers: Record<string, string>) =>
        t.app.inject({ method: 'GET', url: `/api/clone/talk/conversations/${conversationId}`, headers })
      expect((await read(desktop)).statusCode).toBe(200)
      expect((await read({ 'x-likeness-visitor': 'someoneelse_000000000001' })).statusCode).toBe(404)
      expect((await read({})).statusCode).toBe(404)

      expect((await send({ conversationId })).statusCode).toBe(200)
      expect((await usage(desktop)).usage.messages).toBe(2)
      expect((await send({ conversationId })).statusCode).toBe(402)
      // A malformed header names nobody.
      expect((await usage({ 'x-likeness-visitor': 'short' })).usage.messages).toBe(0)
    } finally {
      await setAnonymousMessages(10)
    }
  })

  it('gives a signed-in user without subscription the anonymous quota', async () => {
    const user = await userWithSession(t.db, 'plain@example.com')
    expect((await usage({ cookie: user.cookie })).quota.messages).toBe(10)
  })

  it('gives creators and contributors unlimited use', async () => {
    for (const type of ['CREATOR', 'CONTRIBUTOR'] as const) {
      const user = await userWithSession(t.db, `${type.toLowerCase()}@example.com`)
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
