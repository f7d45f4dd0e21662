import { describe, expect, it } from 'vitest'
import {
  emptyMembershipDraft,
  movedIds,
  readCount,
  readMembershipDraft,
  readPrice,
  readQuotaDraft,
} from '../../../../../renderer/src/features/studio-memberships/membership-form'

describe('the membership form as data', () => {
  it('reads prices as USD with at most two decimals; empty is not offered', () => {
    expect(readPrice('')).toBeNull()
    expect(readPrice('  ')).toBeNull()
    expect(readPrice('9')).toBe(9)
    expect(readPrice('$9.99')).toBe(9.99)
    expect(readPrice('1,200')).toBe(1200)
    expect(readPrice('0')).toBe(0)
    for (const bad of ['9.999', '-1', 'ten', '200000', '1e3']) expect(readPrice(bad)).toBeNaN()
  })

  it('reads counts as whole numbers within their limit', () => {
    expect(readCount('250', 1000)).toBe(250)
    expect(readCount('1,000', 1000)).toBe(1000)
    for (const bad of ['', '1.5', '-3', '1001']) expect(readCount(bad, 1000)).toBeNaN()
  })

  it('asks for a name and at least one price, and accepts a free plan', () => {
    const empty = readMembershipDraft(emptyMembershipDraft())
    expect(empty.ok).toBe(false)
    if (!empty.ok) expect(Object.keys(empty.errors).sort()).toEqual(['basePrice', 'name'])
    const free = readMembershipDraft({ ...emptyMembershipDraft(), name: ' Free ', basePrice: '0' })
    expect(free).toEqual({
      ok: true,
      input: expect.objectContaining({
        name: 'Free',
        basePrice: 0,
        annualPrice: null,
        customDescription: null,
      }),
    })
  })

  it('moves an id up or down, and leaves the order alone at the edges', () => {
    expect(movedIds(['a', 'b', 'c'], 0, 1)).toEqual(['b', 'a', 'c'])
    expect(movedIds(['a', 'b', 'c'], 2, -1)).toEqual(['a', 'c', 'b'])
    expect(movedIds(['a', 'b', 'c'], 0, -1)).toEqual(['a', 'b', 'c'])
  })

  it('reads the free quota, and a blank paywall title as the default one', () => {
    expect(
      readQuotaDraft({ messages: '5', voiceMinutes: '0', videoMinutes: '1', upsellTitle: '  ' }),
    ).toEqual({
      ok: true,
      patch: { anonymousQuota: { messages: 5, voiceMinutes: 0, videoMinutes: 1 }, upsellTitle: null },
    })
    const bad = readQuotaDraft({ messages: '99999', voiceMinutes: 'x', videoMinutes: '1', upsellTitle: '' })
    expect(bad.ok).toBe(false)
    if (!bad.ok) expect(Object.keys(bad.errors).sort()).toEqual(['messages', 'voiceMinutes'])
  })
})
