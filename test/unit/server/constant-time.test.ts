import { describe, expect, it } from 'vitest'
import { sameBytes, sameSecret } from '../../../server/auth/constant-time'

describe('the constant-time comparison', () => {
  it('accepts only the same secret, and never a missing one', () => {
    expect(sameSecret('s3cret-value', 's3cret-value')).toBe(true)
    expect(sameSecret('s3cret-valuf', 's3cret-value')).toBe(false)
    expect(sameSecret('s3cret', 's3cret-value')).toBe(false)
    expect(sameSecret('', '')).toBe(false)
    expect(sameSecret(undefined, 'x')).toBe(false)
    expect(sameSecret(null, 'x')).toBe(false)
    // Bytes, not characters: an accented secret of the same length in characters is another length in bytes.
    expect(sameSecret('é', 'e')).toBe(false)
  })

  it('compares bytes of different lengths as different without throwing', () => {
    expect(sameBytes(Buffer.from('ab'), Buffer.from('abc'))).toBe(false)
    expect(sameBytes(Buffer.from([1, 2]), Buffer.from([1, 2]))).toBe(true)
  })
})
