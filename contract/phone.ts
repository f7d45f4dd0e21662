import { parsePhoneNumberFromString } from 'libphonenumber-js/min'

/*
 * spec 1 §5 'Phone capture' and 'Phone country': one reading of a typed phone number for the renderer (capture,
 * 'Get a Text') and the server (which never trusts the renderer's reading). Numbers are stored in E.164.
 * libphonenumber-js/min is about 30 KB gzip: the renderer loads this module only in lazy chunks.
 */

/**
 * The countries whose numbers the product texts (and takes in capture): where the text providers deliver.
 * A number of any other country, or a visitor whose country (IP lookup) is another, is refused with
 * 'Country is not supported'.
 */
export const SUPPORTED_PHONE_COUNTRIES = [
  'US',
  'CA',
  'GB',
  'IE',
  'AU',
  'NZ',
  'DE',
  'AT',
  'CH',
  'FR',
  'BE',
  'NL',
  'LU',
  'ES',
  'PT',
  'IT',
  'SE',
  'NO',
  'DK',
  'FI',
  'IS',
  'PL',
  'CZ',
  'SK',
  'HU',
  'RO',
  'BG',
  'GR',
  'HR',
  'SI',
  'EE',
  'LV',
  'LT',
  'MT',
  'CY',
  'IL',
  'AE',
  'SG',
  'JP',
  'KR',
  'IN',
  'PH',
  'MX',
  'BR',
  'AR',
  'CL',
  'CO',
  'ZA',
] as const
export type PhoneCountry = (typeof SUPPORTED_PHONE_COUNTRIES)[number]

export const isSupportedPhoneCountry = (country: string | null | undefined): country is PhoneCountry =>
  !!country && (SUPPORTED_PHONE_COUNTRIES as readonly string[]).includes(country.toUpperCase())

export type PhoneReading =
  | { ok: true; e164: string; country: string }
  | { ok: false; reason: 'invalid' | 'country' }

/**
 * A typed number read against the visitor's country (used when the number has no '+country' prefix).
 * 'invalid': not a valid number (spec text 'Invalid Phone Number'); 'country': valid, but of a country the
 * product does not text, or the visitor's own country is unsupported ('Country is not supported').
 */
export function readPhoneNumber(input: string, country: string | null | undefined): PhoneReading {
  const trimmed = input.trim()
  if (!/^\+?[\d\s().-]{4,30}$/.test(trimmed)) return { ok: false, reason: 'invalid' }
  const international = trimmed.startsWith('+')
  if (!international && !isSupportedPhoneCountry(country)) return { ok: false, reason: 'country' }
  const phone = parsePhoneNumberFromString(
    trimmed,
    international ? undefined : (country?.toUpperCase() as PhoneCountry),
  )
  if (!phone?.isValid()) return { ok: false, reason: 'invalid' }
  if (!isSupportedPhoneCountry(phone.country)) return { ok: false, reason: 'country' }
  return { ok: true, e164: phone.number, country: phone.country! }
}

/** The country a browser language names ('en-GB' gives 'GB', 'zh-Hant-TW' 'TW'), when it names one. */
export function countryFromLanguage(language: string | null | undefined): string | null {
  // BCP 47: language[-script][-region]; the region is the first two-letter subtag after the language.
  const region = language
    ?.split(/[-_]/)
    .slice(1)
    .find((part) => /^[A-Za-z]{2}$/.test(part))
  return region ? region.toUpperCase() : null
}
