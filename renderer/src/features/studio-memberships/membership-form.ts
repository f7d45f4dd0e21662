import {
  MAX_ANONYMOUS_MESSAGES,
  MAX_ANONYMOUS_MINUTES,
  MAX_INCLUDED_MESSAGES,
  MAX_INCLUDED_MINUTES,
  MAX_MEMBERSHIP_DESCRIPTION_LENGTH,
  MAX_MEMBERSHIP_NAME_LENGTH,
  MAX_MEMBERSHIP_PRICE,
  MAX_UPSELL_TITLE_LENGTH,
  type MembershipInput,
  type StudioMembership,
  type StudioMonetization,
  type StudioMonetizationPatch,
} from '../../../../contract/studio-run'
import { membershipsStrings as s } from './memberships.strings'

/*
 * The membership and quota forms as plain data: what was typed (strings, so nothing typed is lost on an
 * error), the checks the server makes (contract/studio-run.ts), with errors a person can act on.
 */

export interface MembershipDraft {
  name: string
  basePrice: string
  annualPrice: string
  messages: string
  voiceMinutes: string
  videoMinutes: string
  smsEnabled: boolean
  telegramEnabled: boolean
  voiceEnabled: boolean
  videoEnabled: boolean
  customDescription: string
}

export type MembershipField =
  | 'name'
  | 'basePrice'
  | 'annualPrice'
  | 'messages'
  | 'voiceMinutes'
  | 'videoMinutes'
  | 'customDescription'
export type MembershipErrors = Partial<Record<MembershipField, string>>
export type MembershipReading = { ok: true; input: MembershipInput } | { ok: false; errors: MembershipErrors }

export const emptyMembershipDraft = (): MembershipDraft => ({
  name: '',
  basePrice: '',
  annualPrice: '',
  messages: '100',
  voiceMinutes: '0',
  videoMinutes: '0',
  smsEnabled: false,
  telegramEnabled: false,
  voiceEnabled: false,
  videoEnabled: false,
  customDescription: '',
})

const priceText = (price: number | null) => (price === null ? '' : String(price))

export const membershipDraftOf = (m: StudioMembership): MembershipDraft => ({
  name: m.name,
  basePrice: priceText(m.basePrice),
  annualPrice: priceText(m.annualPrice),
  messages: String(m.includedMessagesPerMonth),
  voiceMinutes: String(m.includedMinutesPerMonth),
  videoMinutes: String(m.includedVideoMinutesPerMonth),
  smsEnabled: m.smsEnabled,
  telegramEnabled: m.telegramEnabled,
  voiceEnabled: m.voiceEnabled,
  videoEnabled: m.videoEnabled,
  customDescription: m.customDescription ?? '',
})

/** '9', '9.5', '9.99', '$9' or '1,200' as USD; null when empty; NaN when it reads as no price. */
export function readPrice(text: string): number | null {
  const value = text.trim().replace(/^\$/, '').replaceAll(',', '')
  if (!value) return null
  if (!/^\d{1,6}(\.\d{1,2})?$/.test(value)) return Number.NaN
  const price = Number(value)
  return price <= MAX_MEMBERSHIP_PRICE ? price : Number.NaN
}

/** A whole number from 0 to max; NaN otherwise. */
export function readCount(text: string, max: number): number {
  const value = text.trim().replaceAll(',', '')
  if (!/^\d{1,7}$/.test(value)) return Number.NaN
  const n = Number(value)
  return n <= max ? n : Number.NaN
}

