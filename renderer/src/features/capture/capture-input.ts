import { LOGIN_CODE_LENGTH, normaliseEmail, SignInEmail } from '../../../../contract/auth'
import { readPhoneNumber } from '../../../../contract/phone'
import { captureStrings } from './capture.strings'

/*
 * What the visitor types during capture, read as spec 1 §5 says: trimmed; an email must be valid ('Invalid
 * Email'); a phone number valid ('Invalid Phone Number') and of a supported country ('Country is not
 * supported'); a code six characters once dashes are removed ("That doesn't look like a six-digit code.").
 */

export type InputReading = { ok: true; value: string } | { ok: false; error: string }

export function readCaptureEmail(input: string): InputReading {
  const parsed = SignInEmail.safeParse(input.trim())
  return parsed.success
    ? { ok: true, value: normaliseEmail(parsed.data) }
    : { ok: false, error: captureStrings.invalidEmail }
}

/** The code without dashes (and the spaces a paste brings). */
export function readCaptureCode(input: string): InputReading {
  const code = input.trim().replace(/[-\s]/g, '')
  return code.length === LOGIN_CODE_LENGTH
    ? { ok: true, value: code }
    : { ok: false, error: captureStrings.invalidCode }
}

/** The number in E.164, read against the visitor's country (IP lookup, else the browser's language). */
export function readCapturePhone(input: string, country: string | null): InputReading {
  const reading = readPhoneNumber(input, country)
  if (reading.ok) return { ok: true, value: reading.e164 }
  return {
    ok: false,
    error: reading.reason === 'country' ? captureStrings.countryNotSupported : captureStrings.invalidPhone,
  }
}
