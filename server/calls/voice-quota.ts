import { UNLIMITED_QUOTA } from '../../contract/billing'
import { type Allowance, allowanceOf, type CloneForQuota, paymentRequired } from '../billing/usage'
import type { Db } from '../db/client'

/** spec 2 §9 'Tooltips when quota is exhausted' (the 402 a call start or turn answers past the quota). */
export const CALL_QUOTA_EXHAUSTED = 'You have exhausted your monthly call quota with this Clone.'

export interface VoiceAllowance {
  allowance: Allowance
  /** The seconds the asker may use this period (-1: unlimited, for the clone's team or with overage on). */
  limit: number
  /** Seconds already charged this period. */
  used: number
}

/**
 * spec 2 §5 'Voice quota': a call is unavailable when voice usage reaches the quota, overage is off and the
 * quota is not -1. Creators and contributors are unlimited (server/billing/usage.ts allowanceOf).
 */
export async function voiceAllowanceOf(
  db: Db,
  clone: CloneForQuota,
  owner: { userId: string | null; visitorId: string | null },
  instanceId: string | null,
  now: Date,
): Promise<VoiceAllowance> {
  const allowance = await allowanceOf(db, clone, owner, instanceId, now)
  const quota = allowance.quota.voice_seconds
  const limit = quota === UNLIMITED_QUOTA || allowance.overage ? UNLIMITED_QUOTA : quota
  return { allowance, limit, used: allowance.used.voice_seconds }
}

/** Seconds left after `used` plus `running` (a call not charged yet); -1 when unlimited. */
export function secondsLeft({ limit, used }: Pick<VoiceAllowance, 'limit' | 'used'>, running = 0): number {
  return limit === UNLIMITED_QUOTA ? UNLIMITED_QUOTA : Math.max(0, limit - used - running)
}

/** 402 when nothing is left (counting `running` seconds of the call in progress). */
export function requireVoiceSeconds(voice: VoiceAllowance, running = 0): void {
  if (voice.limit !== UNLIMITED_QUOTA && voice.used + running >= voice.limit)
    throw paymentRequired(CALL_QUOTA_EXHAUSTED)
}
