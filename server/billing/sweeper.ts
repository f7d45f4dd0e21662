import { and, eq, inArray, lt, lte } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import type { Db } from '../db/client'
import { checkoutSessions, processedEvents } from '../db/schema'
import { runPeriodically } from '../periodic'
import { settleSubscriptions } from './subscription-store'

export const BILLING_SWEEP_MS = 60_000
/** Checkouts that went nowhere are kept this long (for support questions), then deleted. */
export const UNFINISHED_CHECKOUT_KEEP_MS = 30 * 24 * 60 * 60 * 1000

/**
 * Provider deliveries handled (Stripe events, Twilio and Telegram messages: processed_events) are remembered
 * this long, so a replay is handled once. Stripe's signatures expire in minutes, but Twilio's and Telegram's
 * carry no time: a year bounds the table and still outlives any retry.
 */
export const PROCESSED_EVENT_KEEP_MS = 365 * 24 * 60 * 60 * 1000

export interface SweepResult {
  subscriptionsSettled: number
  checkoutsExpired: number
  checkoutsDeleted: number
  eventsForgotten: number
}

/**
 * Billing housekeeping: subscriptions past their period end are settled (ended or renewed), open
 * checkouts past their time expire, unfinished checkouts older than a month are deleted, and provider
 * deliveries handled over a year ago are forgotten. Reads also
 * settle lazily (findActiveSubscription), so this keeps stored state honest between visits.
 */
export async function sweepBilling(db: Db, now = new Date()): Promise<SweepResult> {
  const subscriptionsSettled = await settleSubscriptions(db, now)
  const expired = await db
    .update(checkoutSessions)
    .set({ status: 'expired' })
    .where(and(eq(checkoutSessions.status, 'open'), lte(checkoutSessions.expiresAt, now)))
    .returning({ id: checkoutSessions.id })
  const deleted = await db
    .delete(checkoutSessions)
    .where(
      and(
        inArray(checkoutSessions.status, ['canceled', 'expired']),
        lt(checkoutSessions.createdAt, new Date(now.getTime() - UNFINISHED_CHECKOUT_KEEP_MS)),
      ),
    )
    .returning({ id: checkoutSessions.id })
  const forgotten = await db
    .delete(processedEvents)
    .where(lt(processedEvents.processedAt, new Date(now.getTime() - PROCESSED_EVENT_KEEP_MS)))
    .returning({ id: processedEvents.id })
  return {
    subscriptionsSettled,
    checkoutsExpired: expired.length,
    checkoutsDeleted: deleted.length,
    eventsForgotten: forgotten.length,
  }
}

/** Runs sweepBilling once the app is ready and then every `everyMs`, until the app closes. */
export function startBillingSweeper(app: FastifyInstance, db: Db, everyMs = BILLING_SWEEP_MS) {
  runPeriodically(app, 'billing sweep', everyMs, () => sweepBilling(db))
}
