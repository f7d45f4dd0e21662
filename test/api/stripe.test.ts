import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { BillingOverview, CreateSubscriptionResponse, Monetization } from '../../contract'
import { createSession } from '../../server/auth/sessions'
import { stripeSignature, verifyStripeSignature } from '../../server/billing/stripe'
import {
  billingAccounts,
  checkoutSessions,
  clones,
  memberships,
  processedEvents,
  subscriptions,
  users,
} from '../../server/db/schema'
import { createTestApp, type TestApp, userWithSession } from './helpers'

const WEBHOOK_SECRET = 'whsec_test_secret'

describe('Stripe payments', () => {
  let t: TestApp
  let fake: Server
  let failNextDelete = false
  const calls: { method: string; path: string; body: URLSearchParams }[] = []
  beforeAll(async () => {
    fake = createServer((req, res) => {
      let body = ''
      req.on('data', (c) => {
        body += c
      })
      req.on('end', () => {
        calls.push({ method: req.method ?? '', path: req.url ?? '', body: new URLSearchParams(body) })
        res.setHeader('content-type', 'application/json')
        if (req.method === 'DELETE' && failNextDelete) {
          failNextDelete = false
          res.statusCode = 500
          res.end(JSON.stringify({ error: { code: 'api_error' } }))
        } else if (req.url?.startsWith('/v1/subscriptions/sub_gone')) {
          res.statusCode = 404
          res.end(JSON.stringify({ error: { code: 'resource_missing' } }))
        } else if (req.url === '/v1/checkout/sessions') {
          res.end(JSON.stringify({ id: `cs_test_${calls.length}`, url: 'https://checkout.stripe.test/pay' }))
        } else res.end(JSON.stringify({ id: 'sub_1' }))
      })
    })
    await new Promise<void>((resolve) => fake.listen(0, '127.0.0.1', resolve))
    const port = (fake.address() as AddressInfo).port
    t = await createTestApp({
      env: {
        STRIPE_SECRET_KEY: 'sk_test_fake',
        STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
        STRIPE_API_BASE_URL: `http://127.0.0.1:${port}/v1`,
      },
    })
  })
  afterAll(async () => {
    await t.close()
    await new Promise((resolve) => fake.close(resolve))
  })

  const webhook = (payload: string, signature: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/stripe/webhook',
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
      payload,
    })
  const now = () => Math.floor(Date.now() / 1000)

  it('verifies signatures with the tolerance', () => {
    const sig = stripeSignature('{}', 's', 1000)
    expect(verifyStripeSignature('{}', sig, 's', 1000)).toBe(true)
    expect(verifyStripeSignature('{ }', sig, 's', 1000)).toBe(false)
    expect(verifyStripeSignature('{}', sig, 'other', 1000)).toBe(false)
    expect(verifyStripeSignature('{}', sig, 's', 1301)).toBe(false)
    expect(verifyStripeSignature('{}', undefined, 's', 1000)).toBe(false)
  })

  it('checks out with Stripe and activates on a signed, idempotent webhook', async () => {
    const [lena] = await t.db.select().from(clones).where(eq(clones.slug, 'lena-hart'))
    const [rested] = (await t.db.select().from(memberships).where(eq(memberships.cloneId, lena!.id))).filter(
      (m) => m.name === 'Rested',
    )
    const [user] = await t.db.insert(users).values({ email: 'stripe@example.com' }).returning()
    const { token } = await createSession(t.db, user!.id, 'cookie')
    const cookie = `lk_session=${token}`
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/subscriptions',
      headers: { cookie },
      payload: {
        redirect_url: 'http://localhost:8787/lena-hart/talk',
        membershipId: rested!.id,
        slug: 'lena-hart',
        basis: 'monthly',
      },
    })
    expect(res.statusCode, res.body).toBe(200)
    expect(CreateSubscriptionResponse.parse(res.json()).checkout_url).toBe('https://checkout.stripe.test/pay')
    const sent = calls.find((c) => c.path === '/v1/checkout/sessions')!
    expect(sent.body.get('mode')).toBe('subscription')
    expect(sent.body.get('line_items[0][price_data][unit_amount]')).toBe('900')
    expect(sent.body.get('line_items[0][price_data][recurring][interval]')).toBe('month')
    expect(sent.body.get('success_url')).toBe('http://localhost:8787/lena-hart/talk?checkout=success')
    expect(sent.body.get('cancel_url')).toBe('http://localhost:8787/lena-hart/talk?checkout=canceled')

    const event = JSON.stringify({
      id: 'evt_1',
      type: 'checkout.session.completed',
      data: { object: { id: 'cs_test_1', subscription: 'sub_1' } },
    })
    const wrong = await webhook(event, stripeSignature(event, 'whsec_wrong', now()))
    expect(wrong.statusCode).toBe(400)
    expect(await t.db.$count(processedEvents)).toBe(0)

    const monetization = async () =>
      Monetization.parse(
        (
          await t.app.inject({
            method: 'GET',
            url: '/api/clones/lena-hart/monetization',
            headers: { cookie },
          })
        ).json(),
      )
    expect((await monetization()).active_subscription).toBeNull()

    const ok = await webhook(event, stripeSignature(event, WEBHOOK_SECRET, now()))
    expect(ok.statusCode, ok.body).toBe(200)
    expect((await monetization()).active_subscription?.membership.id).toBe(rested!.id)

    const replay = await webhook(event, stripeSignature(event, WEBHOOK_SECRET, now()))
    expect(replay.statusCode).toBe(200)
    expect(replay.json()).toEqual({ received: true, duplicate: true })

    const updated = JSON.stringify({
      id: 'evt_2',
      type: 'customer.subscription.updated',
      data: { object: { id: 'sub_1', cancel_at_period_end: true, current_period_end: now() + 86400 } },
    })
    expect((await webhook(updated, stripeSignature(updated, WEBHOOK_SECRET, now()))).statusCode).toBe(200)
    expect((await monetization()).active_subscription?.willCancelAtPeriodEnd).toBe(true)

    const deleted = JSON.stringify({
      id: 'evt_3',
      type: 'customer.subscription.deleted',
      data: { object: { id: 'sub_1' } },
    })
    expect((await webhook(deleted, stripeSignature(deleted, WEBHOOK_SECRET, now()))).statusCode).toBe(200)
    expect((await monetization()).active_subscription).toBeNull()
  })

  const sign = (payload: object) => {
    const body = JSON.stringify(payload)
    return webhook(body, stripeSignature(body, WEBHOOK_SECRET, now()))
  }

  async function plan(name: string) {
    const [lena] = await t.db.select().from(clones).where(eq(clones.slug, 'lena-hart'))
    const rows = await t.db.select().from(memberships).where(eq(memberships.cloneId, lena!.id))
    return rows.find((m) => m.name === name)!
  }

  /** Starts a Stripe checkout for the user and answers the fake session id it got. */
  async function startCheckout(cookie: string, membershipId: string, url = '/api/subscriptions') {
    const before = calls.length
    const res = await t.app.inject({
      method: 'POST',
      url,
      headers: { cookie },
      payload: {
        redirect_url: 'http://localhost:8787/lena-hart/talk',
        membershipId,
        slug: 'lena-hart',
        cloneSlug: 'lena-hart',
        basis: 'monthly',
      },
    })
    expect(res.statusCode, res.body).toBe(200)
    const sent = calls.slice(before).find((c) => c.path === '/v1/checkout/sessions')!
    return { sessionId: `cs_test_${calls.indexOf(sent) + 1}`, sent }
  }

  it('keeps the Stripe customer, cancels and resumes at Stripe, and ends the old subscription on a switch', async () => {
    const user = await userWithSession(t.db, 'switcher@example.com')
    const rested = await plan('Rested')
    const raceReady = await plan('Race Ready')

    const first = await startCheckout(user.cookie, rested.id)
    expect(first.sent.body.get('customer_email')).toBe('switcher@example.com')
    expect(first.sent.body.get('customer')).toBeNull()
    expect(
      (
        await sign({
          id: 'evt_switch_1',
          type: 'checkout.session.completed',
          data: { object: { id: first.sessionId, subscription: 'sub_old', customer: 'cus_42' } },
        })
      ).statusCode,
    ).toBe(200)
    const [account] = await t.db.select().from(billingAccounts).where(eq(billingAccounts.userId, user.id))
    expect(account!.stripeCustomerId).toBe('cus_42')

    // Cancel at period end and resume go to Stripe.
    const before = calls.length
    const cancel = await t.app.inject({
      method: 'POST',
      url: '/api/subscriptions/cancel-link',
      headers: { cookie: user.cookie },
      payload: {
        cloneSlug: 'lena-hart',
        redirect_url: 'http://localhost:8787/billing',
        reason: 'It is too expensive; I will be back after the season ends',
      },
    })
    expect(cancel.statusCode, cancel.body).toBe(200)
    const resume = await t.app.inject({
      method: 'POST',
      url: '/api/subscriptions/resume',
      headers: { cookie: user.cookie },
      payload: { cloneSlug: 'lena-hart' },
    })
    expect(resume.statusCode, resume.body).toBe(200)
    expect(calls.slice(before).map((c) => [c.method, c.path, c.body.get('cancel_at_period_end')])).toEqual([
      ['POST', '/v1/subscriptions/sub_old', 'true'],
      ['POST', '/v1/subscriptions/sub_old', 'false'],
    ])

    // Switching opens a checkout for the known customer; paying it ends the old subscription at Stripe.
    const second = await startCheckout(user.cookie, raceReady.id, '/api/subscriptions/update-link')
    expect(second.sent.body.get('customer')).toBe('cus_42')
    expect(second.sent.body.get('customer_email')).toBeNull()
    const beforeSwitch = calls.length
    expect(
      (
        await sign({
          id: 'evt_switch_2',
          type: 'checkout.session.completed',
          data: { object: { id: second.sessionId, subscription: 'sub_new', customer: 'cus_42' } },
        })
      ).statusCode,
    ).toBe(200)
    expect(calls.slice(beforeSwitch).map((c) => [c.method, c.path])).toEqual([
      ['DELETE', '/v1/subscriptions/sub_old?prorate=true'],
    ])
    const active = await t.db
      .select()
      .from(subscriptions)
      .where(and(eq(subscriptions.userId, user.id), eq(subscriptions.status, 'active')))
    expect(active.map((a) => [a.membershipId, a.providerSubscriptionId])).toEqual([[raceReady.id, 'sub_new']])

    // Stripe's later word on the old subscription changes nothing.
    await sign({
      id: 'evt_switch_3',
      type: 'customer.subscription.deleted',
      data: { object: { id: 'sub_old' } },
    })
    const [still] = await t.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.providerSubscriptionId, 'sub_new'))
    expect(still!.status).toBe('active')
  })

  it('treats an old subscription already gone at Stripe as ended, and expires abandoned checkouts', async () => {
    const user = await userWithSession(t.db, 'gone@example.com')
    const rested = await plan('Rested')
    const first = await startCheckout(user.cookie, rested.id)
    await sign({
      id: 'evt_gone_1',
      type: 'checkout.session.completed',
      data: { object: { id: first.sessionId, subscription: 'sub_gone', customer: 'cus_gone' } },
    })
    const second = await startCheckout(user.cookie, (await plan('Race Ready')).id)
    const switched = await sign({
      id: 'evt_gone_2',
      type: 'checkout.session.completed',
      data: { object: { id: second.sessionId, subscription: 'sub_fresh', customer: 'cus_gone' } },
    })
    expect(switched.statusCode, switched.body).toBe(200)

    const third = await startCheckout(user.cookie, rested.id)
    await sign({
      id: 'evt_gone_3',
      type: 'checkout.session.expired',
      data: { object: { id: third.sessionId } },
    })
    const [expired] = await t.db
      .select()
      .from(checkoutSessions)
      .where(eq(checkoutSessions.providerSessionId, third.sessionId))
    expect(expired!.status).toBe('expired')
    // A completion arriving for an expired checkout activates nothing.
    await sign({
      id: 'evt_gone_4',
      type: 'checkout.session.completed',
      data: { object: { id: third.sessionId, subscription: 'sub_late' } },
    })
    const [row] = await t.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.providerSubscriptionId, 'sub_fresh'))
    expect(row!.status).toBe('active')
  })

  it('retries the event when Stripe refuses to end the replaced subscription', async () => {
    const user = await userWithSession(t.db, 'refused@example.com')
    const first = await startCheckout(user.cookie, (await plan('Rested')).id)
    await sign({
      id: 'evt_refused_1',
      type: 'checkout.session.completed',
      data: { object: { id: first.sessionId, subscription: 'sub_locked' } },
    })
    failNextDelete = true
    const second = await startCheckout(user.cookie, (await plan('Race Ready')).id)
    const event = {
      id: 'evt_refused_2',
      type: 'checkout.session.completed',
      data: { object: { id: second.sessionId, subscription: 'sub_after' } },
    }
    expect((await sign(event)).statusCode).toBe(500)
    const [unchanged] = await t.db
      .select()
      .from(subscriptions)
      .where(and(eq(subscriptions.userId, user.id), eq(subscriptions.status, 'active')))
    expect(unchanged!.providerSubscriptionId).toBe('sub_locked')
    // Stripe retries the same event: now it goes through.
    expect((await sign(event)).statusCode).toBe(200)
    const [after] = await t.db
      .select()
      .from(subscriptions)
      .where(and(eq(subscriptions.userId, user.id), eq(subscriptions.status, 'active')))
    expect(after!.providerSubscriptionId).toBe('sub_after')
  })

  it('does not offer overage where Stripe cannot bill it', async () => {
    const user = await userWithSession(t.db, 'overage-stripe@example.com')
    const res = await t.app.inject({ method: 'GET', url: '/api/billing', headers: { cookie: user.cookie } })
    expect(BillingOverview.parse(res.json())).toMatchObject({
      testMode: false,
      overage: { available: false },
    })
    const put = await t.app.inject({
      method: 'PUT',
      url: '/api/billing/overage',
      headers: { cookie: user.cookie },
      payload: { enabled: true },
    })
    expect(put.statusCode).toBe(409)
  })
})
