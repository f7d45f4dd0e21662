// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { Monetization, Usage } from '../../../../../contract/billing'
import { usageQueryKey } from '../../../../../renderer/src/api/billing'
import { billingStrings } from '../../../../../renderer/src/features/billing/billing.strings'
import { navigation } from '../../../../../renderer/src/features/billing/PlanPicker'
import { chatStream } from '../../../../../renderer/src/features/chat/chat-stream.store'
import { closeDialog, dialogs } from '../../../../../renderer/src/navigation/dialogs.store'
import { lenaHart, tomasRivera } from '../../support/clones'
import { fakeChatApi } from '../../support/fake-chat-api'
import { giveElementsALayout } from '../../support/layout'
import { queryUpdatesRendered } from '../../support/query-updates'
import { renderApp } from '../../support/render-app'
import { json, membership, signedInUser, usage } from '../billing/fixtures'

beforeEach(giveElementsALayout)

afterEach(() => {
  vi.restoreAllMocks()
  cleanup()
  chatStream.reset()
  closeDialog()
  vi.unstubAllGlobals()
})

const monetization = (over: Partial<Monetization> = {}): Monetization => ({
  anonymous_quota: { messages: 10, voice_minutes: 0, video_minutes: 0 },
  has_upsell_options: true,
  memberships: [membership()],
  active_subscription: null,
  ...over,
})

interface Setup {
  usage?: Usage
  signedIn?: boolean
  monetization?: Monetization
  stream402?: boolean
}

function api({ usage: u = usage(2), signedIn = false, monetization: m = monetization(), stream402 }: Setup) {
  const chat = fakeChatApi([lenaHart(), tomasRivera()], {
    streamResponse: () =>
      stream402 ? json(402, { error: { code: 'payment_required', message: 'Payment required' } }) : null,
  })
  const posts: { path: string; body: unknown }[] = []
  const fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost')
    if (init?.method === 'POST' && url.pathname.startsWith('/api/subscriptions')) {
      posts.push({ path: url.pathname, body: JSON.parse(String(init.body)) })
      if (url.pathname === '/api/subscriptions') {
        return json(200, { client_secret: 'cs_test', checkout_url: '/dev/checkout/cs_test' })
      }
      if (url.pathname === '/api/subscriptions/resume') return json(200, { ok: true })
      return json(200, { url: 'https://billing.example.com/portal' })
    }
    if (url.pathname === '/api/me') {
      return json(200, { user: signedIn ? signedInUser : null, relationships: [] })
    }
    if (url.pathname === '/api/usage') return json(200, u)
    if (url.pathname === '/api/clones/lena-hart/monetization') return json(200, m)
    return chat.fetch(input, init)
  }
  return { fetch, posts, streamCalls: chat.streamCalls }
}

const prompt = () => screen.getByRole('textbox', { name: 'Message Lena Hart' })
const send = (text: string) => {
  fireEvent.change(prompt(), { target: { value: text } })
  fireEvent.keyDown(prompt(), { key: 'Enter' })
}

describe('usage and the paywall in the chat', () => {
  it('counts down the remaining line, red at 3 or fewer, and opens the paywall at 0', async () => {
    const { fetch } = api({ usage: usage(2) })
    await renderApp('/lena-hart/talk', { fetch })
    const line = await screen.findByText('2 Messages Remaining')
    expect(line.closest('p')?.dataset.low).toBe('true')
    expect(screen.getByRole('img', { name: '2 of 10 messages left' })).toBeTruthy()
    send('How much coffee?')
    expect(await screen.findByText('1 Message Remaining')).toBeTruthy()
    expect(dialogs.open).toBeNull()
    await waitFor(() => expect(chatStream.state.outboundPending || chatStream.state.receiving).toBe(false))
    send('And tea?')
    expect(await screen.findByText('0 Messages Remaining')).toBeTruthy()
    const dialog = await screen.findByRole('dialog', {
      name: "You've used up your available quota for Lena Hart",
    })
    // Signed out: sign-in first.
    fireEvent.click(within(dialog).getByRole('button', { name: billingStrings.signIn }))
    await waitFor(() => expect(dialogs.open?.kind).toBe('signIn'))
  })

  it('hides the line for an unlimited quota and never opens the paywall without requireEmail', async () => {
    const { fetch } = api({ usage: usage(0, { quota: -1 }) })
    const app = await renderApp('/lena-hart/talk', { fetch })
    await screen.findByRole('textbox', { name: 'Message Lena Hart' })
    // The usage answer is in, and its update has reached the screen (TanStack notifies in batches).
    await waitFor(() =>
      expect(app.queryClient.getQueryState(usageQueryKey('lena-hart'))?.status).toBe('success'),
    )
    await queryUpdatesRendered()
    expect(screen.queryByText(/Remaining$/)).toBeNull()
  })

  it('anonymous mode (requireEmail false): no remaining line, and ?paywall does not open it', async () => {
    const { fetch } = api({ usage: usage(0) })
    const app = await renderApp('/tomas-rivera/talk?paywall=1', { fetch })
    await screen.findByRole('textbox', { name: 'Message Tomas Rivera' })
    await waitFor(() => expect(app.router.state.location.search).not.toHaveProperty('paywall'))
    expect(dialogs.open).toBeNull()
    expect(screen.queryByText(/Remaining$/)).toBeNull()
  })

  it('opens the paywall on a 402 when memberships are on offer, keeping the draft', async () => {
    const { fetch } = api({ usage: usage(5), stream402: true })
    await renderApp('/lena-hart/talk', { fetch })
    await screen.findByText('5 Messages Remaining')
    send('Over quota?')
    await waitFor(() => expect(dialogs.open?.kind).toBe('paywall'))
    expect(chatStream.state.draft.text).toBe('Over quota?')
    expect(screen.queryByText(/Failed to send message/)).toBeNull()
  })

  it('shows the failure toast on a 402 with nothing to offer', async () => {
    const { fetch } = api({
      usage: usage(5),
      stream402: true,
      monetization: monetization({ memberships: [] }),
    })
    await renderApp('/lena-hart/talk', { fetch })
    await screen.findByText('5 Messages Remaining')
    send('Over quota?')
    expect(await screen.findByText(/Failed to send message: .*\(402\)/)).toBeTruthy()
    expect(dialogs.open).toBeNull()
    expect(chatStream.state.draft.text).toBe('Over quota?')
  })

  it('skips an auto-sent message when the limit is reached, and opens the paywall', async () => {
    const { fetch, streamCalls } = api({ usage: usage(0) })
    const app = await renderApp('/lena-hart/talk', { fetch })
    await screen.findByText('0 Messages Remaining')
    await act(async () => {
      app.router.history.push('/lena-hart/talk?message=Hello%20there')
    })
    await waitFor(() => expect(dialogs.open?.kind).toBe('paywall'))
    expect(streamCalls).toHaveLength(0)
    expect(chatStream.state.draft.text).toBe('Hello there')
  })

  it('opens the paywall from ?paywall and removes the parameter', async () => {
    const { fetch } = api({ usage: usage(5) })
    const app = await renderApp('/lena-hart/talk?paywall=1', { fetch })
    await waitFor(() => expect(dialogs.open?.kind).toBe('paywall'))
    await waitFor(() => expect(app.router.state.location.search).not.toHaveProperty('paywall'))
  })
})

