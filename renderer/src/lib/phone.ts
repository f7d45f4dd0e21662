import { parsePhoneNumberFromString } from 'libphonenumber-js/min'

/**
 * spec 1 §2: the clone's number is shown '(NNN) NNN-NNNN', with a '+1 ' prefix when the number carries
 * the country code 1. Anything that is not a North American number (another country, too few or too many
 * digits, an extension, words) is returned exactly as given. libphonenumber-js reads the number; its
 * metadata is large, so this module is loaded lazily (features/profile/use-formatted-phone.ts).
 */
export function formatPhoneNumber(input: string): string {
  const trimmed = input.trim()
  // Only digits, spaces and the usual separators: libphonenumber would also find a number inside words.
  if (!/^\+?[\d\s().-]+$/.test(trimmed)) return input
  const phone = parsePhoneNumberFromString(trimmed, 'US')
  if (phone?.countryCallingCode !== '1' || phone.ext || !phone.isPossible()) return input
  // The number carries the country code when it is written with '+' or with the leading 1.
  const withCountryCode = trimmed.startsWith('+') || trimmed.replace(/\D/g, '').length === 11
  const national = phone.formatNational()
  return withCountryCode ? `+1 ${national}` : national
}

/** The number for a tel: link, digits only with a leading '+' kept. */
export const phoneHref = (input: string): string => `tel:${input.trim().replace(/[^\d+]/g, '')}`
