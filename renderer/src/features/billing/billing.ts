import {
  type ActiveSubscription,
  type BillingBasis,
  UNLIMITED_MESSAGES_ABOVE,
  UNLIMITED_QUOTA,
  type Usage,
} from '../../../../contract/billing'
import type { Membership } from '../../../../contract/clone'
import { activeLanguage } from '../../../../contract/i18n'
import { numberFormat } from '../../lib/language'
import { billingStrings } from './billing.strings'

/** spec 1 §9: the remaining line turns red at this many or fewer. */
export const LOW_REMAINING = 3
/** spec 1 §5: the additional cancellation reason needs at least this many words. */
export const MIN_REASON_WORDS = 5

// --- Remaining line and credit ring (spec 1 §6, §9) -------------------------------------------------

export interface QuotaRules {
  usage: Usage | undefined
  requireEmail: boolean
}

/** Hidden when overage is on, when email is not required, when the quota is -1, or when the count is not a number. */
export function remainingLineVisible({ usage, requireEmail }: QuotaRules): boolean {
  if (!usage || !requireEmail) return false
  if (usage.billing.is_overage_enabled) return false
  if (usage.quota.messages === UNLIMITED_QUOTA) return false
  return Number.isFinite(usage.remaining.messages)
}

/** The message-credit ring: only when the quota is not -1 and email is required. */
export function creditRingVisible({ usage, requireEmail }: QuotaRules): boolean {
  return !!usage && requireEmail && usage.quota.messages !== UNLIMITED_QUOTA && usage.quota.messages > 0
}

export const remainingLabel = (remaining: number) => billingStrings.remaining(Math.max(0, remaining))
export const remainingIsLow = (remaining: number) => remaining <= LOW_REMAINING

/** The ring's filled fraction, 0..1. */
export const creditFraction = (remaining: number, quota: number) =>
  quota > 0 ? Math.min(1, Math.max(0, remaining / quota)) : 0

// --- Usage after a delivered answer (spec 1 §4 'Chat stream') -----------------------------------------

/** The final message adds 1 to used and subtracts 1 from remaining messages (an unlimited quota stays). */
export function afterDeliveredMessage(usage: Usage): Usage {
  const unlimited = usage.quota.messages === UNLIMITED_QUOTA
  return {
    ...usage,
    usage: { ...usage.usage, messages: usage.usage.messages + 1 },
    remaining: {
      ...usage.remaining,
      messages: unlimited ? usage.remaining.messages : Math.max(0, usage.remaining.messages - 1),
    },
  }
}

/** Limits bind: email is required (else anonymous mode skips the paywall), no overage, a real quota. */
export function limitsApply({ usage, requireEmail }: QuotaRules): boolean {
  return (
    !!usage && requireEmail && !usage.billing.is_overage_enabled && usage.quota.messages !== UNLIMITED_QUOTA
  )
}

/** The message limit is reached: the paywall opens, an auto-sent message is skipped. */
export function limitReached(rules: QuotaRules): boolean {
  return limitsApply(rules) && (rules.usage?.remaining.messages ?? 1) <= 0
}

/** Within limits (the paywall may close): limits do not bind, or messages remain. */
export function withinLimits(rules: QuotaRules): boolean {
  return !limitReached(rules)
}

/** spec 1 §8: a 402 opens the paywall when upsell options and memberships exist; else the failure toast. */
export function paymentRequiredOpensPaywall(
  monetization: { has_upsell_options: boolean; memberships: readonly Membership[] } | undefined,
  requireEmail: boolean,
): boolean {
  return (
    !!monetization && requireEmail && monetization.has_upsell_options && monetization.memberships.length > 0
  )
}

// --- Plan cards (spec 1 §4 'Plan card actions', §5 'Plan', §9) ----------------------------------------

export type PlanCardAction = 'subscribe' | 'select' | 'cancel' | 'resume' | 'switch'

/** The price of a membership for a period, or null when that period is not offered. */
export const priceForBasis = (membership: Membership, basis: BillingBasis): number | null =>
  basis === 'annual' ? membership.annualPrice : membership.basePrice

export function planCardAction(
  membership: Membership,
  basis: BillingBasis,
  active: Pick<ActiveSubscription, 'membership' | 'basis' | 'willCancelAtPeriodEnd'> | null,
): PlanCardAction {
  if (!active) return (priceForBasis(membership, basis) ?? 0) > 0 ? 'subscribe' : 'select'
  if (active.membership.id === membership.id && active.basis === basis) {
    return active.willCancelAtPeriodEnd ? 'resume' : 'cancel'
  }
  return 'switch'
}

/** The card actions that would subscribe: a clone's CREATOR or CONTRIBUTOR sees ownClone instead (spec 1 §6). */
export const subscribesTo = (action: PlanCardAction) =>
  action === 'subscribe' || action === 'select' || action === 'switch'

