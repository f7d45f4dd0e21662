import { UNLIMITED_QUOTA } from '../../../contract/billing'

/*
 * spec 2 §5 'Voice quota': pure rules the call screen and the profile's Call button both read (here, below
 * the features, so neither imports the other).
 */

/** The part of the usage object (spec 2 §3 'Usage object') the voice rules read. */
export interface VoiceUsage {
  permissions?: { can_make_call?: boolean }
  billing: { is_overage_enabled: boolean }
  quota: { voice_seconds: number }
  remaining: { voice_seconds: number }
}

export const isUnlimitedSeconds = (seconds: number | null | undefined) => seconds === UNLIMITED_QUOTA

/**
 * spec 2 §5 'Voice quota': the paywall instead of a call. An explicit false permission shows it (unless
 * requireEmail is off); without an explicit permission, remaining seconds at or below 0 (not -1) with
 * overage off and email required show it.
 */
export function voiceCallNeedsPaywall(usage: VoiceUsage | undefined, requireEmail: boolean): boolean {
  if (!usage || !requireEmail) return false
  const permission = usage.permissions?.can_make_call
  if (permission === false) return true
  if (permission === true) return false
  const remaining = usage.remaining.voice_seconds
  return remaining <= 0 && !isUnlimitedSeconds(remaining) && !usage.billing.is_overage_enabled
}

/** spec 2 §8: the Call button's tooltip when the quota is used up (same rule, quota not -1). */
export function voiceQuotaExhausted(usage: VoiceUsage | undefined, requireEmail: boolean): boolean {
  if (!usage || !requireEmail || isUnlimitedSeconds(usage.quota.voice_seconds)) return false
  return voiceCallNeedsPaywall(usage, requireEmail)
}
