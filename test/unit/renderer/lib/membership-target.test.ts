import { describe, expect, it } from 'vitest'
import { membershipTarget, parseMembershipTarget } from '../../../../renderer/src/lib/membership-target'

describe('membership target', () => {
  it('reads instanceSlug@cloneSlug and cloneSlug', () => {
    expect(parseMembershipTarget('clinic@lena-hart')).toEqual({ slug: 'lena-hart', instanceSlug: 'clinic' })
    expect(parseMembershipTarget('lena-hart')).toEqual({ slug: 'lena-hart', instanceSlug: null })
    expect(parseMembershipTarget('@lena-hart')).toEqual({ slug: '@lena-hart', instanceSlug: null })
  })

  it('round-trips', () => {
    expect(parseMembershipTarget(membershipTarget('lena-hart', 'clinic'))).toEqual({
      slug: 'lena-hart',
      instanceSlug: 'clinic',
    })
    expect(membershipTarget('lena-hart')).toBe('lena-hart')
  })
})
