import { describe, expect, it } from 'vitest'
import {
  accountMenuEntries,
  displayNameOf,
  leadsSlugFor,
} from '../../../../../renderer/src/features/account/account-menu'

describe('account menu entries (spec 1 §2, §6)', () => {
  it('offers Edit suggested questions only to the creator or a contributor of the clone on screen', () => {
    expect(accountMenuEntries('lena-hart', 'admin').editSuggestedQuestions).toBe(true)
    expect(accountMenuEntries('lena-hart', 'collab').editSuggestedQuestions).toBe(true)
    expect(accountMenuEntries('lena-hart', 'consumer_signed_in').editSuggestedQuestions).toBe(false)
    expect(accountMenuEntries(null, 'admin').editSuggestedQuestions).toBe(false)
  })

  it('hides Give feedback for the configured clones only', () => {
    const feedbackHiddenFor = ['quiet-clone']
    expect(accountMenuEntries('lena-hart', 'consumer_signed_in').feedback).toBe(true)
    expect(accountMenuEntries('quiet-clone', 'consumer_signed_in', { feedbackHiddenFor }).feedback).toBe(
      false,
    )
    expect(accountMenuEntries(null, 'consumer_signed_in', { feedbackHiddenFor }).feedback).toBe(true)
  })

  it('hides Give feedback in a white-labelled embed, for every clone and every visitor', () => {
    for (const userType of ['admin', 'collab', 'consumer_signed_in'] as const) {
      expect(accountMenuEntries('lena-hart', userType, { whitelabelEmbed: true }).feedback).toBe(false)
      expect(accountMenuEntries(null, userType, { whitelabelEmbed: true }).feedback).toBe(false)
      expect(accountMenuEntries('lena-hart', userType, { whitelabelEmbed: false }).feedback).toBe(true)
    }
  })

  it('names the user, or the address before the @', () => {
    expect(displayNameOf({ name: 'Lena Hart', email: 'lena@likeness.test' })).toBe('Lena Hart')
    expect(displayNameOf({ name: null, email: 'sam@example.com' })).toBe('sam')
    expect(displayNameOf({ name: '  ', email: 'sam@example.com' })).toBe('sam')
  })

  it("offers 'Leads' to creators and contributors: the clone on screen first, else any of theirs", () => {
    const creator = { cloneSlug: 'lena-hart', type: 'CREATOR' as const }
    const contributor = { cloneSlug: 'tomas-rivera', type: 'CONTRIBUTOR' as const }
    const consumer = { cloneSlug: 'ada', type: 'CONSUMER' as const }
    expect(leadsSlugFor('tomas-rivera', [creator, contributor])).toBe('tomas-rivera')
    expect(leadsSlugFor('ada', [consumer, creator])).toBe('lena-hart')
    expect(leadsSlugFor(null, [contributor])).toBe('tomas-rivera')
    expect(leadsSlugFor('ada', [consumer])).toBeNull()
    expect(leadsSlugFor(null, [])).toBeNull()
  })
})
