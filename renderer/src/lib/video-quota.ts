import { UNLIMITED_QUOTA } from '../../../contract/billing'

/*
 * spec 2 §4 'Video paywall logic' and §5 'Video start unavailable': pure rules the video screen and the
 * profile's Video button both read (here, below the features, so neither imports the other).
 */

/** The part of the usage object (spec 2 §3 'Usage object') the video rules read. */
export interface VideoUsage {
  permissions?: { can_make_video_call?: boolean }
  billing: { is_overage_enabled: boolean }
  quota: { video_seconds: number }
  usage: { video_seconds: number }
}

export interface VideoPaywallInput {
  /** The user state is known (signed in or not). */
  userKnown: boolean
  requireEmail: boolean
  usage: VideoUsage | undefined
  paywallOpen: boolean
  /** Signed in now after being signed out (spec 2 §4 'On login after absence the paywall is reset closed'). */
  justSignedIn: boolean
}

/** What the screen does: wait, open the paywall (and keep the paywalled flag), close it, or nothing. */
export type VideoPaywallAction = 'wait' | 'skip' | 'open' | 'close' | 'none'

const overQuota = (usage: VideoUsage) =>
  usage.quota.video_seconds !== UNLIMITED_QUOTA &&
  usage.usage.video_seconds >= usage.quota.video_seconds &&
  !usage.billing.is_overage_enabled

/** spec 2 §4 'Video paywall logic', step by step. */
export function videoPaywallAction(input: VideoPaywallInput): VideoPaywallAction {
  // Waits for user state; skipped in anonymous mode (requireEmail false).
  if (!input.userKnown) return 'wait'
  if (!input.requireEmail) return 'skip'
  // On login after absence the paywall is reset closed.
  if (input.justSignedIn) return input.paywallOpen ? 'close' : 'none'
  const usage = input.usage
  if (!usage) return 'wait'
  const permission = usage.permissions?.can_make_video_call
  // Video permission undefined: wait; false: open (and set the paywalled flag); true with the paywall open: close.
  if (permission === undefined) return 'wait'
  if (permission === false) return 'open'
  if (input.paywallOpen) return 'close'
  // Otherwise: at or above quota (not -1) with overage off opens it; under quota closes an open one.
  if (overQuota(usage)) return 'open'
  return input.paywallOpen ? 'close' : 'none'
}

/** spec 2 §5/§8: the Video button's tooltip ('You have exhausted your monthly video call quota…'). */
export function videoQuotaExhausted(usage: VideoUsage | undefined, requireEmail: boolean): boolean {
  if (!usage || !requireEmail) return false
  if (usage.permissions?.can_make_video_call === false) return usage.quota.video_seconds !== UNLIMITED_QUOTA
  return overQuota(usage)
}

/** spec 2 §5 'Video start unavailable': no permission, or the quota used up with overage off. */
export function videoStartUnavailable(usage: VideoUsage | undefined, requireEmail: boolean): boolean {
  if (!usage || !requireEmail) return false
  return usage.permissions?.can_make_video_call === false || overQuota(usage)
}
