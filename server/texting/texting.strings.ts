import { captureTexts, type TextMedium } from '../../contract/embed'
import { PRODUCT_NAME } from '../../contract/product'

/*
 * Every text the texting side writes, to a visitor's phone or in an API error, in one table (CONVENTIONS 8).
 * The spec's own texts (spec 1 §5, §8) come from the contract, as written.
 */

const MEDIUM_LABELS: Record<TextMedium, string> = { SMS: 'SMS', WHATSAPP: 'WhatsApp', TELEGRAM: 'Telegram' }

const firstNameOf = (name: string | null | undefined) => name?.trim().split(/\s+/)[0] ?? ''

export const textingTexts = {
  // spec 1 §5, §8
  invalidPhone: captureTexts.invalidPhone,
  countryNotSupported: captureTexts.countryNotSupported,
  /** The clone's first text, and the first message of the conversation it opens. */
  greeting: (userName: string | null | undefined, cloneName: string) => {
    const first = firstNameOf(userName)
    return `Hi${first ? ` ${first}` : ''}, it's ${cloneName}. Reply here any time to keep talking.`
  },
  phoneCode: (code: string, minutes: number) =>
    `Your ${PRODUCT_NAME} code is ${code}. It expires in ${minutes} minutes. Never share it with anyone.`,
  phoneCodesRateLimited:
    'Too many codes were requested for this number. Please wait a few minutes and try again.',
  mediumNotEnabled: (cloneName: string, medium: TextMedium) =>
    `${cloneName} does not text on ${MEDIUM_LABELS[medium]}.`,
  phoneNotVerified:
    'Please verify this phone number first: the clone only texts a number you confirmed with a code.',
  telegramUsernameMissing: 'Please add your Telegram username first.',
  telegramUsernameMismatch: 'This is not the Telegram username on your account. Please update it first.',
  greetFailed: 'The greeting could not be sent. Please try again in a few minutes.',
  textingNotConfigured: (provider: string) => `${provider} is not configured on this server.`,
  badSignature: 'This request does not carry a valid provider signature.',
  /** Sent instead of an answer when the sender's messages for the month are used up (spec 1 §4 'Paywall'). */
  outOfQuota: (cloneName: string) =>
    `You have reached your message limit with ${cloneName} for this month. Open ${PRODUCT_NAME} to see your options.`,
  /** spec 1 §8's fallback clone message, when the brain fails. */
  answerFailed:
    "I'm sorry, I had a problem when trying to come up with an answer. Could you try asking again?",
  /** A Telegram chat the bot cannot tie to anyone (never bound by a greeting link). */
  unknownTelegramChat: `Hi! This chat is not linked to ${PRODUCT_NAME} yet: choose 'Get a Text' on a clone's page to start.`,
} as const
