import { and, asc, eq } from 'drizzle-orm'
import type { ActiveSubscription } from '../../contract/billing'
import { toMembership } from '../clones/queries'
import type { Db } from '../db/client'
import { memberships, subscriptions } from '../db/schema'

export type SubscriptionRow = typeof subscriptions.$inferSelect
export type MembershipRow = typeof memberships.$inferSelect

/** The user's active subscription to a clone, with its membership. */
export async function findActiveSubscription(
  db: Db,
  userId: string,
  cloneId: string,
): Promise<{ subscription: SubscriptionRow; membership: MembershipRow } | undefined> {
  const [row] = await db
    .select({ subscription: subscriptions, membership: memberships })
    .from(subscriptions)
    .innerJoin(memberships, eq(memberships.id, subscriptions.membershipId))
    .where(
      and(
        eq(subscriptions.userId, userId),
        eq(subscriptions.cloneId, cloneId),
        eq(subscriptions.status, 'active'),
      ),
    )
    .limit(1)
  return row
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
