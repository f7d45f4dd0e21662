import { describe, expect, it } from 'vitest'
import {
  canConfirm,
  checkPhone,
  confirmationOf,
  isVerifiedNumber,
  readCode,
  sameTelegramUsername,
  telegramUsernameError,
} from '../../../../../renderer/src/features/actions/text-opt-in'

const ready = { phoneVerified: true, telegramUsername: '', consent: true, pending: false }

describe("'Get a Text' rules (spec 1 §5, §8)", () => {
  it('reads phone numbers with the exact error texts', () => {
    expect(checkPhone('(415) 555-0142', 'US')).toEqual({ ok: true, e164: '+14155550142' })
    expect(checkPhone('12', 'US')).toEqual({ ok: false, message: 'Invalid Phone Number' })
    expect(checkPhone('+7 912 345-67-89', 'US')).toEqual({ ok: false, message: 'Country is not supported' })
    // A national number needs a supported visitor country (the IP lookup or the browser's language).
    expect(checkPhone('912 345-67-89', 'RU')).toEqual({ ok: false, message: 'Country is not supported' })
    expect(checkPhone('912 345-67-89', null)).toEqual({ ok: false, message: 'Country is not supported' })
  })

  it('a number is verified only when it reads as the user’s own', () => {
    expect(isVerifiedNumber('415 555 0142', 'US', '+14155550142')).toBe(true)
    expect(isVerifiedNumber('415 555 0143', 'US', '+14155550142')).toBe(false)
    expect(isVerifiedNumber('415 555 0142', 'US', null)).toBe(false)
  })

  it('Confirm: Telegram needs a valid username, other media a verified number, SMS the box too', () => {
    expect(canConfirm({ ...ready, medium: 'SMS' })).toBe(true)
    expect(canConfirm({ ...ready, medium: 'SMS', consent: false })).toBe(false)
    expect(canConfirm({ ...ready, medium: 'WHATSAPP', consent: false })).toBe(true)
    expect(canConfirm({ ...ready, medium: 'WHATSAPP', phoneVerified: false })).toBe(false)
    expect(canConfirm({ ...ready, medium: 'SMS', pending: true })).toBe(false)
    expect(canConfirm({ ...ready, medium: 'TELEGRAM', telegramUsername: '@sam_visitor' })).toBe(true)
    expect(canConfirm({ ...ready, medium: 'TELEGRAM', telegramUsername: 'sam' })).toBe(false)
  })

  it('checks Telegram usernames and compares them without @ or case', () => {
    expect(telegramUsernameError('sam_visitor')).toBeNull()
    expect(telegramUsernameError('@Sam_Visitor')).toBeNull()
    expect(telegramUsernameError('1sam_visitor')).toBe('Invalid Telegram username')
    expect(telegramUsernameError('sam')).toBe('Invalid Telegram username')
    expect(sameTelegramUsername('@Sam_Visitor', 'sam_visitor')).toBe(true)
    expect(sameTelegramUsername('sam_visitor', null)).toBe(false)
  })

  it('reads the six-digit code without dashes', () => {
    expect(readCode(' 123-456 ')).toEqual({ ok: true, code: '123456' })
    expect(readCode('12345')).toEqual({ ok: false, message: "That doesn't look like a six-digit code." })
  })

  it('confirms with the formatted sender, the wa.me link or the Telegram start link', () => {
    const base = { ok: true as const, greeted: true }
    expect(confirmationOf({ ...base, medium: 'SMS', fromNumber: '+14155550100', link: null })).toEqual({
      kind: 'sms',
      number: '+1 (415) 555-0100',
    })
    expect(confirmationOf({ ...base, medium: 'WHATSAPP', fromNumber: '+14155550100', link: null })).toEqual({
      kind: 'whatsapp',
      number: '+1 (415) 555-0100',
      link: 'https://wa.me/14155550100',
    })
    expect(
      confirmationOf({ ...base, medium: 'TELEGRAM', fromNumber: null, link: 'https://t.me/bot?start=t1' }),
    ).toEqual({ kind: 'telegram', link: 'https://t.me/bot?start=t1' })
  })
})
