import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ActiveSubscription, CreateSubscriptionResponse, Monetization, Usage } from '../../contract'
import { clones, memberships, relationships, subscriptions } from '../../server/db/schema'
import { createTestApp, type TestApp, userWithSession } from './helpers'

describe('subscriptions with the local test-mode checkout', () => {
  let t: TestApp
  let lenaId: string
  let rested: string
  let raceReady: string
  const origin = 'http://localhost:8787'
  const redirect = `${origin}/lena-hart/talk`
  beforeAll(async () => {
    t = await createTestApp()
    const [lena] = await t.db.select().from(clones).where(eq(clones.slug, 'lena-hart'))
    lenaId = lena!.id
    const rows = await t.db.select().from(memberships).where(eq(memberships.cloneId, lenaId))
    rested = rows.find((m) => m.name === 'Rested')!.id
    raceReady = rows.find((m) => m.name === 'Race Ready')!.id
  })
  afterAll(() => t.close())

  const post = (url: string, cookie: string | undefined, payload: object) =>
    t.app.inject({ method: 'POST', url, payload, headers: cookie ? { cookie } : {} })

  async function checkout(cookie: string, membershipId: string, basis: 'monthly' | 'annual') {
    const res = await post('/api/subscriptions', cookie, {
      redirect_url: redirect,
      membershipId,
      slug: 'lena-hart',
      basis,
    })
    expect(res.statusCode, res.body).toBe(200)
    return CreateSubscriptionResponse.parse(res.json())
  }

  async function pay(checkoutUrl: string, action: 'pay' | 'cancel' = 'pay') {
    const path = new URL(checkoutUrl).pathname
    const page = await t.app.inject({ method: 'GET', url: path })
    expect(page.statusCode).toBe(200)
    expect(page.headers['content-type']).toMatch(/^text\/html/)
    expect(page.body).toContain('TEST MODE — no real payment')
    const res = await t.app.inject({
      method: 'POST',
      url: path,
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin },
      payload: `action=${action}`,
    })
    expect(res.statusCode, res.body).toBe(303)
    expect(res.headers.location).toBe(`${redirect}?checkout=${action === 'pay' ? 'success' : 'canceled'}`)
    return page.body
  }

  async function monetization(cookie: string) {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/clones/lena-hart/monetization',
      headers: { cookie },
    })
    return Monetization.parse(res.json())
  }

  it('needs sign-in', async () => {
    const res = await post('/api/subscriptions', undefined, {
      redirect_url: redirect,
      membershipId: rested,
      slug: 'lena-hart',
      basis: 'monthly',
    })
    expect(res.statusCode).toBe(401)
  })

  it('refuses creators and contributors', async () => {
    for (const type of ['CREATOR', 'CONTRIBUTOR'] as const) {
      const user = await userWithSession(t.db, `sub-${type.toLowerCase()}@example.com`)
      await t.db.insert(relationships).values({ userId: user.id, cloneId: lenaId, type })
      const res = await post('/api/subscriptions', user.cookie, {
        redirect_url: redirect,
        membershipId: rested,
        slug: 'lena-hart',
        basis: 'monthly',
      })
      expect(res.statusCode).toBe(403)
      expect(res.json().error.message).toBe("You can't subscribe to your own clone")
    }
  })

  it('404s an unknown membership, 400s a period without price and a foreign redirect', async () => {
    const user = await userWithSession(t.db, 'sub-errors@example.com')
    const base = { redirect_url: redirect, slug: 'lena-hart', basis: 'monthly' }
    const unknown = await post('/api/subscriptions', user.cookie, {
      ...base,
      membershipId: '00000000-0000-4000-8000-000000000000',
    })
    expect(unknown.statusCode).toBe(404)
    await t.db.update(memberships).set({ annualPrice: null }).where(eq(memberships.id, rested))
    try {
      const noAnnual = await post('/api/subscriptions', user.cookie, {
        ...base,
        membershipId: rested,
        basis: 'annual',
      })
      expect(noAnnual.statusCode).toBe(400)
      expect(noAnnual.json().error.message).toBe('Invalid unit for membership')
    } finally {
      await t.db.update(memberships).set({ annualPrice: 90 }).where(eq(memberships.id, rested))
    }
    const foreign = await post('/api/subscriptions', user.cookie, {
      ...base,
      membershipId: rested,
      redirect_url: 'https://evil.example/steal',
    })
    expect(foreign.statusCode).toBe(400)
  })

  it('subscribes, cancels at period end, resumes and switches', async () => {
    const user = await userWithSession(t.db, 'subscriber@example.com')
    const started = await checkout(user.cookie, rested, 'monthly')
    expect(started.checkout_url).toBe(`${origin}/checkout/${started.client_secret}`)
    const page = await pay(started.checkout_url)
    expect(page).toContain('Pay $9')
    expect(page).toContain('Rested')

    let m = await monetization(user.cookie)
    expect(m.active_subscription).toMatchObject({ basis: 'monthly', willCancelAtPeriodEnd: false })
    expect(m.active_subscription!.membership.id).toBe(rested)
    const usage = Usage.parse(
      (
        await t.app.inject({
          method: 'GET',
          url: '/api/usage?slug=lena-hart',
          headers: { cookie: user.cookie },
        })
      ).json(),
    )
    expect(usage.quota.messages).toBe(200)

    // The checkout is used up: its page is gone.
    expect(
      (await t.app.inject({ method: 'GET', url: new URL(started.checkout_url).pathname })).statusCode,
    ).toBe(404)

    const cancel = await post('/api/subscriptions/cancel-link', user.cookie, {
      cloneSlug: 'lena-hart',
      redirect_url: redirect,
      reason: 'too expensive; I do not use it often enough these days',
    })
    expect(cancel.statusCode, cancel.body).toBe(200)
    expect(cancel.json().url).toBe(redirect)
    m = await monetization(user.cookie)
    expect(m.active_subscription!.willCancelAtPeriodEnd).toBe(true)
    const [row] = await t.db.select().from(subscriptions).where(eq(subscriptions.userId, user.id))
    expect(row!.cancelReason).toContain('too expensive')

    const resume = await post('/api/subscriptions/resume', user.cookie, { cloneSlug: 'lena-hart' })
    expect(resume.statusCode, resume.body).toBe(200)
    expect(ActiveSubscription.parse(resume.json()).willCancelAtPeriodEnd).toBe(false)

    const update = await post('/api/subscriptions/update-link', user.cookie, {
      cloneSlug: 'lena-hart',
      redirect_url: redirect,
      membershipId: raceReady,
      basis: 'annual',
    })
    expect(update.statusCode, update.body).toBe(200)
    expect(await pay(update.json().url)).toContain('Pay $190')
    m = await monetization(user.cookie)
    expect(m.active_subscription!.membership.id).toBe(raceReady)
    expect(m.active_subscription!.basis).toBe('annual')
    const active = await t.db
      .select()
      .from(subscriptions)
      .where(and(eq(subscriptions.userId, user.id), eq(subscriptions.status, 'active')))
    expect(active).toHaveLength(1)
  })

  it('leaves no subscription when the checkout is cancelled', async () => {
    const user = await userWithSession(t.db, 'changed-mind@example.com')
    const started = await checkout(user.cookie, rested, 'monthly')
    await pay(started.checkout_url, 'cancel')
    expect((await monetization(user.cookie)).active_subscription).toBeNull()
  })

  it('refuses a checkout form posted from another site', async () => {
    const user = await userWithSession(t.db, 'csrf@example.com')
    const started = await checkout(user.cookie, rested, 'monthly')
    const res = await t.app.inject({
      method: 'POST',
      url: new URL(started.checkout_url).pathname,
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://evil.example' },
      payload: 'action=pay',
    })
    expect(res.statusCode).toBe(403)
    expect((await monetization(user.cookie)).active_subscription).toBeNull()
  })

  it('404s resume without a subscription', async () => {
    const user = await userWithSession(t.db, 'nosub@example.com')
    expect(
      (await post('/api/subscriptions/resume', user.cookie, { cloneSlug: 'lena-hart' })).statusCode,
    ).toBe(404)
  })
})
