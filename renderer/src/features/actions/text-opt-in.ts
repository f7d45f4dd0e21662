import {
  captureTexts,
  type GreetResponse,
  TELEGRAM_USERNAME,
  type TextMedium,
} from '../../../../contract/embed'
import { readPhoneNumber } from '../../../../contract/phone'
import { formatPhoneNumber } from '../../lib/phone'
import { actionsStrings } from './actions.strings'

/*
 * The 'Get a Text' rules (spec 1 §4 'Text opt-in', §5 'Phone country', §7 'Text opt-in'). Pure, so the
 * dialog's enabling and its texts are tested without a screen. This module reads phone numbers with
 * libphonenumber-js (contract/phone.ts): only the lazily loaded opt-in dialog imports it.
 */

export type PhoneCheck = { ok: true; e164: string } | { ok: false; message: string }

/** spec 1 §5/§8: 'Invalid Phone Number', or 'Country is not supported' (the number's or the visitor's). */
export function checkPhone(input: string, country: string | null): PhoneCheck {
  const reading = readPhoneNumber(input, country)
  if (reading.ok) return { ok: true, e164: reading.e164 }
  return {
    ok: false,
    message: reading.reason === 'country' ? captureTexts.countryNotSupported : captureTexts.invalidPhone,
  }
}

/** The number as typed when it is the user's verified number already (then no code is needed). */
export function isVerifiedNumber(input: string, country: string | null, verified: string | null): boolean {
  if (!verified) return false
  const check = checkPhone(input, country)
  return check.ok && check.e164 === verified
}

/** Telegram usernames: 5 to 32 characters, a letter first, an optional leading '@' (contract/embed.ts). */
export function telegramUsernameError(input: string): string | null {
  return TELEGRAM_USERNAME.test(input.trim()) ? null : actionsStrings.telegramInvalid
}

/** The same Telegram account whether written with '@' or not, in any case (Telegram ignores case). */
export const sameTelegramUsername = (a: string | null, b: string | null): boolean =>
  !!a && !!b && a.trim().replace(/^@/, '').toLowerCase() === b.trim().replace(/^@/, '').toLowerCase()

/** spec 1 §5: the six-digit code, dashes and spaces removed, else "That doesn't look like a six-digit code." */
export function readCode(input: string): { ok: true; code: string } | { ok: false; message: string } {
  const code = input.trim().replace(/[-\s]/g, '')
  return /^[A-Za-z0-9]{6}$/.test(code) ? { ok: true, code } : { ok: false, message: captureTexts.invalidCode }
}

export interface ConfirmInput {
  medium: TextMedium
  /** SMS and WhatsApp: the number typed is the user's verified number. */
  phoneVerified: boolean
  telegramUsername: string
  /** SMS only: the consent box (spec 1 §5: ticked before Confirm enables). */
  consent: boolean
  pending: boolean
}

/** spec 1 §5: Telegram needs a username; other media need a (verified) number; SMS needs the box ticked. */
export function canConfirm({
  medium,
  phoneVerified,
  telegramUsername,
  consent,
  pending,
}: ConfirmInput): boolean {
  if (pending) return false
  if (medium === 'TELEGRAM') return telegramUsernameError(telegramUsername) === null
  if (!phoneVerified) return false
  return medium === 'SMS' ? consent : true
}

/** What the confirmation shows (spec 1 §4: 'a confirmation with the number or link'). */
export type Confirmation =
  | { kind: 'sms'; number: string }
  | { kind: 'whatsapp'; number: string | null; link: string }
  | { kind: 'telegram'; link: string }
  /** The greeting went out but the answer named neither number nor link: 'Message Sent' alone. */
  | { kind: 'sent' }

export function confirmationOf(answer: GreetResponse): Confirmation {
  if (answer.medium === 'TELEGRAM')
    return answer.link ? { kind: 'telegram', link: answer.link } : { kind: 'sent' }
  const number = answer.fromNumber ? formatPhoneNumber(answer.fromNumber) : null
  if (answer.medium === 'WHATSAPP') {
    const link =
      answer.link ?? (answer.fromNumber ? `https://wa.me/${answer.fromNumber.replace(/\D/g, '')}` : null)
    return link ? { kind: 'whatsapp', number, link } : { kind: 'sent' }
  }
  return number ? { kind: 'sms', number } : { kind: 'sent' }
}
