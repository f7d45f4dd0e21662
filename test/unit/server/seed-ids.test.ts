import { describe, expect, it } from 'vitest'
import { seedId } from '../../../server/seed/ids'

describe('seedId', () => {
  it('is a stable version-5-style UUID per kind and key', () => {
    const id = seedId('clone', 'lena-hart')
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/)
    expect(seedId('clone', 'lena-hart')).toBe(id)
    expect(seedId('user', 'lena-hart')).not.toBe(id)
    expect(seedId('clone', 'tomas-rivera')).not.toBe(id)
  })
})
