import { and, eq, isNull, ne, sql } from 'drizzle-orm'
import { UNLIMITED_QUOTA } from '../../contract/billing'
import { VIDEO_QUOTA_EXHAUSTED } from '../../contract/video'
import { type Allowance, allowanceOf, type CloneForQuota, paymentRequired, subjectOf } from '../billing/usage'
import type { Db } from '../db/client'
import { videoCalls, voiceCalls } from '../db/schema'

/*
 * One allowance for both kinds of call (issue #26 part 0): a voice call spends voice_seconds, a video call
 * video_seconds, under the same rule (spec 2 §5 'Voice quota', 'Video start unavailable if … the quota is
 * numeric and exceeded, overage is off and quota is not -1'). Creators and contributors are unlimited
 * (server/billing/usage.ts allowanceOf).
 */

export type CallKind = 'voice' | 'video'

/** spec 2 §9 'Tooltips when quota is exhausted' (the 402 a call start or turn answers past the quota). */
export const CALL_QUOTA_EXHAUSTED = 'You have exhausted your monthly call quota with this Clone.'

/** The 402's text for each kind (the video tooltip is the contract's). */
const EXHAUSTED: Record<CallKind, string> = { voice: CALL_QUOTA_EXHAUSTED, video: VIDEO_QUOTA_EXHAUSTED }
const COUNTER = { voice: 'voice_seconds', video: 'video_seconds' } as const satisfies Record<CallKind, string>

export interface CallAllowance {
  kind: CallKind
  allowance: Allowance
  /** The seconds the asker may use this period (-1: unlimited, for the clone's team or with overage on). */
  limit: number
  /**
   * Seconds used this period: those charged, and those of the asker's other calls still going (issue #27:
   * only ended calls were counted, so five calls at once spent the allowance five times).
   */
  used: number
}

/**
 * The seconds the asker's calls of this kind that are still going have run so far (all but `exceptCallId`),
 * on the same subject, period and scope as the allowance.
 */
async function runningSeconds(
  db: Db,
  kind: CallKind,
  cloneId: string,
  subject: string,
  allowance: Allowance,
  now: Date,
  exceptCallId: string | null,
): Promise<number> {
  // Both tables have the ledger's columns (call-ledger.ts); drizzle's builders take one table type.
  const t = (kind === 'voice' ? voiceCalls : videoCalls) as typeof voiceCalls
  const [row] = await db
    .select({
      seconds: sql<number>`coalesce(sum(greatest(0, ceil(extract(epoch from (${now.toISOString()}::timestamptz - ${t.startedAt}))))), 0)::int`,
    })
    .from(t)
    .where(
      and(
        eq(t.cloneId, cloneId),
        eq(t.ledgerSubject, subject),
        eq(t.ledgerPeriodStart, allowance.periodStart),
        allowance.scope === null ? isNull(t.ledgerScope) : eq(t.ledgerScope, allowance.scope),
        isNull(t.endedAt),
        exceptCallId ? ne(t.id, exceptCallId) : undefined,
      ),
    )
  return Number(row?.seconds ?? 0)
}

export async function callAllowanceOf(
  db: Db,
  kind: CallKind,
  clone: CloneForQuota,
  owner: { userId: string | null; visitorId: string | null },
  instanceId: string | null,
  now: Date,
  /** The call asking (a turn, a heartbeat): its own seconds are added by the caller. */
  exceptCallId: string | null = null,
): Promise<CallAllowance> {
  const allowance = await allowanceOf(db, clone, owner, instanceId, now)
  const quota = allowance.quota[COUNTER[kind]]
  const limit = quota === UNLIMITED_QUOTA || allowance.overage ? UNLIMITED_QUOTA : quota
  const subject = subjectOf(owner)
  const running =
    limit === UNLIMITED_QUOTA || !subject
      ? 0
      : await runningSeconds(db, kind, clone.id, subject, allowance, now, exceptCallId)
  return { kind, allowance, limit, used: allowance.used[COUNTER[kind]] + running }
}

/** Seconds left after `used` plus `running` (a call not charged yet); -1 when unlimited. */
export function secondsLeft({ limit, used }: Pick<CallAllowance, 'limit' | 'used'>, running = 0): number {
  return limit === UNLIMITED_QUOTA ? UNLIMITED_QUOTA : Math.max(0, limit - used - running)
}

/** 402 with the kind's text when nothing is left (counting `running` seconds of the call in progress). */
export function requireCallSeconds(
  { kind, limit, used }: Pick<CallAllowance, 'kind' | 'limit' | 'used'>,
  running = 0,
): void {
  if (limit !== UNLIMITED_QUOTA && used + running >= limit) throw paymentRequired(EXHAUSTED[kind])
}
