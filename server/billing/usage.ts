import { and, eq, isNull, sql } from 'drizzle-orm'
import { UNLIMITED_QUOTA } from '../../contract/billing'
import { isCloneTeam } from '../clones/relationships'
import type { Db } from '../db/client'
import { type AnonymousQuota, billingAccounts, usageCounters } from '../db/schema'
import { AppError } from '../errors'
import {
  ALL_UNLIMITED,
  type Amounts,
  messageLimit,
  periodStartOf,
  quotaOfAnonymous,
  quotaOfMembership,
  ZERO,
} from './quota'
import { findActiveSubscription } from './subscription-store'

/** The ledger key of who uses a clone: a signed-in user, else the anonymous visitor cookie. */
export function subjectOf(owner: { userId: string | null; visitorId: string | null }): string | null {
  if (owner.userId) return `user:${owner.userId}`
  if (owner.visitorId) return `visitor:${owner.visitorId}`
  return null
}

export interface CloneForQuota {
  id: string
  anonymousQuota: AnonymousQuota
}

export interface Allowance {
  quota: Amounts
  used: Amounts
  overage: boolean
  /** The message limit of the atomic increment (-1: none). */
  messageLimit: number
  periodStart: Date
  /** Where the usage counts: the instance the quota belongs to, or null for the whole clone. */
  scope: string | null
}

interface Applicable {
  quota: Amounts
  scope: string | null
  /** A paid membership applies: only then may overage go past its quota. */
  membership: boolean
}

/**
 * The quota that applies to an asker, and where it counts:
 * - creators and contributors: unlimited;
 * - an active membership of the clone (or of this instance): its allowance, counted clone-wide for a
 *   clone-wide membership and per instance for an instance's membership;
 * - otherwise the clone's anonymous quota, counted per clone and instance (spec 1 §3, spec 2 §3).
 */
async function applicableQuota(
  db: Db,
  clone: CloneForQuota,
  userId: string | null,
  instanceId: string | null,
  now: Date,
): Promise<Applicable> {
  const anonymous = { quota: quotaOfAnonymous(clone.anonymousQuota), scope: instanceId, membership: false }
  if (!userId) return anonymous
  if (await isCloneTeam(db, userId, clone.id))
    return { quota: ALL_UNLIMITED, scope: instanceId, membership: false }
  const active = await findActiveSubscription(db, userId, clone.id, now)
  const membership = active?.membership
  if (!membership || (membership.instanceId !== null && membership.instanceId !== instanceId))
    return anonymous
  return { quota: quotaOfMembership(membership), scope: membership.instanceId, membership: true }
}

/** The user's overage setting (billing.is_overage_enabled); whether it applies is allowanceOf's call. */
export async function overageSetting(db: Db, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ enabled: billingAccounts.overageEnabled })
    .from(billingAccounts)
    .where(eq(billingAccounts.userId, userId))
    .limit(1)
  return row?.enabled ?? false
}

export async function usedIn(
  db: Db,
  cloneId: string,
  scope: string | null,
  subject: string | null,
  periodStart: Date,
): Promise<Amounts> {
  if (!subject) return ZERO
  const [row] = await db
    .select({
      messages: usageCounters.messages,
      voice_seconds: usageCounters.voiceSeconds,
      video_seconds: usageCounters.videoSeconds,
    })
    .from(usageCounters)
    .where(
      and(
        eq(usageCounters.cloneId, cloneId),
        scope === null ? isNull(usageCounters.instanceId) : eq(usageCounters.instanceId, scope),
        eq(usageCounters.subject, subject),
        eq(usageCounters.periodStart, periodStart),
      ),
    )
    .limit(1)
  return row ?? ZERO
}

/**
 * Quota, usage and overage of one asker on one clone (and instance) for the month holding `now`.
 * Overage (billing.is_overage_enabled) is the user's setting, and it lifts only a paid membership's
 * quota: it never turns the free anonymous quota into unlimited use.
 */
export async function allowanceOf(
  db: Db,
  clone: CloneForQuota,
  owner: { userId: string | null; visitorId: string | null },
  instanceId: string | null,
  now = new Date(),
): Promise<Allowance> {
  const periodStart = periodStartOf(now)
  const applicable = await applicableQuota(db, clone, owner.userId, instanceId, now)
  const [overageOn, used] = await Promise.all([
    applicable.membership && owner.userId ? overageSetting(db, owner.userId) : false,
    usedIn(db, clone.id, applicable.scope, subjectOf(owner), periodStart),
  ])
  const { quota, scope } = applicable
  const overage = overageOn && quota.messages !== UNLIMITED_QUOTA
  return { quota, used, overage, messageLimit: messageLimit(quota, overage), periodStart, scope }
}

export const QUOTA_EXCEEDED_MESSAGE = 'You have used all the messages of your plan for this month.'

export const paymentRequired = (message = QUOTA_EXCEEDED_MESSAGE) =>
  new AppError(402, 'payment_required', message)

/** Thrown inside the storing transaction when the last message of the quota went to a parallel request. */
export class QuotaExceededError extends Error {
  constructor() {
    super(QUOTA_EXCEEDED_MESSAGE)
    this.name = 'QuotaExceededError'
  }
}

/** What storing a delivered answer charges: one message on the subject's row of the period. */
export interface MessageCharge {
  subject: string
  periodStart: Date
  /** The allowance's scope: an instance, or null for the whole clone. */
  scope: string | null
  /** -1: no limit (unlimited quota or overage on). */
  limit: number
}

/**
 * Counts one message, atomically and only while under the limit: an upsert whose update applies only
 * when `messages < limit`. Run inside the transaction that stores the exchange, so only committed
 * answers count. Throws QuotaExceededError when the limit was reached (the transaction rolls back).
 */
export async function chargeMessage(db: Db, cloneId: string, charge: MessageCharge): Promise<number> {
  if (charge.limit !== UNLIMITED_QUOTA && charge.limit <= 0) throw new QuotaExceededError()
  const rows = await db
    .insert(usageCounters)
    .values({
      cloneId,
      instanceId: charge.scope,
      subject: charge.subject,
      periodStart: charge.periodStart,
      messages: 1,
    })
    .onConflictDoUpdate({
      target: [
        usageCounters.cloneId,
        usageCounters.instanceId,
        usageCounters.subject,
        usageCounters.periodStart,
      ],
      set: { messages: sql`${usageCounters.messages} + 1`, updatedAt: sql`now()` },
      setWhere:
        charge.limit === UNLIMITED_QUOTA ? undefined : sql`${usageCounters.messages} < ${charge.limit}`,
    })
    .returning({ messages: usageCounters.messages })
  if (!rows[0]) throw new QuotaExceededError()
  return rows[0].messages
}
