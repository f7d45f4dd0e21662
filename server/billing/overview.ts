import { and, asc, eq } from 'drizzle-orm'
import type { BillingOverview, OverageResponse, SubscriptionSummary } from '../../contract/billing'
import type { Db } from '../db/client'
import { billingAccounts, clones, instances, memberships, subscriptions } from '../db/schema'
import { conflict } from '../errors'
import type { PaymentsProvider } from './payments'
import { hasActiveSubscription, settleSubscriptions, toActiveSubscription } from './subscription-store'
import { allowanceOf, overageSetting } from './usage'

export const OVERAGE_NEEDS_MEMBERSHIP = 'Overage needs an active paid membership.'
export const OVERAGE_NOT_BILLED = 'Overage cannot be billed with this payment provider yet.'

/**
 * Whether overage may be turned on: only over a paid membership, and only where it can be charged. The
 * local test-mode checkout records overage without charging (test mode); Stripe would need metered
 * prices, which are not set up, so there it stays off rather than giving unlimited use for free.
 */
const overageBillable = (payments: PaymentsProvider) => payments.kind === 'local'

/** The user's active subscriptions (settled first), each with this period's usage against its plan. */
export async function listSubscriptions(db: Db, userId: string, now = new Date()) {
  await settleSubscriptions(db, now, eq(subscriptions.userId, userId))
  const rows = await db
    .select({ subscription: subscriptions, membership: memberships, clone: clones, instance: instances })
    .from(subscriptions)
    .innerJoin(memberships, eq(memberships.id, subscriptions.membershipId))
    .innerJoin(clones, eq(clones.id, subscriptions.cloneId))
    .leftJoin(instances, eq(instances.id, memberships.instanceId))
    .where(and(eq(subscriptions.userId, userId), eq(subscriptions.status, 'active')))
    .orderBy(asc(clones.name), asc(subscriptions.createdAt))
  return Promise.all(
    rows.map(async (row): Promise<SubscriptionSummary> => {
      const allowance = await allowanceOf(
        db,
        row.clone,
        { userId, visitorId: null },
        row.membership.instanceId,
        now,
      )
      return {
        ...toActiveSubscription(row),
        clone: { slug: row.clone.slug, name: row.clone.name, imageUrl: row.clone.imageUrl },
        instance: row.instance ? { slug: row.instance.slug, name: row.instance.name } : null,
        usage: { used: allowance.used, quota: allowance.quota },
      }
    }),
  )
}

export async function billingOverview(
  db: Db,
  payments: PaymentsProvider,
  userId: string,
  now = new Date(),
): Promise<BillingOverview> {
  const [list, enabled] = await Promise.all([listSubscriptions(db, userId, now), overageSetting(db, userId)])
  return {
    subscriptions: list,
    overage: { enabled, available: overageBillable(payments) && list.length > 0 },
    testMode: payments.kind === 'local',
  }
}

/** Turns overage on (409 without an active paid membership, or where it cannot be billed) or off. */
export async function setOverage(
  db: Db,
  payments: PaymentsProvider,
  userId: string,
  enabled: boolean,
): Promise<OverageResponse> {
  if (enabled) {
    if (!overageBillable(payments)) throw conflict(OVERAGE_NOT_BILLED)
    if (!(await hasActiveSubscription(db, userId))) throw conflict(OVERAGE_NEEDS_MEMBERSHIP)
  }
  await db
    .insert(billingAccounts)
    .values({ userId, overageEnabled: enabled })
    .onConflictDoUpdate({ target: billingAccounts.userId, set: { overageEnabled: enabled } })
  return { enabled, available: true }
}
