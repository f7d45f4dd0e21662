import { randomBytes } from 'node:crypto'
import { and, eq } from 'drizzle-orm'
import { checkoutReturnUrl } from '../../contract/billing'
import { requireClone } from '../clones/queries'
import { isCloneTeam } from '../clones/relationships'
import type { Db } from '../db/client'
import {
  billingAccounts,
  checkoutSessions,
  clones,
  memberships,
  type SubscriptionBasis,
  subscriptions,
  users,
} from '../db/schema'
import { AppError, badRequest, forbidden, notFound } from '../errors'
import type { PaymentsProvider } from './payments'
import { findActiveSubscription, periodEnd, priceOf } from './subscription-store'

export const CHECKOUT_TTL_MS = 60 * 60 * 1000
export const OWN_CLONE_MESSAGE = "You can't subscribe to your own clone"
export const INVALID_UNIT_MESSAGE = 'Invalid unit for membership'

export type CheckoutRow = typeof checkoutSessions.$inferSelect

/** Only our own origins may be redirect targets (no open redirect). */
export function assertRedirectAllowed(url: string, allowedOrigins: readonly string[]): string {
  let origin: string
  try {
    origin = new URL(url).origin
  } catch {
    throw badRequest('Invalid redirect_url')
  }
  if (!allowedOrigins.includes(origin)) throw badRequest('redirect_url must point to this site')
  return url
}

/**
 * createSubscription (spec 1 §7): checks the plan, then starts a checkout with the payments provider.
 * Completing the checkout activates the subscription, or switches the active one (one per user and clone).
 */
export async function startSubscriptionCheckout(
  db: Db,
  payments: PaymentsProvider,
  input: {
    userId: string
    slug: string
    membershipId: string
    basis: SubscriptionBasis
    redirectUrl: string
  },
  now = new Date(),
) {
  const clone = await requireClone(db, input.slug)
  if (await isCloneTeam(db, input.userId, clone.id)) throw forbidden(OWN_CLONE_MESSAGE)
  const [membership] = await db
    .select()
    .from(memberships)
    .where(
      and(
        eq(memberships.id, input.membershipId),
        eq(memberships.cloneId, clone.id),
        eq(memberships.active, true),
      ),
    )
    .limit(1)
  if (!membership) throw notFound('Membership not found')
  const price = priceOf(membership, input.basis)
  if (price === null) throw badRequest(INVALID_UNIT_MESSAGE)
  const active = await findActiveSubscription(db, input.userId, clone.id)
  if (active && active.membership.id === membership.id && active.subscription.basis === input.basis) {
    throw new AppError(409, 'conflict', 'You are already subscribed to this plan')
  }
  const [user] = await db.select().from(users).where(eq(users.id, input.userId)).limit(1)
  const [account] = await db
    .select({ stripeCustomerId: billingAccounts.stripeCustomerId })
    .from(billingAccounts)
    .where(eq(billingAccounts.userId, input.userId))
    .limit(1)

  const clientSecret = `cs_local_${randomBytes(24).toString('base64url')}`
  const amountCents = Math.round(price * 100)
  const [checkout] = await db
    .insert(checkoutSessions)
    .values({
      clientSecret,
      userId: input.userId,
      cloneId: clone.id,
      membershipId: membership.id,
      basis: input.basis,
      amountCents,
      redirectUrl: input.redirectUrl,
      provider: payments.kind,
      expiresAt: new Date(now.getTime() + CHECKOUT_TTL_MS),
    })
    .returning()
  const started = await payments.startCheckout({
    checkoutId: checkout!.id,
    clientSecret,
    membershipName: membership.name,
    cloneName: clone.name,
    basis: input.basis,
    amountCents,
    customerEmail: user!.email,
    customerId: payments.kind === 'stripe' ? (account?.stripeCustomerId ?? null) : null,
    successUrl: checkoutReturnUrl(input.redirectUrl, 'success'),
    cancelUrl: checkoutReturnUrl(input.redirectUrl, 'canceled'),
  })
  if (started.providerSessionId) {
    await db
      .update(checkoutSessions)
      .set({ providerSessionId: started.providerSessionId })
      .where(eq(checkoutSessions.id, checkout!.id))
  }
  return { client_secret: clientSecret, checkout_url: started.checkoutUrl }
}

export async function findOpenCheckout(db: Db, clientSecret: string, now = new Date()) {
  const [row] = await db
    .select({ checkout: checkoutSessions, membership: memberships, clone: clones })
    .from(checkoutSessions)
    .innerJoin(memberships, eq(memberships.id, checkoutSessions.membershipId))
    .innerJoin(clones, eq(clones.id, checkoutSessions.cloneId))
    .where(eq(checkoutSessions.clientSecret, clientSecret))
    .limit(1)
  if (row?.checkout.status !== 'open' || row.checkout.expiresAt <= now) return undefined
  return row
}

/**
 * Completes a checkout once (a replay finds it completed and changes nothing): activates a subscription,
 * or switches the user's active one to the bought membership and basis, starting a new period.
 */
export async function completeCheckout(
  db: Db,
  checkoutId: string,
  provider: { subscriptionId: string | null; periodStart?: Date; periodEnd?: Date } = {
    subscriptionId: null,
  },
  now = new Date(),
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [checkout] = await tx
      .update(checkoutSessions)
      .set({ status: 'completed' })
      .where(and(eq(checkoutSessions.id, checkoutId), eq(checkoutSessions.status, 'open')))
      .returning()
    if (!checkout) return false
    const start = provider.periodStart ?? now
    const end = provider.periodEnd ?? periodEnd(start, checkout.basis)
    const values = {
      membershipId: checkout.membershipId,
      basis: checkout.basis,
      cancelAtPeriodEnd: false,
      cancelReason: null,
      currentPeriodStart: start,
      currentPeriodEnd: end,
      provider: checkout.provider,
      providerSubscriptionId: provider.subscriptionId,
      updatedAt: now,
    }
    const [active] = await tx
      .select()
      .from(subscriptions)
      .where(
        and(
          eq(subscriptions.userId, checkout.userId),
          eq(subscriptions.cloneId, checkout.cloneId),
          eq(subscriptions.status, 'active'),
        ),
      )
      .limit(1)
    if (active) await tx.update(subscriptions).set(values).where(eq(subscriptions.id, active.id))
    else
      await tx.insert(subscriptions).values({ ...values, userId: checkout.userId, cloneId: checkout.cloneId })
    return true
  })
}

export async function cancelCheckout(
  db: Db,
  checkoutId: string,
  status: 'canceled' | 'expired' = 'canceled',
) {
  await db
    .update(checkoutSessions)
    .set({ status })
    .where(and(eq(checkoutSessions.id, checkoutId), eq(checkoutSessions.status, 'open')))
}

/** Schedules (or, with cancel false, withdraws) the cancellation of the active subscription at period end. */
export async function setCancelAtPeriodEnd(
  db: Db,
  payments: PaymentsProvider,
  input: { userId: string; slug: string; cancel: boolean; reason?: string },
) {
  const clone = await requireClone(db, input.slug)
  const active = await findActiveSubscription(db, input.userId, clone.id)
  if (!active) throw notFound('No active subscription')
  await payments.setCancelAtPeriodEnd(active.subscription.providerSubscriptionId, input.cancel)
  const [updated] = await db
    .update(subscriptions)
    .set({
      cancelAtPeriodEnd: input.cancel,
      cancelReason: input.cancel ? (input.reason ?? null) : null,
      updatedAt: new Date(),
    })
    .where(eq(subscriptions.id, active.subscription.id))
    .returning()
  return { subscription: updated!, membership: active.membership }
}
