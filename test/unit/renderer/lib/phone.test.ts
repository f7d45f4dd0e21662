import { describe, expect, it } from 'vitest'
import { formatPhoneNumber, phoneHref } from '../../../../renderer/src/lib/phone'

describe('formatPhoneNumber', () => {
  it.each([
    ['+14155550123', '+1 (415) 555-0123'],
    ['4155550123', '(415) 555-0123'],
    ['14155550123', '+1 (415) 555-0123'],
    ['+1 415-555-0123', '+1 (415) 555-0123'],
    ['(415) 555-0123', '(415) 555-0123'],
    ['415.555.0123', '(415) 555-0123'],
    // Canada shares the North American plan.
    ['+1 416 555 0199', '+1 (416) 555-0199'],
    [' 1-800-555-0199 ', '+1 (800) 555-0199'],
  ])('formats %s as %s', (input, expected) => {
    expect(formatPhoneNumber(input)).toBe(expected)
  })

  it.each([
    '',
    'call me',
    'call me at 415 555 0123',
    '555-0123',
    '+442071234567',
    '+4155550123',
    '415555012345',
    '4155550123 ext 4',
  ])('returns unparsable %j as given', (input) => {
    expect(formatPhoneNumber(input)).toBe(input)
  })
})

describe('phoneHref', () => {
  it('keeps the plus and the digits', () => {
    expect(phoneHref('+1 (415) 555-0123')).toBe('tel:+14155550123')
  })
})
