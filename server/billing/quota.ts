import { UNLIMITED_MESSAGES_ABOVE, UNLIMITED_QUOTA, type Usage } from '../../contract/billing'
import type { AnonymousQuota } from '../db/schema'

export interface Amounts {
  messages: number
  voice_seconds: number
  video_seconds: number
}

export const ZERO: Amounts = { messages: 0, voice_seconds: 0, video_seconds: 0 }
export const ALL_UNLIMITED: Amounts = {
  messages: UNLIMITED_QUOTA,
  voice_seconds: UNLIMITED_QUOTA,
  video_seconds: UNLIMITED_QUOTA,
}

/** The first instant of the UTC month holding `now`: the key of the monthly usage row. */
export function periodStartOf(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1))
}

/** When the counters of the month holding `now` start again. */
export function nextPeriodStart(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1))
}

export interface MembershipAllowance {
  includedMessagesPerMonth: number
  includedMinutesPerMonth: number
  includedVideoMinutesPerMonth: number
}

export function quotaOfMembership(m: MembershipAllowance): Amounts {
  return {
    messages:
      m.includedMessagesPerMonth > UNLIMITED_MESSAGES_ABOVE ? UNLIMITED_QUOTA : m.includedMessagesPerMonth,
    voice_seconds: m.includedMinutesPerMonth * 60,
    video_seconds: m.includedVideoMinutesPerMonth * 60,
  }
}

export function quotaOfAnonymous(q: AnonymousQuota): Amounts {
  return { messages: q.messages, voice_seconds: q.voiceMinutes * 60, video_seconds: q.videoMinutes * 60 }
}

const left = (quota: number, used: number) =>
  quota === UNLIMITED_QUOTA ? UNLIMITED_QUOTA : Math.max(0, quota - used)
const within = (quota: number, used: number, overage: boolean) =>
  quota === UNLIMITED_QUOTA || overage || used < quota

export function remainingOf(quota: Amounts, used: Amounts): Amounts {
  return {
    messages: left(quota.messages, used.messages),
    voice_seconds: left(quota.voice_seconds, used.voice_seconds),
    video_seconds: left(quota.video_seconds, used.video_seconds),
  }
}

/**
 * The Usage answer (spec 1 §3). With overage on, going past the quota is allowed (and billed);
 * otherwise a resource is usable while its usage is below its quota.
 */
export function usageView(quota: Amounts, used: Amounts, overage: boolean, now: Date): Usage {
  return {
    usage: used,
    quota,
    remaining: remainingOf(quota, used),
    billing: { is_overage_enabled: overage },
    permissions: {
      can_send_message: within(quota.messages, used.messages, overage),
      can_make_call: within(quota.voice_seconds, used.voice_seconds, overage),
      can_make_video_call: within(quota.video_seconds, used.video_seconds, overage),
    },
    resetsAt: nextPeriodStart(now).toISOString(),
  }
}

/**
 * The message limit the atomic increment enforces: -1 (no limit) when unlimited or with overage,
 * otherwise the quota.
 */
export function messageLimit(quota: Amounts, overage: boolean): number {
  return overage || quota.messages === UNLIMITED_QUOTA ? UNLIMITED_QUOTA : quota.messages
}
