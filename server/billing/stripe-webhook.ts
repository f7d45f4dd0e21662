import { and, eq, isNull, lt, lte, or } from 'drizzle-orm'
import type { FastifyPluginAsync } from 'fastify'
import type { Db } from '../db/client'
import { billingAccounts, checkoutSessions, subscriptions } from '../db/schema'
import { AppError, badRequest } from '../errors'
import { handleOnce } from '../processed-events'
import type { PaymentsProvider } from './payments'
import { verifyStripeSignature } from './stripe'
import { findActiveSubscription } from './subscription-store'
import { cancelCheckout, completeCheckout } from './subscriptions'

interface StripeEvent {
  id: string
  type: string
  /** When Stripe made the event (seconds): its events arrive in any order. */
  created?: number
  data: { object: Record<string, unknown> }
}

const str = (v: unknown) => (typeof v === 'string' ? v : null)
const seconds = (v: unknown) => (typeof v === 'number' ? new Date(v * 1000) : undefined)

/**
 * POST /api/stripe/webhook: the signature is checked over the raw body (the raw parser exists only in
 * this plugin), and each event id is handled once (processed_events).
 */
export const stripeWebhookRoutes: FastifyPluginAsync<{
  db: Db
  payments: PaymentsProvider
  webhookSecret: string
}> = async (app, { db, payments, webhookSecret }) => {
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'string', bodyLimit: 512 * 1024 },
    (_r, body, done) => done(null, body),
  )

  app.post('/api/stripe/webhook', async (request) => {
    const raw = typeof request.body === 'string' ? request.body : ''
    const header = request.headers['stripe-signature']
    if (!verifyStripeSignature(raw, typeof header === 'string' ? header : undefined, webhookSecret)) {
      throw badRequest('Invalid Stripe signature')
    }
    let event: StripeEvent
    try {
      event = JSON.parse(raw) as StripeEvent
    } catch {
      throw badRequest('Invalid JSON')
    }
    if (typeof event.id !== 'string' || typeof event.type !== 'string' || !event.data?.object) {
      throw badRequest('Not a Stripe event')
    }
    let first: boolean
    try {
      // A failed event is forgotten, so Stripe's retry is handled.
      first = await handleOnce(db, event.id, event.type, () => handleEvent(db, payments, event))
    } catch (error) {
      throw error instanceof AppError ? error : new AppError(500, 'internal', 'Webhook handling failed')
    }
    return first ? { received: true } : { received: true, duplicate: true }
  })
}

/** Stripe statuses after which the subscription gives nothing any more. */
const ENDED_STATUSES = new Set(['canceled', 'unpaid', 'incomplete_expired'])

async function checkoutOf(db: Db, sessionId: string | null) {
  if (!sessionId) return undefined
  const [checkout] = await db
    .select()
    .from(checkoutSessions)
    .where(eq(checkoutSessions.providerSessionId, sessionId))
    .limit(1)
  return checkout
}

async function handleEvent(db: Db, payments: PaymentsProvider, event: StripeEvent) {
  const o = event.data.object
  switch (event.type) {
    case 'checkout.session.completed': {
      const checkout = await checkoutOf(db, str(o.id))
      if (checkout?.status !== 'open') return
      const customer = str(o.customer)
      if (customer) {
        await db
          .insert(billingAccounts)
          .values({ userId: checkout.userId, stripeCustomerId: customer })
          .onConflictDoUpdate({ target: billingAccounts.userId, set: { stripeCustomerId: customer } })
      }
      // A switch is a new Stripe subscription: the one it replaces stops now (credited), or the
      // customer would pay for both. Should that call fail, the event is retried before anything changes.
      const subscriptionId = str(o.subscription)
      const replaced = (await findActiveSubscription(db, checkout.userId, checkout.cloneId))?.subscription
      if (replaced?.providerSubscriptionId && replaced.providerSubscriptionId !== subscriptionId) {
        await payments.cancelNow(replaced.providerSubscriptionId)
      }
      await completeCheckout(db, checkout.id, { subscriptionId })
      return
    }
    case 'checkout.session.expired': {
      const checkout = await checkoutOf(db, str(o.id))
      if (checkout) await cancelCheckout(db, checkout.id, 'expired')
      return
    }
    case 'customer.subscription.updated': {
      const id = str(o.id)
      if (!id) return
      const item = (o.items as { data?: Record<string, unknown>[] } | undefined)?.data?.[0]
      const end = seconds(o.current_period_end) ?? seconds(item?.current_period_end)
      const start = seconds(o.current_period_start) ?? seconds(item?.current_period_start)
      const madeAt = seconds(event.created)
      await db
        .update(subscriptions)
        .set({
          cancelAtPeriodEnd: o.cancel_at_period_end === true,
          ...(madeAt ? { providerEventAt: madeAt } : {}),
          ...(end ? { currentPeriodEnd: end } : {}),
          ...(start ? { currentPeriodStart: start } : {}),
          ...(typeof o.status === 'string' && ENDED_STATUSES.has(o.status)
            ? { status: 'canceled' as const }
            : {}),
          updatedAt: new Date(),
        })
        .where(
          and(
            eq(subscriptions.providerSubscriptionId, id),
            eq(subscriptions.status, 'active'),
            // Stripe does not promise order (issue #27): an update about a period that ended before the
            // stored one began is older news, delivered late, and must not move the subscription back.
            end ? lt(subscriptions.currentPeriodStart, end) : undefined,
            // Nor may one made before the newest update applied undo it (a cancellation, say, within the
            // same period).
            madeAt
              ? or(isNull(subscriptions.providerEventAt), lte(subscriptions.providerEventAt, madeAt))
              : undefined,
          ),
        )
      return
    }
    case 'customer.subscription.deleted': {
      const id = str(o.id)
      if (!id) return
      await db
        .update(subscriptions)
        .set({ status: 'canceled', updatedAt: new Date() })
        .where(eq(subscriptions.providerSubscriptionId, id))
      return
    }
    default:
      return
  }
}
