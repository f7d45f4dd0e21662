import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CloneProfile, CreateSubscriptionResponse, Monetization } from '../../contract'
import {
  NO_PRICE_MESSAGE,
  StudioMembership,
  StudioMembershipList,
  StudioMonetization,
} from '../../contract/studio-run'
import type { App } from '../../server/app'
import type { CheckoutInput, PaymentsProvider } from '../../server/billing/payments'
import { subscriptions } from '../../server/db/schema'
import { cloneIdOf } from '../../server/seed'
import { seededUserCookie } from './embed-helpers'
import { createTestApp, type TestApp, userWithSession } from './helpers'

const base = '/api/studio/lena-hart'

const studio = (
  app: App,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  cookie: string | null,
  payload?: unknown,
) =>
  app.inject({
    method,
    url,
    headers: cookie ? { cookie } : {},
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  })
const newPlan = {
  name: 'Studio Pass',
  basePrice: 12.5,
  annualPrice: null,
  includedMessagesPerMonth: 300,
  includedMinutesPerMonth: 20,
  includedVideoMinutesPerMonth: 0,
  smsEnabled: true,
  telegramEnabled: false,
  voiceEnabled: true,
  videoEnabled: false,
  customDescription: '  Made in the studio  ',
}

/** issue #16 'Run it': the creator's memberships, anonymous quota and upsell title. */
describe('studio memberships and monetization', () => {
  let t: TestApp
  let creator: string
  let contributor: string
  let otherCreator: string
  let visitor: string

  beforeAll(async () => {
    t = await createTestApp()
    creator = await seededUserCookie(t.db, 'user-lena')
    contributor = await seededUserCookie(t.db, 'user-sam')
    otherCreator = await seededUserCookie(t.db, 'user-tomas')
    visitor = (await userWithSession(t.db, 'visitor-plans@example.com')).cookie
  })
  afterAll(() => t.close())

  const list = async (cookie = creator) => {
    const res = await studio(t.app, 'GET', `${base}/memberships`, cookie)
    expect(res.statusCode, res.body).toBe(200)
    return StudioMembershipList.parse(res.json()).memberships
  }
  const profilePlans = async () =>
    CloneProfile.parse((await t.app.inject({ url: '/api/clones/lena-hart' })).json()).memberships
  const create = async (body: object = newPlan) => {
    const res = await studio(t.app, 'POST', `${base}/memberships`, creator, body)
    expect(res.statusCode, res.body).toBe(201)
    return StudioMembership.parse(res.json())
  }

  it('lists the seeded memberships in the paywall order for the creator and a contributor', async () => {
    const plans = await list()
    expect(plans.map((m) => m.name)).toEqual(['Rested', 'Race Ready', 'Clinic Circle'])
    expect(plans.every((m) => m.subscribers === 0 && m.deletable)).toBe(true)
    expect(await list(contributor)).toEqual(plans)
  })

  it('answers 401 signed out and 404 to a visitor and to another clone’s creator, for every route', async () => {
    const [plan] = await list()
    const routes = [
      ['GET', `${base}/memberships`],
      ['POST', `${base}/memberships`, newPlan],
      ['PATCH', `${base}/memberships/${plan!.id}`, { name: 'Mine now' }],
      ['DELETE', `${base}/memberships/${plan!.id}`],
      ['GET', `${base}/monetization`],
      ['PATCH', `${base}/monetization`, { upsellTitle: 'x' }],
    ] as const
    for (const [method, url, body] of routes) {
      expect((await studio(t.app, method, url, null, body)).statusCode, `${method} ${url}`).toBe(401)
      expect((await studio(t.app, method, url, visitor, body)).statusCode, `${method} ${url}`).toBe(404)
      expect((await studio(t.app, method, url, otherCreator, body)).statusCode, `${method} ${url}`).toBe(404)
    }
    const order = await studio(t.app, 'PUT', `${base}/memberships/order`, otherCreator, { ids: [plan!.id] })
    expect(order.statusCode).toBe(404)
    expect((await list()).find((m) => m.id === plan!.id)!.name).toBe('Rested')
  })

  it('lets a contributor read but refuses their writes with 404', async () => {
    const [plan] = await list()
    const tries = [
      studio(t.app, 'POST', `${base}/memberships`, contributor, newPlan),
      studio(t.app, 'PATCH', `${base}/memberships/${plan!.id}`, contributor, { basePrice: 1 }),
      studio(t.app, 'DELETE', `${base}/memberships/${plan!.id}`, contributor),
      studio(t.app, 'PUT', `${base}/memberships/order`, contributor, { ids: [plan!.id] }),
      studio(t.app, 'PATCH', `${base}/monetization`, contributor, { upsellTitle: 'Hi' }),
    ]
    for (const res of await Promise.all(tries)) expect(res.statusCode).toBe(404)
    expect((await studio(t.app, 'GET', `${base}/monetization`, contributor)).statusCode).toBe(200)
    expect((await list()).map((m) => m.name)).toEqual(['Rested', 'Race Ready', 'Clinic Circle'])
  })

  it('refuses a membership without any price, a negative or fractional-cent price, and an empty name', async () => {
    const noPrice = await studio(t.app, 'POST', `${base}/memberships`, creator, {
      ...newPlan,
      basePrice: null,
      annualPrice: null,
    })
    expect(noPrice.statusCode).toBe(400)
    expect(noPrice.json().error.message).toContain(NO_PRICE_MESSAGE)
    for (const bad of [
      { basePrice: -1 },
      { basePrice: 1.234 },
      { name: '   ' },
      { includedMessagesPerMonth: 1.5 },
    ]) {
      const res = await studio(t.app, 'POST', `${base}/memberships`, creator, { ...newPlan, ...bad })
      expect(res.statusCode, JSON.stringify(bad)).toBe(400)
    }
    const [plan] = await list()
    const cleared = await studio(t.app, 'PATCH', `${base}/memberships/${plan!.id}`, creator, {
      basePrice: null,
      annualPrice: null,
    })
    expect(cleared.statusCode).toBe(400)
    expect(cleared.json().error.message).toBe(NO_PRICE_MESSAGE)
    expect((await list()).length).toBe(3)
  })

  it('adds a membership that the profile shows at once, edits, reorders and deletes it', async () => {
    const made = await create()
    expect(made).toMatchObject({ name: 'Studio Pass', basePrice: 12.5, annualPrice: null, active: true })
    expect(made.customDescription).toBe('Made in the studio')
    expect((await profilePlans()).map((m) => m.name)).toEqual([
      'Rested',
      'Race Ready',
      'Clinic Circle',
      'Studio Pass',
    ])

    const edited = await studio(t.app, 'PATCH', `${base}/memberships/${made.id}`, creator, {
      name: 'Studio Pass+',
      annualPrice: 120,
      customDescription: '',
    })
    expect(edited.statusCode, edited.body).toBe(200)
    expect(StudioMembership.parse(edited.json())).toMatchObject({
      name: 'Studio Pass+',
      basePrice: 12.5,
      annualPrice: 120,
      customDescription: null,
    })

    const ids = (await list()).map((m) => m.id)
    const reordered = [made.id, ...ids.filter((id) => id !== made.id)]
    const order = await studio(t.app, 'PUT', `${base}/memberships/order`, creator, { ids: reordered })
    expect(order.statusCode, order.body).toBe(200)
    expect((await profilePlans()).map((m) => m.id)).toEqual(reordered)
    const partial = await studio(t.app, 'PUT', `${base}/memberships/order`, creator, { ids: [made.id] })
    expect(partial.statusCode).toBe(400)

    const deleted = await studio(t.app, 'DELETE', `${base}/memberships/${made.id}`, creator)
    expect(deleted.statusCode, deleted.body).toBe(200)
    expect((await profilePlans()).map((m) => m.name)).toEqual(['Rested', 'Race Ready', 'Clinic Circle'])
  })

  it('sells a creator-made membership through the local checkout; then refuses to delete it and deactivates', async () => {
    const made = await create({ ...newPlan, name: 'Checkout Pass', basePrice: 7, annualPrice: 70 })
    const buyer = await userWithSession(t.db, 'buyer-studio@example.com')
    const redirect = 'http://localhost:8787/lena-hart/talk'
    const started = await studio(t.app, 'POST', '/api/subscriptions', buyer.cookie, {
      redirect_url: redirect,
      membershipId: made.id,
      slug: 'lena-hart',
      basis: 'annual',
    })
    expect(started.statusCode, started.body).toBe(200)
    const path = new URL(CreateSubscriptionResponse.parse(started.json()).checkout_url).pathname
    const page = await t.app.inject({ url: path })
    expect(page.body).toContain('Checkout Pass')
    expect(page.body).toContain('$70')
    const paid = await t.app.inject({
      method: 'POST',
      url: path,
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'http://localhost:8787' },
      payload: 'action=pay',
    })
    expect(paid.statusCode).toBe(303)
    const monetization = async () =>
      Monetization.parse(
        (
          await t.app.inject({ url: '/api/clones/lena-hart/monetization', headers: { cookie: buyer.cookie } })
        ).json(),
      )
    expect((await monetization()).active_subscription?.membership.id).toBe(made.id)
    expect((await list()).find((m) => m.id === made.id)).toMatchObject({ subscribers: 1, deletable: false })

    const refused = await studio(t.app, 'DELETE', `${base}/memberships/${made.id}`, creator)
    expect(refused.statusCode).toBe(409)
    expect(refused.json().error.message).toMatch(/Deactivate it instead/)

    const off = await studio(t.app, 'PATCH', `${base}/memberships/${made.id}`, creator, { active: false })
    expect(off.statusCode, off.body).toBe(200)
    expect((await profilePlans()).map((m) => m.id)).not.toContain(made.id)
    // The subscriber keeps theirs; nobody new can buy it.
    expect((await monetization()).active_subscription?.membership.id).toBe(made.id)
    const late = await userWithSession(t.db, 'late-buyer@example.com')
    const again = await studio(t.app, 'POST', '/api/subscriptions', late.cookie, {
      redirect_url: redirect,
      membershipId: made.id,
      slug: 'lena-hart',
      basis: 'monthly',
    })
    expect(again.statusCode).toBe(404)
    await t.db
      .delete(subscriptions)
      .where(and(eq(subscriptions.membershipId, made.id), eq(subscriptions.cloneId, cloneIdOf('lena-hart'))))
  })

  it('sets the anonymous quota and the upsell title; a blank title goes back to the generic one', async () => {
    const res = await studio(t.app, 'PATCH', `${base}/monetization`, creator, {
      anonymousQuota: { messages: 4, voiceMinutes: 2, videoMinutes: 1 },
      upsellTitle: '  Keep training with {name}  ',
    })
    expect(res.statusCode, res.body).toBe(200)
    expect(StudioMonetization.parse(res.json())).toEqual({
      anonymousQuota: { messages: 4, voiceMinutes: 2, videoMinutes: 1 },
      upsellTitle: 'Keep training with {name}',
    })
    const paywall = Monetization.parse(
      (await t.app.inject({ url: '/api/clones/lena-hart/monetization' })).json(),
    )
    expect(paywall.anonymous_quota).toEqual({ messages: 4, voice_minutes: 2, video_minutes: 1 })
    expect(
      CloneProfile.parse((await t.app.inject({ url: '/api/clones/lena-hart' })).json()).upsellTitle,
    ).toBe('Keep training with {name}')
    const bad = await studio(t.app, 'PATCH', `${base}/monetization`, creator, {
      anonymousQuota: { messages: -1, voiceMinutes: 2, videoMinutes: 1 },
    })
    expect(bad.statusCode).toBe(400)
    const blank = await studio(t.app, 'PATCH', `${base}/monetization`, creator, { upsellTitle: '   ' })
    expect(StudioMonetization.parse(blank.json()).upsellTitle).toBeNull()
  })
})

