// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { BillingOverview, Monetization, SubscriptionSummary } from '../../../../../contract/billing'
import { billingStrings } from '../../../../../renderer/src/features/billing/billing.strings'
import { paywall, setPaywallTarget } from '../../../../../renderer/src/features/paywall/paywall.store'
import { closeDialog, dialogs } from '../../../../../renderer/src/navigation/dialogs.store'
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
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
})

const summary = (over: Partial<SubscriptionSummary> = {}): SubscriptionSummary => ({
  id: 'sub-1',
  membership: membership({ name: 'Rested', includedMessagesPerMonth: 200 }),
  basis: 'monthly',
  willCancelAtPeriodEnd: false,
  currentPeriodEnd: '2026-12-15T00:00:00.000Z',
  clone: { slug: 'lena-hart', name: 'Lena Hart', imageUrl: null },
  instance: null,
  usage: {
    used: { messages: 12, voice_seconds: 0, video_seconds: 0 },
    quota: { messages: 200, voice_seconds: 600, video_seconds: 0 },
  },
  ...over,
})

interface Setup {
  overview?: BillingOverview | 'fail'
  overagePut?: (enabled: boolean) => Response
  signedIn?: boolean
  handoff?: 'ok' | 'fail'
  monetization?: Monetization
}

function api(setup: Setup) {
  let signedIn = setup.signedIn ?? true
  const chat = fakeChatApi([lenaHart({ upsellTitle: 'Out of nights with {name}' }), tomasRivera()])
  const calls: { method: string; path: string; body: unknown; auth: string | null }[] = []
  const fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost')
    const method = init?.method ?? 'GET'
    const auth = new Headers(init?.headers).get('authorization')
    calls.push({ method, path: url.pathname, body: init?.body ? JSON.parse(String(init.body)) : null, auth })
    if (url.pathname === '/api/me')
      return json(200, { user: signedIn ? signedInUser : null, relationships: [] })
    if (url.pathname === '/api/auth/handoff') {
      if (setup.handoff === 'fail') return json(401, { error: { code: 'unauthorized', message: 'no' } })
      signedIn = true
      return json(200, { user: signedInUser })
    }
    if (url.pathname === '/api/billing') {
      if (setup.overview === 'fail' || !setup.overview)
        return json(500, { error: { code: 'internal', message: 'x' } })
      return json(200, setup.overview)
    }
    if (url.pathname === '/api/billing/overage') {
      const enabled = (JSON.parse(String(init?.body)) as { enabled: boolean }).enabled
      return setup.overagePut?.(enabled) ?? json(200, { enabled, available: true })
    }
    if (url.pathname === '/api/usage') return json(200, usage(0))
    if (url.pathname === '/api/clones/lena-hart/monetization') {
      return json(
        200,
        setup.monetization ?? {
          anonymous_quota: { messages: 10, voice_minutes: 0, video_minutes: 0 },
          has_upsell_options: true,
          memberships: [membership()],
          active_subscription: null,
        },
      )
    }
    return chat.fetch(input, init)
  }
  return { fetch, calls }
}

const overview = (over: Partial<BillingOverview> = {}): BillingOverview => ({
  subscriptions: [summary()],
  overage: { enabled: false, available: true },
  testMode: true,
  ...over,
})

describe('/billing', () => {
  it('lists memberships with this month usage, the test-mode notice and a manage link', async () => {
    const { fetch } = api({
      overview: overview({
        subscriptions: [
          summary(),
          summary({
            id: 'sub-2',
            willCancelAtPeriodEnd: true,
            instance: { slug: 'clinic', name: 'Clinic' },
            usage: {
              used: { messages: 230, voice_seconds: 0, video_seconds: 0 },
              quota: { messages: 200, voice_seconds: 0, video_seconds: 0 },
            },
          }),
        ],
      }),
    })
    await renderApp('/billing', { fetch })
    const list = await screen.findByRole('list', { name: billingStrings.yourMemberships })
    const cards = within(list).getAllByRole('article')
    expect(cards).toHaveLength(2)
    expect(within(cards[0]!).getByText('12 of 200 messages used this month')).toBeTruthy()
    expect(within(cards[0]!).getByRole('progressbar').getAttribute('aria-valuenow')).toBe('6')
    expect(within(cards[0]!).getByText(/^Renews on /)).toBeTruthy()
    expect(within(cards[1]!).getByText('30 messages over your plan')).toBeTruthy()
    expect(within(cards[1]!).getByText(/^Cancels on /)).toBeTruthy()
    const manage = within(cards[1]!).getByRole('link', { name: 'Manage membership for Lena Hart · Clinic' })
    expect(decodeURIComponent(manage.getAttribute('href') ?? '')).toBe('/memberships/clinic@lena-hart')
    expect(screen.getByText(billingStrings.testMode)).toBeTruthy()
  })

  it('shows the empty state without an overage switch', async () => {
    const { fetch } = api({ overview: overview({ subscriptions: [], testMode: false }) })
    await renderApp('/billing', { fetch })
    expect(await screen.findByText(billingStrings.noSubscriptions)).toBeTruthy()
    expect(screen.queryByRole('switch')).toBeNull()
    expect(screen.queryByText(billingStrings.testMode)).toBeNull()
  })

  it('turns overage on, and keeps it off with an error toast when the server refuses', async () => {
    let answer = (enabled: boolean) => json(200, { enabled, available: true })
    const { fetch, calls } = api({ overview: overview(), overagePut: (enabled) => answer(enabled) })
    await renderApp('/billing', { fetch })
    const toggle = await screen.findByRole('switch', { name: billingStrings.overageTitle })
    expect(toggle.getAttribute('aria-checked')).toBe('false')
    fireEvent.click(toggle)
    await waitFor(() => expect(toggle.getAttribute('aria-checked')).toBe('true'))
    expect(await screen.findByText(billingStrings.overageOn)).toBeTruthy()
    expect(calls.find((c) => c.path === '/api/billing/overage')).toMatchObject({
      method: 'PUT',
      body: { enabled: true },
    })

    answer = () =>
      json(409, { error: { code: 'conflict', message: 'Overage needs an active paid membership.' } })
    fireEvent.click(toggle)
    expect(await screen.findByText(billingStrings.overageFailed)).toBeTruthy()
    await waitFor(() => expect(toggle.getAttribute('aria-checked')).toBe('true'))
  })

  it('disables the overage switch where it cannot be billed', async () => {
    const { fetch } = api({ overview: overview({ overage: { enabled: false, available: false } }) })
    await renderApp('/billing', { fetch })
    const toggle = await screen.findByRole('switch', { name: billingStrings.overageTitle })
    expect(toggle.hasAttribute('disabled')).toBe(true)
    expect(screen.getByText(billingStrings.overageUnavailable)).toBeTruthy()
  })

  it('offers a retry when the list cannot load', async () => {
    const { fetch } = api({ overview: 'fail' })
    await renderApp('/billing', { fetch })
    expect(await screen.findByText(billingStrings.loadFailed, {}, { timeout: 5000 })).toBeTruthy()
    expect(screen.getByRole('button', { name: billingStrings.retry })).toBeTruthy()
  })
})

