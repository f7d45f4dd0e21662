import { and, asc, eq, lte, type SQL } from 'drizzle-orm'
import type { ActiveSubscription } from '../../contract/billing'
import { toMembership } from '../clones/queries'
import type { Db } from '../db/client'
import { memberships, subscriptions } from '../db/schema'

export type SubscriptionRow = typeof subscriptions.$inferSelect
export type MembershipRow = typeof memberships.$inferSelect

/**
 * Brings subscriptions whose period is over up to date (spec 1 §5 'will cancel at period end'):
 * - one set to cancel at period end ends (status canceled), whichever provider;
 * - a renewing local test-mode subscription starts its next period (no payment is taken in test mode);
 * - a renewing Stripe subscription is left alone: Stripe renews it and says so by webhook
 *   (customer.subscription.updated), or ends it (customer.subscription.deleted).
 * `where` narrows it to some rows (one user and clone when read lazily); the sweeper settles all.
 */
export async function settleSubscriptions(db: Db, now = new Date(), where?: SQL): Promise<number> {
  const due = await db
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.status, 'active'), lte(subscriptions.currentPeriodEnd, now), where))
  let settled = 0
  for (const row of due) {
    // Guarded on the period read, so a concurrent settlement or webhook is not overwritten.
    const unchanged = and(
      eq(subscriptions.id, row.id),
      eq(subscriptions.status, 'active'),
      eq(subscriptions.currentPeriodEnd, row.currentPeriodEnd),
    )
    if (row.cancelAtPeriodEnd) {
      await db.update(subscriptions).set({ status: 'canceled', updatedAt: now }).where(unchanged)
    } else if (row.provider === 'local') {
      let start = row.currentPeriodEnd
      let end = periodEnd(start, row.basis)
      while (end <= now) {
        start = end
        end = periodEnd(start, row.basis)
      }
      await db
        .update(subscriptions)
        .set({ currentPeriodStart: start, currentPeriodEnd: end, updatedAt: now })
        .where(unchanged)
    } else continue
    settled += 1
  }
  return settled
}

/**
 * The user's active subscription to a clone, with its membership. One read on the chat's hot path: only
 * when the period it finds is over is it settled first (see settleSubscriptions) and read again.
 */
export async function findActiveSubscription(
  db: Db,
  userId: string,
  cloneId: string,
  now = new Date(),
): Promise<{ subscription: SubscriptionRow; membership: MembershipRow } | undefined> {
  const mine = and(eq(subscriptions.userId, userId), eq(subscriptions.cloneId, cloneId))
  const read = async () => {
    const [row] = await db
      .select({ subscription: subscriptions, membership: memberships })
      .from(subscriptions)
      .innerJoin(memberships, eq(memberships.id, subscriptions.membershipId))
      .where(and(mine, eq(subscriptions.status, 'active')))
      .limit(1)
    return row
  }
  const found = await read()
  if (!found || found.subscription.currentPeriodEnd > now) return found
  await settleSubscriptions(db, now, mine)
  return read()
}

/** Whether the user has any active subscription (settled first). */
export async function hasActiveSubscription(db: Db, userId: string, now = new Date()): Promise<boolean> {
  const theirs = eq(subscriptions.userId, userId)
  await settleSubscriptions(db, now, theirs)
  const [row] = await db
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .where(and(theirs, eq(subscriptions.status, 'active')))
    .limit(1)
  return row !== undefined
}

export function toActiveSubscription(row: {
  subscription: SubscriptionRow
  membership: MembershipRow
}): ActiveSubscription {
  return {
    id: row.subscription.id,
    membership: toMembership(row.membership),
    basis: row.subscription.basis,
    willCancelAtPeriodEnd: row.subscription.cancelAtPeriodEnd,
    currentPeriodEnd: row.subscription.currentPeriodEnd.toISOString(),
  }
}

/** Active memberships of a clone, in their display order. */
export function activeMemberships(db: Db, cloneId: string): Promise<MembershipRow[]> {
  return db
    .select()
    .from(memberships)
    .where(and(eq(memberships.cloneId, cloneId), eq(memberships.active, true)))
    .orderBy(asc(memberships.position), asc(memberships.id))
}

/** The price of a period in USD, or null when the membership does not offer it (spec 1 §5). */
export function priceOf(m: Pick<MembershipRow, 'basePrice' | 'annualPrice'>, basis: 'monthly' | 'annual') {
  const price = basis === 'annual' ? m.annualPrice : m.basePrice
  return price === null || price === undefined ? null : Number(price)
}

/** The end of a billing period that starts at `start`. */
export function periodEnd(start: Date, basis: 'monthly' | 'annual'): Date {
  const end = new Date(start)
  if (basis === 'annual') end.setUTCFullYear(end.getUTCFullYear() + 1)
  else end.setUTCMonth(end.getUTCMonth() + 1)
  return end
}
