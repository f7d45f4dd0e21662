import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CreateSubscriptionResponse, Monetization } from '../../contract'
import { createSession } from '../../server/auth/sessions'
import { stripeSignature, verifyStripeSignature } from '../../server/billing/stripe'
import { clones, memberships, processedEvents, users } from '../../server/db/schema'
import { createTestApp, type TestApp } from './helpers'

const WEBHOOK_SECRET = 'whsec_test_secret'

describe('Stripe payments', () => {
  let t: TestApp
  let fake: Server
  const calls: { path: string; body: URLSearchParams }[] = []
  beforeAll(async () => {
    fake = createServer((req, res) => {
      let body = ''
      req.on('data', (c) => {
        body += c
      })
      req.on('end', () => {
        calls.push({ path: req.url ?? '', body: new URLSearchParams(body) })
        res.setHeader('content-type', 'application/json')
        if (req.url === '/v1/checkout/sessions') {
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
})
