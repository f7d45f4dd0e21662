import { and, eq, sql } from 'drizzle-orm'
import type { Db } from '../db/client'
import {
  type AnonymousQuota,
  billingAccounts,
  memberships,
  relationships,
  subscriptions,
  usageCounters,
} from '../db/schema'
import { AppError } from '../errors'
import {
  ALL_UNLIMITED,
  type Amounts,
  messageLimit,
  periodStartOf,
  quotaOfAnonymous,
  quotaOfMembership,
  UNLIMITED,
  ZERO,
} from './quota'

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
}

/** Creators and contributors of a clone use it without limits and cannot subscribe to it (spec 1 §6). */
export async function isCloneTeam(db: Db, cloneId: string, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ type: relationships.type })
    .from(relationships)
    .where(and(eq(relationships.cloneId, cloneId), eq(relationships.userId, userId)))
    .limit(1)
  return row?.type === 'CREATOR' || row?.type === 'CONTRIBUTOR'
}

async function quotaFor(db: Db, clone: CloneForQuota, userId: string | null, instanceId: string | null) {
  if (!userId) return quotaOfAnonymous(clone.anonymousQuota)
  if (await isCloneTeam(db, clone.id, userId)) return ALL_UNLIMITED
  const [sub] = await db
    .select({ membership: memberships })
    .from(subscriptions)
    .innerJoin(memberships, eq(memberships.id, subscriptions.membershipId))
    .where(
      and(
        eq(subscriptions.userId, userId),
        eq(subscriptions.cloneId, clone.id),
        eq(subscriptions.status, 'active'),
      ),
    )
    .limit(1)
  // A membership of one instance covers that instance only.
  const applies = sub && (sub.membership.instanceId === null || sub.membership.instanceId === instanceId)
  return applies ? quotaOfMembership(sub.membership) : quotaOfAnonymous(clone.anonymousQuota)
}

async function overageOf(db: Db, userId: string | null): Promise<boolean> {
  if (!userId) return false
  const [row] = await db
    .select({ overage: billingAccounts.overageEnabled })
    .from(billingAccounts)
    .where(eq(billingAccounts.userId, userId))
    .limit(1)
  return row?.overage ?? false
}

export async function usedIn(
  db: Db,
  cloneId: string,
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
        eq(usageCounters.subject, subject),
        eq(usageCounters.periodStart, periodStart),
      ),
    )
    .limit(1)
  return row ?? ZERO
}

/** Quota, usage and overage of one asker on one clone (and instance) for the month holding `now`. */
export async function allowanceOf(
  db: Db,
  clone: CloneForQuota,
  owner: { userId: string | null; visitorId: string | null },
  instanceId: string | null,
  now = new Date(),
): Promise<Allowance> {
  const periodStart = periodStartOf(now)
  const [quota, overage, used] = await Promise.all([
    quotaFor(db, clone, owner.userId, instanceId),
    overageOf(db, owner.userId),
    usedIn(db, clone.id, subjectOf(owner), periodStart),
  ])
  return { quota, used, overage, messageLimit: messageLimit(quota, overage), periodStart }
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
  /** -1: no limit (unlimited quota or overage on). */
  limit: number
}

/**
 * Counts one message, atomically and only while under the limit: an upsert whose update applies only
 * when `messages < limit`. Run inside the transaction that stores the exchange, so only committed
 * answers count. Throws QuotaExceededError when the limit was reached (the transaction rolls back).
 */
export async function chargeMessage(
  db: Db,
  cloneId: string,
  instanceId: string | null,
  charge: MessageCharge,
): Promise<number> {
  if (charge.limit !== UNLIMITED && charge.limit <= 0) throw new QuotaExceededError()
  const rows = await db
    .insert(usageCounters)
    .values({ cloneId, instanceId, subject: charge.subject, periodStart: charge.periodStart, messages: 1 })
    .onConflictDoUpdate({
      target: [usageCounters.cloneId, usageCounters.subject, usageCounters.periodStart],
      set: {
        messages: sql`${usageCounters.messages} + 1`,
        instanceId: sql`coalesce(excluded.instance_id, ${usageCounters.instanceId})`,
        updatedAt: sql`now()`,
      },
      setWhere: charge.limit === UNLIMITED ? undefined : sql`${usageCounters.messages} < ${charge.limit}`,
    })
    .returning({ messages: usageCounters.messages })
  if (!rows[0]) throw new QuotaExceededError()
  return rows[0].messages
}
