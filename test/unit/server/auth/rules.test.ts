import { describe, expect, it } from 'vitest'
import { normaliseEmail, subaddressError, userTypeOf } from '../../../../contract/auth'
import { internalEmailDomains } from '../../../../server/auth/auth-settings'
import { hashLoginCode, newLoginCode, normaliseLoginCode } from '../../../../server/auth/tokens'
import { signInCodeMail } from '../../../../server/mail/sign-in-mail'
import { codeInText } from '../../../../server/routes/dev-outbox'

describe('sign-in codes', () => {
  it('are six characters from the random generator', () => {
    const codes = new Set(Array.from({ length: 200 }, newLoginCode))
    for (const code of codes) expect(code).toMatch(/^\d{6}$/)
    expect(codes.size).toBeGreaterThan(190)
  })

  it('are read trimmed, without dashes and spaces (spec 1 §5)', () => {
    expect(normaliseLoginCode(' 123-456 ')).toBe('123456')
    expect(normaliseLoginCode('12 34 56')).toBe('123456')
    expect(normaliseLoginCode('1-2-3-4-5-6')).toBe('123456')
  })

  it('are hashed with the secret and bound to the address', () => {
    const a = hashLoginCode('secret-1', 'a@example.com', '123456')
    expect(a).toMatch(/^[0-9a-f]{64}$/)
    expect(hashLoginCode('secret-2', 'a@example.com', '123456')).not.toBe(a)
    expect(hashLoginCode('secret-1', 'b@example.com', '123456')).not.toBe(a)
  })

  it('travel in a mail whose code the dev outbox can find', () => {
    const mail = signInCodeMail('a@example.com', '042517', { validMinutes: 10 })
    expect(mail.subject).toBe('Your Likeness sign-in code: 042517')
    expect(codeInText(mail.text)).toBe('042517')
    expect(mail.text).toContain('expires in 10 minutes')
    expect(signInCodeMail('a@example.com', '042517', { validMinutes: 10, whitelabel: true }).subject).toBe(
      'Your sign-in code: 042517',
    )
    expect(codeInText('no code here')).toBeNull()
  })
})

describe('subaddresses (spec 1 §5)', () => {
  const internal = ['likeness.test', 'likeness.app']

  it('are refused with the spec text, outside the internal domains', () => {
    expect(subaddressError('Jo+news@Example.com', internal)).toBe(
      'Subaddresses (jo+news@example.com) are not allowed',
    )
    expect(subaddressError('jo@example.com', internal)).toBeNull()
  })

  it('are allowed in the internal domains', () => {
    expect(subaddressError('qa+1@likeness.test', internal)).toBeNull()
    expect(subaddressError('qa+1@LIKENESS.APP', internal)).toBeNull()
    expect(subaddressError('qa+1@sub.likeness.app', internal)).not.toBeNull()
  })

  it('takes the internal domains from INTERNAL_EMAIL_DOMAINS, defaulting to the product two', () => {
    expect(internalEmailDomains({ INTERNAL_EMAIL_DOMAINS: undefined })).toEqual([
      'likeness.test',
      'likeness.app',
    ])
    expect(internalEmailDomains({ INTERNAL_EMAIL_DOMAINS: ' Corp.example , ,other.example' })).toEqual([
      'corp.example',
      'other.example',
    ])
  })

  it('addresses are normalised trimmed and lower-case', () => {
    expect(normaliseEmail('  Lena@Likeness.TEST ')).toBe('lena@likeness.test')
  })
})

describe('user type (spec 1 §1)', () => {
  it('derives from the relationship', () => {
    expect(userTypeOf(true, 'CREATOR')).toBe('admin')
    expect(userTypeOf(true, 'CONTRIBUTOR')).toBe('collab')
    expect(userTypeOf(true, 'CONSUMER')).toBe('consumer_signed_in')
    expect(userTypeOf(true, null)).toBe('consumer_signed_in')
    expect(userTypeOf(false, null)).toBe('anonymous')
    // A relationship without a session counts for nothing.
    expect(userTypeOf(false, 'CREATOR')).toBe('anonymous')
  })
})
