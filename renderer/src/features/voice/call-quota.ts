import type { UserType } from '../../../../contract/auth'
import { UNLIMITED_QUOTA } from '../../../../contract/billing'
import {
  isUnlimitedSeconds as isUnlimited,
  type VoiceUsage,
  voiceCallNeedsPaywall,
  voiceQuotaExhausted,
} from '../../lib/voice-quota'
import { voiceStrings } from './voice.strings'

export { type VoiceUsage, voiceCallNeedsPaywall, voiceQuotaExhausted }

/*
 * The voice call's quota rules (spec 2 §5, §6) and its clock texts, as pure functions. Seconds are
 * UNLIMITED_QUOTA (-1) where there is no limit and null where unknown.
 */

/** spec 2 §4 'Timer runs only while ACTIVE and shows mm:ss' (the calls' shared clock text). */
export { formatCallTimer } from '../calls'

/**
 * spec 2 §5 'Countdown': minutes left as floor(seconds / 60), at least 1, 'minute' or 'minutes';
 * 'Unlimited' with no limit.
 */
export function countdownLabel(seconds: number | null | undefined): string {
  if (seconds === null || seconds === undefined || isUnlimited(seconds)) return voiceStrings.unlimited
  return voiceStrings.minutes(Math.max(1, Math.floor(seconds / 60)))
}

/**
 * spec 2 §6: creators, contributors and overage users have no countdown and are never stopped at zero;
 * with requireEmail false (anonymous mode) the countdown never stops the call either.
 */
export interface CountdownRules {
  /** Minutes left are shown. */
  showCountdown: boolean
  /** spec 2 §5: at zero, with no overage and email required, the call stops and the paywall opens. */
  stopsAtZero: boolean
}

export function countdownRules(input: {
  userType: UserType
  usage: VoiceUsage | undefined
  requireEmail: boolean
}): CountdownRules {
  const privileged = input.userType === 'admin' || input.userType === 'collab'
  const overage = input.usage?.billing.is_overage_enabled === true
  const showCountdown = !privileged && !overage
  return { showCountdown, stopsAtZero: showCountdown && input.requireEmail }
}

/** spec 2 §6: the remaining-credit ring only if the quota is not -1 and email is required. */
export const voiceCreditRingVisible = (usage: VoiceUsage | undefined, requireEmail: boolean): boolean =>
  !!usage && requireEmail && !isUnlimited(usage.quota.voice_seconds)

/** Seconds left now: while the call runs, what was left at its start less the elapsed time. */
export function remainingNow(remaining: number | null, elapsedSeconds: number, running: boolean) {
  if (remaining === null || isUnlimited(remaining) || !running) return remaining
  return Math.max(0, remaining - elapsedSeconds)
}

/** spec 2 §4 'Stop': remaining reduced by the elapsed time unless unlimited or unknown. */
export const chargeElapsed = (remaining: number | null, elapsedSeconds: number) =>
  remainingNow(remaining, elapsedSeconds, true)

// --- Anonymous allowance (spec 2 §5) ----------------------------------------------------------------

/** spec 2 §5: anonymous voice minutes times 60 seconds. */
export const anonymousAllowanceSeconds = (voiceMinutes: number) =>
  voiceMinutes === UNLIMITED_QUOTA ? UNLIMITED_QUOTA : Math.max(0, voiceMinutes) * 60

/**
 * The day a stored anonymous allowance counts for, in the visitor's own time zone. Decision (spec 3
 * 'remaining daily anonymous call time'): the allowance is a daily value; a stored value from another day
 * is stale and the full allowance applies again.
 */
export function localDay(date: Date): string {
  const mm = String(date.getMonth() + 1).padStart(2, '0')
  const dd = String(date.getDate()).padStart(2, '0')
  return `${date.getFullYear()}-${mm}-${dd}`
}

export interface StoredCallTime {
  seconds: number
  day: string
}

/** The anonymous seconds left today: the stored value of today, else the full allowance. */
export function anonymousRemaining(
  stored: StoredCallTime | undefined,
  allowanceSeconds: number,
  today: string,
): number {
  if (isUnlimited(allowanceSeconds)) return UNLIMITED_QUOTA
  if (!stored || stored.day !== today) return allowanceSeconds
  return Math.max(0, Math.min(allowanceSeconds, Math.floor(stored.seconds)))
}

/**
 * spec 2 §5 'Anonymous allowance' with §4 'Start': an anonymous visitor whose allowance for today (kept
 * locally) is used up gets the paywall at once, not a call that the countdown would stop at zero. Only where
 * the call would stop at zero (`stopsAtZero`); null (not known yet) and -1 (unlimited) never refuse.
 */
export const anonymousAllowanceUsedUp = (local: number | null, stopsAtZero: boolean): boolean =>
  stopsAtZero && local !== null && !isUnlimited(local) && local <= 0

/** The lower of two limits, -1 and null meaning none. */
export function tighterLimit(a: number | null, b: number | null): number | null {
  const limited = [a, b].filter((v): v is number => v !== null && !isUnlimited(v))
  if (limited.length > 0) return Math.min(...limited)
  return a === UNLIMITED_QUOTA || b === UNLIMITED_QUOTA ? UNLIMITED_QUOTA : null
}

// --- Browser support (spec 2 §5) ---------------------------------------------------------------------

export type CallBrowserSupport = 'supported' | 'in-app' | 'unsupported'

/** Facebook's and Instagram's in-app browsers say so in their user agent. */
const IN_APP_BROWSER = /FBAN|FBAV|FB_IAB|FBIOS|Instagram/i

/**
 * spec 2 §5: voice calls are refused in in-app social browsers (Facebook, Instagram) and in browsers
 * without getUserMedia or an AudioContext.
 */
export function callBrowserSupport(env: {
  userAgent: string
  hasGetUserMedia: boolean
  hasAudioContext: boolean
}): CallBrowserSupport {
  if (IN_APP_BROWSER.test(env.userAgent)) return 'in-app'
  if (!env.hasGetUserMedia || !env.hasAudioContext) return 'unsupported'
  return 'supported'
}

/** The running browser's support (read once per start; not a platform concern: no shell differs). */
export function currentBrowserSupport(): CallBrowserSupport {
  const nav = typeof navigator === 'undefined' ? undefined : navigator
  const g = globalThis as { AudioContext?: unknown; webkitAudioContext?: unknown }
  return callBrowserSupport({
    userAgent: nav?.userAgent ?? '',
    hasGetUserMedia: typeof nav?.mediaDevices?.getUserMedia === 'function',
    hasAudioContext: typeof g.AudioContext === 'function' || typeof g.webkitAudioContext === 'function',
  })
}