export function readMembershipDraft(draft: MembershipDraft): MembershipReading {
  const errors: MembershipErrors = {}
  const name = draft.name.trim()
  if (!name) errors.name = s.errors.nameRequired
  else if (name.length > MAX_MEMBERSHIP_NAME_LENGTH)
    errors.name = s.errors.nameTooLong(MAX_MEMBERSHIP_NAME_LENGTH)
  const basePrice = readPrice(draft.basePrice)
  const annualPrice = readPrice(draft.annualPrice)
  if (Number.isNaN(basePrice)) errors.basePrice = s.errors.price(MAX_MEMBERSHIP_PRICE)
  if (Number.isNaN(annualPrice)) errors.annualPrice = s.errors.price(MAX_MEMBERSHIP_PRICE)
  if (basePrice === null && annualPrice === null) errors.basePrice = s.errors.noPrice
  const messages = readCount(draft.messages, MAX_INCLUDED_MESSAGES)
  if (Number.isNaN(messages)) errors.messages = s.errors.messages(MAX_INCLUDED_MESSAGES)
  const voiceMinutes = readCount(draft.voiceMinutes, MAX_INCLUDED_MINUTES)
  if (Number.isNaN(voiceMinutes)) errors.voiceMinutes = s.errors.minutes(MAX_INCLUDED_MINUTES)
  const videoMinutes = readCount(draft.videoMinutes, MAX_INCLUDED_MINUTES)
  if (Number.isNaN(videoMinutes)) errors.videoMinutes = s.errors.minutes(MAX_INCLUDED_MINUTES)
  const customDescription = draft.customDescription.trim()
  if (customDescription.length > MAX_MEMBERSHIP_DESCRIPTION_LENGTH)
    errors.customDescription = s.errors.descriptionTooLong(MAX_MEMBERSHIP_DESCRIPTION_LENGTH)
  if (Object.keys(errors).length > 0) return { ok: false, errors }
  return {
    ok: true,
    input: {
      name,
      basePrice,
      annualPrice,
      includedMessagesPerMonth: messages,
      includedMinutesPerMonth: voiceMinutes,
      includedVideoMinutesPerMonth: videoMinutes,
      smsEnabled: draft.smsEnabled,
      telegramEnabled: draft.telegramEnabled,
      voiceEnabled: draft.voiceEnabled,
      videoEnabled: draft.videoEnabled,
      customDescription: customDescription || null,
    },
  }
}

/** The order after moving the membership at `index` by `by`; out of range leaves it as it is. */
export function movedIds(ids: readonly string[], index: number, by: -1 | 1): string[] {
  const to = index + by
  if (index < 0 || index >= ids.length || to < 0 || to >= ids.length) return [...ids]
  const next = [...ids]
  const [id] = next.splice(index, 1)
  next.splice(to, 0, id as string)
  return next
}

// --- The anonymous quota and the paywall title ----------------------------------------------------------

export interface QuotaDraft {
  messages: string
  voiceMinutes: string
  videoMinutes: string
  upsellTitle: string
}

export type QuotaField = keyof QuotaDraft
export type QuotaReading =
  | { ok: true; patch: Required<StudioMonetizationPatch> }
  | { ok: false; errors: Partial<Record<QuotaField, string>> }

export const quotaDraftOf = (m: StudioMonetization): QuotaDraft => ({
  messages: String(m.anonymousQuota.messages),
  voiceMinutes: String(m.anonymousQuota.voiceMinutes),
  videoMinutes: String(m.anonymousQuota.videoMinutes),
  upsellTitle: m.upsellTitle ?? '',
})

export function readQuotaDraft(draft: QuotaDraft): QuotaReading {
  const errors: Partial<Record<QuotaField, string>> = {}
  const messages = readCount(draft.messages, MAX_ANONYMOUS_MESSAGES)
  if (Number.isNaN(messages)) errors.messages = s.errors.anonymousMessages(MAX_ANONYMOUS_MESSAGES)
  const voiceMinutes = readCount(draft.voiceMinutes, MAX_ANONYMOUS_MINUTES)
  if (Number.isNaN(voiceMinutes)) errors.voiceMinutes = s.errors.anonymousMinutes(MAX_ANONYMOUS_MINUTES)
  const videoMinutes = readCount(draft.videoMinutes, MAX_ANONYMOUS_MINUTES)
  if (Number.isNaN(videoMinutes)) errors.videoMinutes = s.errors.anonymousMinutes(MAX_ANONYMOUS_MINUTES)
  const upsellTitle = draft.upsellTitle.trim()
  if (upsellTitle.length > MAX_UPSELL_TITLE_LENGTH)
    errors.upsellTitle = s.errors.upsellTooLong(MAX_UPSELL_TITLE_LENGTH)
  if (Object.keys(errors).length > 0) return { ok: false, errors }
  return {
    ok: true,
    patch: { anonymousQuota: { messages, voiceMinutes, videoMinutes }, upsellTitle: upsellTitle || null },
  }
}

export const sameQuota = (a: QuotaDraft, b: QuotaDraft) =>
  a.messages.trim() === b.messages.trim() &&
  a.voiceMinutes.trim() === b.voiceMinutes.trim() &&
  a.videoMinutes.trim() === b.videoMinutes.trim() &&
  a.upsellTitle.trim() === b.upsellTitle.trim()
