import type { TextMedium } from '../../contract/embed'
import { defineStrings, msg, stringsIn } from '../../contract/i18n'
import { DEFAULT_LANGUAGE_CODE, findLanguage, SELECTABLE_LANGUAGES } from '../../contract/languages'
import { PRODUCT_NAME } from '../../contract/product'
import { readyLanguage } from '../i18n'

/*
 * Every text the texting side writes, to a visitor's phone or in an API error, in one table (CONVENTIONS 8,
 * issue #25). {product} is the product's name (PRODUCT_NAME, contract/product.ts), {cloneName} a clone's
 * name. Read in a language with `textingTextsIn(language)`: a text to a visitor in their language
 * (`visitorTextLanguage`), an API error in the request's (requestLanguage, server/i18n.ts).
 */
export const textingStrings = defineStrings('server.texting', {
  // spec 1 §5, §8: the contract's captureTexts.invalidPhone and .countryNotSupported, as written there.
  invalidPhone: 'Invalid Phone Number',
  countryNotSupported: 'Country is not supported',
  // The clone's first text, and the first message of the conversation it opens; {firstName} is the
  // visitor's first name, when their account has a name.
  greeting: msg("Hi, it's {cloneName}. Reply here any time to keep talking.", 'cloneName'),
  greetingWithName: msg(
    "Hi {firstName}, it's {cloneName}. Reply here any time to keep talking.",
    'firstName',
    'cloneName',
  ),
  // The SMS that proves a phone number: {code} is six digits.
  phoneCode: msg(
    'Your {product} code is {code}. It expires in {minutes, plural, one {# minute} other {# minutes}}. Never share it with anyone.',
    'product',
    'code',
    'minutes',
  ),
  phoneCodesRateLimited:
    'Too many codes were requested for this number. Please wait a few minutes and try again.',
  // {medium} is SMS, WhatsApp or Telegram.
  mediumNotEnabled: msg('{cloneName} does not text on {medium}.', 'cloneName', 'medium'),
  phoneNotVerified:
    'Please verify this phone number first: the clone only texts a number you confirmed with a code.',
  telegramUsernameMissing: 'Please add your Telegram username first.',
  telegramUsernameMismatch: 'This is not the Telegram username on your account. Please update it first.',
  greetFailed: 'The greeting could not be sent. Please try again in a few minutes.',
  // {provider} is Twilio or Telegram.
  textingNotConfigured: msg('{provider} is not configured on this server.', 'provider'),
  badSignature: 'This request does not carry a valid provider signature.',
  // Sent instead of an answer when the sender's messages for the month are used up (spec 1 §4 'Paywall').
  outOfQuota: msg(
    'You have reached your message limit with {cloneName} for this month. Open {product} to see your options.',
    'cloneName',
    'product',
  ),
  // spec 1 §8's fallback clone message, when the brain fails.
  answerFailed:
    "I'm sorry, I had a problem when trying to come up with an answer. Could you try asking again?",
  // A Telegram chat the bot cannot tie to anyone (never bound by a greeting link); 'Get a Text' is the
  // action's name on a clone's page.
  unknownTelegramChat: msg(
    "Hi! This chat is not linked to {product} yet: choose 'Get a Text' on a clone's page to start.",
    'product',
  ),
})

/** Brand names, the same in every language. */
const MEDIUM_LABELS: Record<TextMedium, string> = { SMS: 'SMS', WHATSAPP: 'WhatsApp', TELEGRAM: 'Telegram' }

const firstNameOf = (name: string | null | undefined) => name?.trim().split(/\s+/)[0] ?? ''

/** The texting side's texts in `language` (English where its catalog lacks them). */
export function textingTextsIn(language: string = DEFAULT_LANGUAGE_CODE) {
  const t = stringsIn<typeof textingStrings>('server.texting', readyLanguage(language))
  return {
    invalidPhone: t.invalidPhone,
    countryNotSupported: t.countryNotSupported,
    /** The clone's first text, and the first message of the conversation it opens. */
    greeting: (userName: string | null | undefined, cloneName: string) => {
      const first = firstNameOf(userName)
      return first ? t.greetingWithName(first, cloneName) : t.greeting(cloneName)
    },
    phoneCode: (code: string, minutes: number) => t.phoneCode(PRODUCT_NAME, code, minutes),
    phoneCodesRateLimited: t.phoneCodesRateLimited,
    mediumNotEnabled: (cloneName: string, medium: TextMedium) =>
      t.mediumNotEnabled(cloneName, MEDIUM_LABELS[medium]),
    phoneNotVerified: t.phoneNotVerified,
    telegramUsernameMissing: t.telegramUsernameMissing,
    telegramUsernameMismatch: t.telegramUsernameMismatch,
    greetFailed: t.greetFailed,
    textingNotConfigured: (provider: string) => t.textingNotConfigured(provider),
    badSignature: t.badSignature,
    outOfQuota: (cloneName: string) => t.outOfQuota(cloneName, PRODUCT_NAME),
    answerFailed: t.answerFailed,
    unknownTelegramChat: t.unknownTelegramChat(PRODUCT_NAME),
  }
}

export type TextingTexts = ReturnType<typeof textingTextsIn>

/** The texting side's texts in English (the source the catalogs translate). */
export const textingTexts: TextingTexts = textingTextsIn(DEFAULT_LANGUAGE_CODE)

/** A language given as a code ('es', 'pt-BR') or, as clones.language may hold it, a name ('Spanish'). */
function languageCodeOf(language: string | null | undefined): string | undefined {
  const byCode = findLanguage(language)?.code
  if (byCode) return byCode
  const wanted = (language ?? '').trim().toLowerCase()
  return wanted ? SELECTABLE_LANGUAGES.find((l) => l.name.toLowerCase() === wanted)?.code : undefined
}

/**
 * The language a text to a visitor is written in (greeting, out of quota, answer failed): their account's
 * chosen language (users.language), else the clone's own (clones.language), else English.
 */
export const visitorTextLanguage = (
  userLanguage: string | null | undefined,
  cloneLanguage: string | null | undefined,
): string => languageCodeOf(userLanguage) ?? languageCodeOf(cloneLanguage) ?? DEFAULT_LANGUAGE_CODE