describe('plan cards on /memberships', () => {
  it('subscribes through the checkout page with the chosen period', async () => {
    const assign = vi.spyOn(navigation, 'assign').mockImplementation(() => {})
    const { fetch, posts } = api({ signedIn: true })
    await renderApp('/memberships/lena-hart', { fetch })
    const card = await screen.findByRole('article', { name: 'Plus' })
    expect(within(card).getByText('$9')).toBeTruthy()
    fireEvent.click(within(card).getByRole('button', { name: 'Subscribe' }))
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/dev/checkout/cs_test'))
    expect(posts[0]).toMatchObject({
      path: '/api/subscriptions',
      body: { membershipId: membership().id, slug: 'lena-hart', basis: 'monthly' },
    })
  })

  it('shows Invalid unit for membership when the yearly price is missing', async () => {
    const { fetch } = api({
      signedIn: true,
      monetization: monetization({ memberships: [membership({ annualPrice: null })] }),
    })
    await renderApp('/memberships/lena-hart', { fetch })
    await screen.findByRole('article', { name: 'Plus' })
    fireEvent.click(screen.getByRole('radio', { name: billingStrings.yearly }))
    expect(await screen.findByText(billingStrings.invalidUnit)).toBeTruthy()
  })

  it('cancels through the reasons dialog and opens the cancel link', async () => {
    const openTab = vi.spyOn(navigation, 'openTab').mockImplementation(() => {})
    const plus = membership()
    const { fetch, posts } = api({
      signedIn: true,
      monetization: monetization({
        active_subscription: {
          id: 'sub_1',
          membership: plus,
          basis: 'monthly',
          willCancelAtPeriodEnd: false,
          currentPeriodEnd: '2026-12-01T00:00:00.000Z',
        },
      }),
    })
    await renderApp('/memberships/lena-hart', { fetch })
    const card = await screen.findByRole('article', { name: 'Plus' })
    fireEvent.click(within(card).getByRole('button', { name: 'Cancel' }))
    const dialog = await screen.findByRole('dialog', { name: billingStrings.cancelTitle })
    const submit = within(dialog).getByRole('button', { name: billingStrings.continueCancel })
    fireEvent.click(submit)
    expect(await within(dialog).findByText(billingStrings.selectReason)).toBeTruthy()
    fireEvent.click(within(dialog).getByRole('checkbox', { name: billingStrings.reasons[0] }))
    fireEvent.change(within(dialog).getByRole('textbox'), { target: { value: 'too few words' } })
    fireEvent.click(submit)
    expect(await within(dialog).findByText(billingStrings.fiveWords)).toBeTruthy()
    fireEvent.change(within(dialog).getByRole('textbox'), { target: { value: 'it just did not fit' } })
    fireEvent.click(submit)
    await waitFor(() => expect(openTab).toHaveBeenCalledWith('https://billing.example.com/portal'))
    expect(posts[0]).toMatchObject({
      path: '/api/subscriptions/cancel-link',
      body: { cloneSlug: 'lena-hart', reason: `${billingStrings.reasons[0]}; it just did not fit` },
    })
  })

  it('resumes a subscription set to cancel', async () => {
    const plus = membership()
    const { fetch, posts } = api({
      signedIn: true,
      monetization: monetization({
        active_subscription: {
          id: 'sub_1',
          membership: plus,
          basis: 'monthly',
          willCancelAtPeriodEnd: true,
          currentPeriodEnd: '2026-12-01T00:00:00.000Z',
        },
      }),
    })
    await renderApp('/memberships/lena-hart', { fetch })
    const card = await screen.findByRole('article', { name: 'Plus' })
    fireEvent.click(within(card).getByRole('button', { name: 'Resume' }))
    expect(await screen.findByText(billingStrings.resumed)).toBeTruthy()
    expect(posts[0]?.path).toBe('/api/subscriptions/resume')
  })

  it('asks a signed-out visitor to log in on /billing', async () => {
    const { fetch } = api({})
    await renderApp('/billing', { fetch })
    expect(await screen.findByText(billingStrings.billingSignedOut)).toBeTruthy()
  })
})
