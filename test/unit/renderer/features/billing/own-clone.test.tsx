// @vitest-environment happy-dom
import { cleanup, screen, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { RelationshipType } from '../../../../../contract/auth'
import type { Monetization } from '../../../../../contract/billing'
import { billingStrings } from '../../../../../renderer/src/features/billing/billing.strings'
import { chatStream } from '../../../../../renderer/src/features/chat/chat-stream.store'
import { setPaywallTarget } from '../../../../../renderer/src/features/paywall/paywall.store'
import { closeDialog } from '../../../../../renderer/src/navigation/dialogs.store'
import { lenaHart, tomasRivera } from '../../support/clones'
import { fakeChatApi } from '../../support/fake-chat-api'
import { giveElementsALayout } from '../../support/layout'
import { renderApp } from '../../support/render-app'
import { json, membership, signedInUser, usage } from './fixtures'

beforeEach(giveElementsALayout)
afterEach(() => {
  cleanup()
  closeDialog()
  setPaywallTarget(null)
  chatStream.reset()
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
})

const monetization: Monetization = {
  anonymous_quota: { messages: 10, voice_minutes: 0, video_minutes: 0 },
  has_upsell_options: true,
  memberships: [
    membership(),
    membership({ id: '22222222-2222-4222-8222-222222222222', name: 'Free', basePrice: 0 }),
  ],
  active_subscription: null,
}

/** The signed-in user related to `cloneSlug` as `type`. */
function api(type: RelationshipType, cloneSlug = 'lena-hart') {
  const chat = fakeChatApi([lenaHart(), tomasRivera()])
  return async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost')
    if (url.pathname === '/api/me') {
      return json(200, {
        user: signedInUser,
        relationships: [{ id: '33333333-3333-4333-8333-333333333333', cloneSlug, type }],
      })
    }
    if (url.pathname === '/api/usage') return json(200, usage(5))
    if (url.pathname === '/api/clones/lena-hart/monetization') return json(200, monetization)
    return chat.fetch(input, init)
  }
}

/** The two plan cards, once shown in the page's main or the dialog. */
const cardsIn = async (role: 'main' | 'dialog') => {
  const scope = await screen.findByRole(role)
  const plus = await within(scope).findByRole('article', { name: 'Plus' })
  return [plus, within(scope).getByRole('article', { name: 'Free' })] as const
}

// spec 1 §1, §6: CREATOR and CONTRIBUTOR 'cannot subscribe ('You can't subscribe to your own clone')'.
describe("subscribing to one's own clone", () => {
  it.each(['CREATOR', 'CONTRIBUTOR'] as const)(
    '%s sees why on /memberships instead of Subscribe or Select',
    async (type) => {
      await renderApp('/memberships/lena-hart', { fetch: api(type) })
      for (const card of await cardsIn('main')) {
        expect(within(card).getByText("You can't subscribe to your own clone")).toBeTruthy()
        expect(within(card).queryByRole('button')).toBeNull()
      }
    },
  )

  it('the paywall says it to the creator too', async () => {
    await renderApp('/lena-hart/talk?paywall=1', { fetch: api('CREATOR') })
    for (const card of await cardsIn('dialog')) {
      expect(within(card).getByText(billingStrings.ownClone)).toBeTruthy()
      expect(within(card).queryByRole('button')).toBeNull()
    }
  })

  it("a consumer, or another clone's creator, can subscribe", async () => {
    for (const [type, slug] of [
      ['CONSUMER', 'lena-hart'],
      ['CREATOR', 'tomas-rivera'],
    ] as const) {
      await renderApp('/memberships/lena-hart', { fetch: api(type, slug) })
      const [plus, free] = await cardsIn('main')
      expect(within(plus).getByRole('button', { name: billingStrings.subscribe })).toBeTruthy()
      expect(within(free).getByRole('button', { name: billingStrings.select })).toBeTruthy()
      expect(screen.queryByText(billingStrings.ownClone)).toBeNull()
      cleanup()
    }
  })
})
