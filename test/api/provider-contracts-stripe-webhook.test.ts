import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Monetization } from '../../contract'
import { createSession } from '../../server/auth/sessions'
import { stripeSignature } from '../../server/billing/stripe'
import { clones, memberships, subscriptions, users } from '../../server/db/schema'
import { createTestApp, type TestApp } from './helpers'
import {
  CaptureServer,
  formToObject,
  type Json,
  providerDocument,
  schemaErrors,
} from './provider-contract-helpers'

/*
 * Issue #27 part 5: the Stripe webhook fed events of the shape Stripe documents today (stripe-node's types of
 * the published OpenAPI, test/fixtures/providers/stripe): since API 2025-03-31 a subscription's period is on
 * its items, not on the subscription. Each event's object is checked against the document first.
 */

const WEBHOOK_SECRET = 'whsec_contract'
const doc = providerDocument('stripe', 'stripe-node-types.json')

describe('Stripe webhook with documented events', () => {
  let t: TestApp
  const stripe = new CaptureServer((r) =>
    r.path === '/v1/checkout/sessions'
      ? {
          json: {
            id: 'cs_contract_1',
            object: 'checkout.session',
            url: 'https://checkout.stripe.com/c/pay/cs_1',
          },
        }
      : { json: { id: 'sub_contract', object: 'subscription' } },
  )
  beforeAll(async () => {
    await stripe.start()
    t = await createTestApp({
      env: {
        STRIPE_SECRET_KEY: 'sk_test_contract',
        STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
        STRIPE_API_BASE_URL: `${stripe.url}/v1`,
      },
    })
  })
  afterAll(async () => {
    await t.close()
    await stripe.stop()
  })

  const now = () => Math.floor(Date.now() / 1000)
  let events = 0
  /** A signed event whose data.object is first checked against Stripe's document of that object. */
  async function send(type: string, schema: string, object: Json) {
    expect(schemaErrors({}, doc.schemas[schema], object), `${type} object`).toEqual([])
    const body = JSON.stringify({
      id: `evt_contract_${++events}`,
      object: 'event',
      api_version: '2025-08-27.basil',
      created: now(),
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type,
      data: { object },
    })
    return t.app.inject({
      method: 'POST',
      url: '/api/stripe/webhook',
      headers: {
        'content-type': 'application/json',
        'stripe-signature': stripeSignature(body, WEBHOOK_SECRET, now()),
      },
      payload: body,
    })
  }

  it('a checkout completes, and an update in the current shape moves the period end and the cancel flag', async () => {
    const [lena] = await t.db.select().from(clones).where(eq(clones.slug, 'lena-hart'))
    const [rested] = (await t.db.select().from(memberships).where(eq(memberships.cloneId, lena!.id))).filter(
      (m) => m.name === 'Rested',
    )
    const [user] = await t.db.insert(users).values({ email: 'stripe-contract@example.com' }).returning()
    const { token } = await createSession(t.db, user!.id, 'cookie')
    const cookie = `lk_session=${token}`
    const started = await t.app.inject({
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
    expect(started.statusCode, started.body).toBe(200)
    // The checkout request the route built is a documented one too.
    const [create] = stripe.take()
    expect(
      schemaErrors(
        {},
        doc.schemas.SessionCreateParams,
        formToObject(new URLSearchParams(create!.body.toString())),
        {
          form: true,
        },
      ),
    ).toEqual([])

    const completed = await send('checkout.session.completed', 'Session', {
      id: 'cs_contract_1',
      object: 'checkout.session',
      mode: 'subscription',
      status: 'complete',
      payment_status: 'paid',
      client_reference_id: 'x',
      customer: 'cus_contract',
      subscription: 'sub_contract',
      livemode: false,
      created: now(),
      expires_at: now() + 86_400,
    })
    expect(completed.statusCode, completed.body).toBe(200)

    const periodEnd = now() + 30 * 86_400
    const updated = await send('customer.subscription.updated', 'Subscription', {
      id: 'sub_contract',
      object: 'subscription',
      status: 'active',
      cancel_at_period_end: true,
      customer: 'cus_contract',
      livemode: false,
      created: now(),
      start_date: now(),
      items: {
        object: 'list',
        has_more: false,
        url: '/v1/subscription_items?subscription=sub_contract',
        data: [
          {
            id: 'si_contract',
            object: 'subscription_item',
            subscription: 'sub_contract',
            quantity: 1,
            created: now(),
            current_period_start: now(),
            current_period_end: periodEnd,
          },
        ],
      },
    })
    expect(updated.statusCode, updated.body).toBe(200)
    const [row] = await t.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.providerSubscriptionId, 'sub_contract'))
    expect(row?.currentPeriodEnd?.getTime()).toBe(periodEnd * 1000)
    const monetization = Monetization.parse(
      (
        await t.app.inject({ method: 'GET', url: '/api/clones/lena-hart/monetization', headers: { cookie } })
      ).json(),
    )
    expect(monetization.active_subscription?.willCancelAtPeriodEnd).toBe(true)

    const deleted = await send('customer.subscription.deleted', 'Subscription', {
      id: 'sub_contract',
      object: 'subscription',
      status: 'canceled',
      ended_at: now(),
    })
    expect(deleted.statusCode).toBe(200)
    const [gone] = await t.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.providerSubscriptionId, 'sub_contract'))
    expect(gone?.status).toBe('canceled')
  })
})