describe('a creator-made membership through the Stripe provider', () => {
  let t: TestApp
  const started: CheckoutInput[] = []
  const stripe: PaymentsProvider = {
    kind: 'stripe',
    async startCheckout(input) {
      started.push(input)
      return {
        checkoutUrl: 'https://checkout.stripe.test/pay',
        providerSessionId: `cs_test_${started.length}`,
      }
    },
    async setCancelAtPeriodEnd() {},
    async cancelNow() {},
  }
  beforeAll(async () => {
    t = await createTestApp({ providers: { payments: stripe } })
  })
  afterAll(() => t.close())

  it('starts a checkout with the membership’s own name and price, no seed key needed', async () => {
    const creator = await seededUserCookie(t.db, 'user-lena')
    const made = await studio(t.app, 'POST', `${base}/memberships`, creator, {
      ...newPlan,
      name: 'Stripe Pass',
      basePrice: 15.99,
    })
    expect(made.statusCode, made.body).toBe(201)
    const buyer = await userWithSession(t.db, 'stripe-buyer@example.com')
    const res = await studio(t.app, 'POST', '/api/subscriptions', buyer.cookie, {
      redirect_url: 'http://localhost:8787/lena-hart/talk',
      membershipId: made.json().id,
      slug: 'lena-hart',
      basis: 'monthly',
    })
    expect(res.statusCode, res.body).toBe(200)
    expect(CreateSubscriptionResponse.parse(res.json()).checkout_url).toBe('https://checkout.stripe.test/pay')
    expect(started.at(-1)).toMatchObject({
      membershipName: 'Stripe Pass',
      amountCents: 1599,
      basis: 'monthly',
    })
  })
})