/** A card action's button label, in the active language. */
export const planActionLabel = (action: PlanCardAction): string => billingStrings[action]

const NUMBER_FORMATS = {
  usd: { style: 'currency', currency: 'USD' },
  'usd-whole': { style: 'currency', currency: 'USD', maximumFractionDigits: 0 },
  count: undefined,
} satisfies Record<string, Intl.NumberFormatOptions | undefined>

/** Prices in USD (whole dollars or cents) and counts, in the active language. */
const billingNumberFormat = (kind: keyof typeof NUMBER_FORMATS) => numberFormat(NUMBER_FORMATS[kind])

/** Prices are in USD (formatted in the active language); whole amounts drop the cents. */
export const formatUsd = (amount: number): string =>
  billingNumberFormat(Number.isInteger(amount) ? 'usd-whole' : 'usd').format(amount)

export const formatMessagesPerMonth = (count: number): string =>
  count > UNLIMITED_MESSAGES_ABOVE || count === UNLIMITED_QUOTA
    ? billingStrings.unlimited
    : billingNumberFormat('count').format(count)

/** A date (an ISO string or a time) as the active language writes it, e.g. a period's end. */
export const formatBillingDate = (date: string | number | Date): string =>
  new Date(date).toLocaleDateString(activeLanguage())

/** The benefits a card lists: messages, voice minutes, video minutes, SMS and Telegram. */
export function membershipBenefits(membership: Membership): string[] {
  const benefits = [
    billingStrings.benefitMessages(formatMessagesPerMonth(membership.includedMessagesPerMonth)),
  ]
  if (membership.voiceEnabled && membership.includedMinutesPerMonth > 0) {
    benefits.push(billingStrings.benefitVoice(membership.includedMinutesPerMonth))
  }
  if (membership.videoEnabled && membership.includedVideoMinutesPerMonth > 0) {
    benefits.push(billingStrings.benefitVideo(membership.includedVideoMinutesPerMonth))
  }
  if (membership.smsEnabled) benefits.push(billingStrings.benefitSms)
  if (membership.telegramEnabled) benefits.push(billingStrings.benefitTelegram)
  return benefits
}

/** The tiers the paywall offers: active ones, for this instance (or the clone-wide ones). */
export function offeredMemberships(
  memberships: readonly Membership[],
  instanceId: string | null,
): Membership[] {
  return memberships.filter((m) => m.active && (m.instanceId === null || m.instanceId === instanceId))
}

// --- /billing usage ------------------------------------------------------------------------------------

/**
 * This month's messages against a plan: the line to show, how full the bar is (null: unlimited, no bar)
 * and how many went over the plan (overage).
 */
export function messagesUsage(
  used: number,
  quota: number,
): { label: string; fraction: number | null; over: number } {
  if (quota === UNLIMITED_QUOTA)
    return { label: billingStrings.messagesUsedUnlimited(used), fraction: null, over: 0 }
  return {
    label: billingStrings.messagesUsed(used, quota),
    fraction: quota > 0 ? Math.min(1, used / quota) : 1,
    over: Math.max(0, used - quota),
  }
}

// --- Cancellation (spec 1 §5) -------------------------------------------------------------------------

/** The reasons offered as checkboxes (keys of billingStrings.reasons), in order. */
export const CANCELLATION_REASONS = [0, 1, 2, 3] as const
export type CancellationReason = (typeof CANCELLATION_REASONS)[number]

/** A reason's text, in the active language (what the dialog shows and sends). */
export const cancellationReasonText = (reason: CancellationReason): string => billingStrings.reasons[reason]

export const wordCount = (text: string) => text.trim().split(/\s+/).filter(Boolean).length

/** The first rule broken, or null when the reasons may be sent. */
export function cancellationError(checked: readonly string[], additional: string): string | null {
  if (checked.length === 0) return billingStrings.selectReason
  if (wordCount(additional) < MIN_REASON_WORDS) return billingStrings.fiveWords
  return null
}

/** Reasons are sent joined by '; ' (the additional reason last). */
export const joinReasons = (checked: readonly string[], additional: string) =>
  [...checked, additional.trim()].filter(Boolean).join('; ')

// --- Upsell title (spec 1 §9) ---------------------------------------------------------------------------

/**
 * The paywall's title: over the quota, the clone's own wording when it has one (`{name}` stands for its
 * name), else 'You've used up your available quota for {name}'; within the quota, the generic upgrade title.
 */
export function upsellTitle(input: { template: string | null; name: string; overQuota: boolean }): string {
  if (!input.overQuota) return billingStrings.upsellDefaultTitle
  const template = input.template?.trim()
  return template ? template.replaceAll('{name}', input.name) : billingStrings.upsellTitle(input.name)
}