describe('/memberships opened from an embed', () => {
  const token = 'embedtoken_abcdefghijklmnopqrstuvwxyz'

  it('trades the token for a session, drops it from the address and links back to the embedding page', async () => {
    const { fetch, calls } = api({ signedIn: false })
    const app = await renderApp(
      `/memberships/lena-hart?origin=${encodeURIComponent('https://partner.example.com/help')}&token=${token}`,
      { fetch, strict: true },
    )
    await waitFor(() => expect(app.router.state.location.search).not.toHaveProperty('token'))
    expect(app.router.state.location.search).toHaveProperty('origin', 'https://partner.example.com/help')
    expect(await screen.findByRole('article', { name: 'Plus' })).toBeTruthy()
    const handoffs = calls.filter((c) => c.path === '/api/auth/handoff')
    expect(handoffs).toHaveLength(1)
    expect(handoffs[0]!.auth).toBe(`Bearer ${token}`)
    const back = screen.getByRole('link', { name: 'Back to partner.example.com' })
    expect(back.getAttribute('href')).toBe('https://partner.example.com/help')
  })

  it('asks to log in when the token no longer works, and ignores an unsafe origin', async () => {
    const { fetch } = api({ signedIn: false, handoff: 'fail' })
    await renderApp(
      `/memberships/lena-hart?origin=${encodeURIComponent('javascript:alert(1)')}&token=${token}x`,
      {
        fetch,
      },
    )
    expect(await screen.findByRole('alert')).toHaveProperty('textContent', billingStrings.handoffFailed)
    expect(within(screen.getByRole('main')).getByRole('button', { name: billingStrings.logIn })).toBeTruthy()
    expect(screen.getByRole('link', { name: billingStrings.backToProfile })).toBeTruthy()
    expect(screen.queryByRole('link', { name: /javascript/ })).toBeNull()
  })
})

describe('clone-specific upsell title', () => {
  it("titles the paywall with the clone's own wording", async () => {
    const { fetch } = api({ signedIn: false, overview: overview() })
    await renderApp('/lena-hart/talk?paywall=1', { fetch })
    await waitFor(() => expect(dialogs.open?.kind).toBe('paywall'))
    expect(paywall.target?.upsellTitle).toBe('Out of nights with {name}')
    expect(await screen.findByRole('dialog', { name: 'Out of nights with Lena Hart' })).toBeTruthy()
  })
})

describe('back from a checkout', () => {
  it('says the payment went through once, closes the paywall and leaves the address', async () => {
    const { fetch, calls } = api({ overview: overview() })
    const app = await renderApp('/lena-hart/talk?checkout=success', { fetch })
    expect(await screen.findByText(billingStrings.checkoutSucceeded)).toBeTruthy()
    await waitFor(() => expect(app.router.state.location.search).not.toHaveProperty('checkout'))
    expect(app.router.state.location.pathname).toBe('/lena-hart/talk')
    expect(dialogs.open).toBeNull()
    await waitFor(() => expect(calls.filter((c) => c.path === '/api/usage').length).toBeGreaterThan(0))
  })

  it('says a canceled checkout charged nothing, on any page', async () => {
    const { fetch } = api({ overview: overview() })
    const app = await renderApp('/billing?checkout=canceled', { fetch })
    expect(await screen.findByText(billingStrings.checkoutCanceled)).toBeTruthy()
    await waitFor(() => expect(app.router.state.location.search).not.toHaveProperty('checkout'))
  })
})
