import { describe, expect, it } from 'vitest'
import {
  readCaptureCode,
  readCaptureEmail,
  readCapturePhone,
} from '../../../../../renderer/src/features/capture/capture-input'

describe('capture input (spec 1 §5, §8)', () => {
  it('takes a valid email, trimmed and lower-cased, else "Invalid Email"', () => {
    expect(readCaptureEmail('  Ada@Example.com ')).toEqual({ ok: true, value: 'ada@example.com' })
    expect(readCaptureEmail('ada@')).toEqual({ ok: false, error: 'Invalid Email' })
    expect(readCaptureEmail('')).toEqual({ ok: false, error: 'Invalid Email' })
  })

  it('takes six characters once dashes are removed, else the six-digit text', () => {
    expect(readCaptureCode(' 123-456 ')).toEqual({ ok: true, value: '123456' })
    expect(readCaptureCode('12-34-56')).toEqual({ ok: true, value: '123456' })
    const invalid = { ok: false, error: "That doesn't look like a six-digit code." }
    expect(readCaptureCode('12345')).toEqual(invalid)
    expect(readCaptureCode('1234567')).toEqual(invalid)
  })

  it('reads a phone number in E.164 against the country, else "Invalid Phone Number"', () => {
    expect(readCapturePhone('(201) 555-0123', 'US')).toEqual({ ok: true, value: '+12015550123' })
    expect(readCapturePhone('+44 7400 123456', null)).toEqual({ ok: true, value: '+447400123456' })
    expect(readCapturePhone('12', 'US')).toEqual({ ok: false, error: 'Invalid Phone Number' })
    expect(readCapturePhone('not a number', 'US')).toEqual({ ok: false, error: 'Invalid Phone Number' })
  })

  it('refuses a number of an unsupported country, or a local number where the country is unsupported', () => {
    expect(readCapturePhone('+7 912 345-67-89', 'US')).toEqual({
      ok: false,
      error: 'Country is not supported',
    })
    expect(readCapturePhone('912 345 67 89', 'RU')).toEqual({ ok: false, error: 'Country is not supported' })
    expect(readCapturePhone('201 555 0123', null)).toEqual({ ok: false, error: 'Country is not supported' })
  })
})
