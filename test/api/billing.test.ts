import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { BillingOverview, CloneProfile, SignInResponse } from '../../contract'
import { periodStartOf } from '../../server/billing/quota'
import {
  PROCESSED_EVENT_KEEP_MS,
  sweepBilling,
  UNFINISHED_CHECKOUT_KEEP_MS,
} from '../../server/billing/sweeper'
import {
  checkoutSessions,
  clones,
  memberships,
  processedEvents,
  subscriptions,
  usageCounters,
} from '../../server/db/schema'
import { createTestApp, type TestApp, userWithSession } from './helpers'

describe('/api/billing, overage, the sweeper and the embed handoff', () => {
  let t: TestApp
  let lenaId: string
  beforeAll(async () => {
    t = await createTestApp()
    const [lena] = await t.db.select().from(clones).where(eq(clones.slug, 'lena-hart'))
    lenaId = lena!.id
  })
  afterAll(() => t.close())

  async function plan(name: string) {
    const [row] = await t.db
      .select()
      .from(memberships)
      .where(and(eq(memberships.cloneId, lenaId), eq(memberships.name, name)))
    return row!
  }

  async function subscribe(userId: string, name: string, end = new Date(Date.now() + 20 * 86400_000)) {
    const [row] = await t.db
      .insert(subscriptions)
      .values({
        userId,
        cloneId: lenaId,
        membershipId: (await plan(name)).id,
        basis: 'monthly',
        currentPeriodStart: new Date(end.getTime() - 30 * 86400_000),
        currentPeriodEnd: end,
        provider: 'local',
      })
      .returning()
    return row!
  }

  const overview = async (cookie: string) => {
    const res = await t.app.inject({ method: 'GET', url: '/api/billing', headers: { cookie } })
    expect(res.statusCode, res.body).toBe(200)
    expect(res.headers['cache-control']).toBe('no-store')
    return BillingOverview.parse(res.json())
  }
  const setOverage = (cookie: string, enabled: boolean) =>
    t.app.inject({ method: 'PUT', url: '/api/billing/overage', headers: { cookie }, payload: { enabled } })

  it('needs a signed-in user', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/billing' })).statusCode).toBe(401)
    const put = await t.app.inject({ method: 'PUT', url: '/api/billing/overage', payload: { enabled: true } })
    expect(put.statusCode).toBe(401)
  })

  it('lists the active subscriptions with the clone and this month usage against the plan', async () => {
    const user = await userWithSession(t.db, 'lister@example.com')
    expect(await overview(user.cookie)).toEqual({
      subscriptions: [],
      overage: { enabled: false, available: false },
      testMode: true,
    })
    await subscribe(user.id, 'Rested')
    await t.db.insert(usageCounters).values({
      cloneId: lenaId,
      subject: `user:${user.id}`,
      periodStart: periodStartOf(new Date()),
      messages: 12,
    })
    const listed = await overview(user.cookie)
    expect(listed.subscriptions).toHaveLength(1)
    expect(listed.subscriptions[0]).toMatchObject({
      clone: { slug: 'lena-hart', name: 'Dr. Lena Hart' },
      instance: null,
      membership: { name: 'Rested' },
      basis: 'monthly',
      willCancelAtPeriodEnd: false,
      usage: { used: { messages: 12 }, quota: { messages: 200 } },
    })
    expect(listed.overage).toEqual({ enabled: false, available: true })
  })

  it('turns overage on only over a paid membership, and off at any time', async () => {
    const user = await userWithSession(t.db, 'overage-toggle@example.com')
    const refused = await setOverage(user.cookie, true)
    expect(refused.statusCode).toBe(409)
    expect(refused.json().error.message).toBe('Overage needs an active paid membership.')
    expect((await setOverage(user.cookie, false)).statusCode).toBe(200)

    await subscribe(user.id, 'Rested')
    const on = await setOverage(user.cookie, true)
    expect(on.statusCode, on.body).toBe(200)
    expect(on.json()).toEqual({ enabled: true, available: true })
    expect((await overview(user.cookie)).overage.enabled).toBe(true)
    const usage = await t.app.inject({
      method: 'GET',
      url: '/api/usage?slug=lena-hart',
      headers: { cookie: user.cookie },
    })
    expect(usage.json().billing.is_overage_enabled).toBe(true)
    expect((await setOverage(user.cookie, false)).json()).toEqual({ enabled: false, available: true })

    const bad = await t.app.inject({
      method: 'PUT',
      url: '/api/billing/overage',
      headers: { cookie: user.cookie },
      payload: { enabled: 'yes' },
    })
    expect(bad.statusCode).toBe(400)
  })

  it('sweeps: ends and renews subscriptions past their period, expires and later deletes checkouts', async () => {
    const user = await userWithSession(t.db, 'swept@example.com')
    const now = new Date()
    const past = new Date(now.getTime() - 86400_000)
    const ending = await subscribe(user.id, 'Rested', past)
    await t.db.update(subscriptions).set({ cancelAtPeriodEnd: true }).where(eq(subscriptions.id, ending.id))
    const renewer = await userWithSession(t.db, 'renewer@example.com')
    const renewing = await subscribe(renewer.id, 'Rested', past)

    const membershipId = (await plan('Rested')).id
    const checkout = (secret: string, createdAt: Date, expiresAt: Date, status: 'open' | 'canceled') => ({
      clientSecret: `cs_local_${secret}`,
      userId: user.id,
      cloneId: lenaId,
      membershipId,
      basis: 'monthly' as const,
      amountCents: 900,
      redirectUrl: 'http://localhost:8787/lena-hart/talk',
      provider: 'local' as const,
      status,
      createdAt,
      expiresAt,
    })
    const old = new Date(now.getTime() - UNFINISHED_CHECKOUT_KEEP_MS - 86400_000)
    await t.db
      .insert(checkoutSessions)
      .values([
        checkout('sweep_open_expired_0000000', new Date(now.getTime() - 7200_000), past, 'open'),
        checkout('sweep_open_fresh_000000000', now, new Date(now.getTime() + 3600_000), 'open'),
        checkout('sweep_old_canceled_0000000', old, old, 'canceled'),
      ])

    // Deliveries handled over a year ago are forgotten; recent ones are kept (a replay is still refused).
    const yearAgo = new Date(now.getTime() - PROCESSED_EVENT_KEEP_MS - 86400_000)
    await t.db.insert(processedEvents).values([
      { id: 'evt_sweep_old', type: 'customer.subscription.updated', processedAt: yearAgo },
      { id: 'evt_sweep_recent', type: 'customer.subscription.updated', processedAt: past },
    ])

    const result = await sweepBilling(t.db, now)
    expect(result.eventsForgotten).toBeGreaterThanOrEqual(1)
    const kept = (await t.db.select().from(processedEvents)).map((e) => e.id)
    expect(kept).toContain('evt_sweep_recent')
    expect(kept).not.toContain('evt_sweep_old')
    expect(result.subscriptionsSettled).toBeGreaterThanOrEqual(2)
    expect(result.checkoutsExpired).toBeGreaterThanOrEqual(1)
    expect(result.checkoutsDeleted).toBeGreaterThanOrEqual(1)

    const [ended] = await t.db.select().from(subscriptions).where(eq(subscriptions.id, ending.id))
    expect(ended!.status).toBe('canceled')
    const [renewed] = await t.db.select().from(subscriptions).where(eq(subscriptions.id, renewing.id))
    expect(renewed!.status).toBe('active')
    expect(renewed!.currentPeriodStart.getTime()).toBe(past.getTime())
    expect(renewed!.currentPeriodEnd.getTime()).toBeGreaterThan(now.getTime())

    const left = await t.db.select().from(checkoutSessions).where(eq(checkoutSessions.userId, user.id))
    const bySecret = Object.fromEntries(left.map((c) => [c.clientSecret, c.status]))
    expect(bySecret).toEqual({
      cs_local_sweep_open_expired_0000000: 'expired',
      cs_local_sweep_open_fresh_000000000: 'open',
    })
    // The sweep is idempotent.
    const again = await sweepBilling(t.db, now)
    expect(again).toEqual({
      subscriptionsSettled: 0,
      checkoutsExpired: 0,
      checkoutsDeleted: 0,
      eventsForgotten: 0,
    })
  })

  it('hands an embed bearer session over to a session cookie of the same user', async () => {
    const user = await userWithSession(t.db, 'embedded@example.com', 'bearer')
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/handoff',
      headers: { authorization: `Bearer ${user.token}` },
      payload: {},
    })
    expect(res.statusCode, res.body).toBe(200)
    expect(SignInResponse.parse(res.json())).toEqual({ user: expect.objectContaining({ id: user.id }) })
    const cookie = res.cookies.find((c) => c.name === 'lk_session')
    expect(cookie?.httpOnly).toBe(true)
    expect(cookie?.value).not.toBe(user.token)
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/me',
      headers: { cookie: `lk_session=${cookie!.value}` },
    })
    expect(me.json().user.id).toBe(user.id)

    // Not a bearer session: nothing to hand over; no session: 401; a bad token: 401.
    const web = await userWithSession(t.db, 'web-only@example.com')
    const fromCookie = await t.app.inject({
      method: 'POST',
      url: '/api/auth/handoff',
      headers: { cookie: web.cookie, origin: 'http://localhost:8787' },
      payload: {},
    })
    expect(fromCookie.statusCode).toBe(400)
    const bogus = await t.app.inject({
      method: 'POST',
      url: '/api/auth/handoff',
      headers: { authorization: `Bearer ${'x'.repeat(40)}` },
      payload: {},
    })
    expect(bogus.statusCode).toBe(401)
  })

  it("serves a clone's own upsell title, or null for the generic one", async () => {
    const tomas = CloneProfile.parse(
      (await t.app.inject({ method: 'GET', url: '/api/clones/tomas-rivera' })).json(),
    )
    expect(tomas.upsellTitle).toBe("You've cooked through this month's free questions for {name}")
    const lena = CloneProfile.parse(
      (await t.app.inject({ method: 'GET', url: '/api/clones/lena-hart' })).json(),
    )
    expect(lena.upsellTitle).toBeNull()
  })
})
