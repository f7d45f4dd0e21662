import { describe, expect, it } from 'vitest'
import {
  countryFromLanguage,
  isSupportedPhoneCountry,
  readPhoneNumber,
  SUPPORTED_PHONE_COUNTRIES,
} from '../../../contract/phone'

/*
 * spec 1 §5 'Phone capture' and 'Phone country': one reading of a typed number on both sides; stored in
 * E.164; 'invalid' shows 'Invalid Phone Number', 'country' shows 'Country is not supported'.
 */

describe('readPhoneNumber', () => {
  it('reads a national number against the visitor’s country, in E.164', () => {
    expect(readPhoneNumber('(415) 555-2671', 'US')).toEqual({ ok: true, e164: '+14155552671', country: 'US' })
    expect(readPhoneNumber('07400 123456', 'GB')).toEqual({ ok: true, e164: '+447400123456', country: 'GB' })
  })

  it('takes the country in any case', () => {
    expect(readPhoneNumber('415.555.2671', 'us')).toEqual({ ok: true, e164: '+14155552671', country: 'US' })
  })

  it('reads an international number without the visitor’s country', () => {
    expect(readPhoneNumber('+44 20 7946 0958', null)).toEqual({
      ok: true,
      e164: '+442079460958',
      country: 'GB',
    })
  })

  it('takes an international number of a supported country from a visitor anywhere', () => {
    expect(readPhoneNumber('+1 415 555 2671', 'RU')).toEqual({
      ok: true,
      e164: '+14155552671',
      country: 'US',
    })
  })

  it('trims the whitespace around the number', () => {
    expect(readPhoneNumber('  +44 20 7946 0958 \n', undefined)).toEqual({
      ok: true,
      e164: '+442079460958',
      country: 'GB',
    })
  })

  it.each([
    ['+7 912 345-67-89', 'Russia'],
    ['+86 138 0013 8000', 'China'],
    ['+234 803 123 4567', 'Nigeria'],
  ])("refuses %s, a number of an unsupported country (%s), as 'country'", (input) => {
    expect(readPhoneNumber(input, 'US')).toEqual({ ok: false, reason: 'country' })
  })

  it("refuses a national number typed by a visitor in an unsupported (or unknown) country as 'country'", () => {
    expect(readPhoneNumber('912 345 67 89', 'RU')).toEqual({ ok: false, reason: 'country' })
    expect(readPhoneNumber('415 555 2671', null)).toEqual({ ok: false, reason: 'country' })
  })

  it.each([
    'call me maybe',
    '12',
    '1234567',
    '+1 555',
    '',
    '   ',
    '415-555-2671 ext. 9',
    '+44 20 7946 0958 0000 0000 0000 0000 0000',
  ])("refuses %j as 'invalid'", (input) => {
    expect(readPhoneNumber(input, 'US')).toEqual({ ok: false, reason: 'invalid' })
  })
})

describe('the supported countries', () => {
  it('are two-letter codes, each once', () => {
    expect(new Set(SUPPORTED_PHONE_COUNTRIES).size).toBe(SUPPORTED_PHONE_COUNTRIES.length)
    for (const country of SUPPORTED_PHONE_COUNTRIES) expect(country).toMatch(/^[A-Z]{2}$/)
  })

  it('are recognised in any case, and nothing else is', () => {
    expect(isSupportedPhoneCountry('gb')).toBe(true)
    expect(isSupportedPhoneCountry('RU')).toBe(false)
    expect(isSupportedPhoneCountry(null)).toBe(false)
    expect(isSupportedPhoneCountry('')).toBe(false)
  })
})

describe('countryFromLanguage', () => {
  it.each([
    ['en-GB', 'GB'],
    ['en-us', 'US'],
    ['pt_BR', 'BR'],
    ['zh-Hant-TW', 'TW'],
  ])('%s names %s', (language, country) => {
    expect(countryFromLanguage(language)).toBe(country)
  })

  it.each(['en', 'es-419', 'zh-Hant', '', null, undefined])('%j names no country', (language) => {
    expect(countryFromLanguage(language)).toBeNull()
  })
})
