/**
 * spec 1 §2: the clone's number is shown '(NNN) NNN-NNNN', with a '+1 ' prefix when the number carries
 * the country code 1. Anything that is not a 10-digit (or 1 + 10-digit) North American number is
 * returned exactly as given.
 */
export function formatPhoneNumber(input: string): string {
  const trimmed = input.trim()
  // Only digits, spaces and the usual separators may appear; letters or extensions mean 'leave it alone'.
  if (!/^\+?[\d\s().-]+$/.test(trimmed)) return input
  const digits = trimmed.replace(/\D/g, '')
  const hasPlus = trimmed.startsWith('+')
  let national: string
  let withCountryCode: boolean
  if (digits.length === 11 && digits.startsWith('1')) {
    national = digits.slice(1)
    withCountryCode = true
  } else if (digits.length === 10 && !hasPlus) {
    national = digits
    withCountryCode = false
  } else {
    return input
  }
  const formatted = `(${national.slice(0, 3)}) ${national.slice(3, 6)}-${national.slice(6)}`
  return withCountryCode ? `+1 ${formatted}` : formatted
}

/** The number for a tel: link, digits only with a leading '+' kept. */
export const phoneHref = (input: string): string => `tel:${input.trim().replace(/[^\d+]/g, '')}`
