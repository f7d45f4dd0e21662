// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { MeResponse, User } from '../../../../../contract/auth'
import { TextOptInDialog } from '../../../../../renderer/src/features/actions/TextOptInDialog'
import { forgetDraft } from '../../../../../renderer/src/features/actions/text-opt-in.store'
import { closeDialog, dialogs, openDialog } from '../../../../../renderer/src/navigation/dialogs.store'
import { lenaHart } from '../../support/clones'
import { renderAtRoute } from '../../support/route-harness'

afterEach(() => {
  cleanup()
  closeDialog()
  forgetDraft()
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
})

const user = (overrides: Partial<User> = {}): User => ({
  id: '00000000-0000-4000-8000-0000000000a1',
  name: 'Sam Visitor',
  email: 'sam@example.com',
  imageUrl: null,
  phoneNumber: null,
  telegramUsername: null,
  language: null,
  staff: false,
  plan: null,
  whitelabeled: false,
  ...overrides,
})
const meOf = (u: User | null): MeResponse => ({ user: u, relationships: [] })
const clone = lenaHart({ phoneSmsEnabled: true, phoneWhatsAppEnabled: true, telegramEnabled: true })

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } })

/** The texting endpoints; `greet` answers the greeting (a status and body). */
function textingApi({
  greet = { status: 200, body: null as unknown },
  signedIn = user(),
}: {
  greet?: { status: number; body: unknown }
  signedIn?: User
} = {}) {
  const calls: { path: string; method: string; body: unknown }[] = []
  const fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost')
    const body = init?.body ? JSON.parse(String(init.body)) : null
    calls.push({ path: url.pathname, method: init?.method ?? 'GET', body })
    switch (url.pathname) {
      case '/api/geo/country':
        return json(200, { country: 'US' })
      case '/api/me/phone':
        return json(200, { phoneNumber: '+14155550142' })
      case '/api/me/phone/verify':
        return json(200, meOf({ ...signedIn, phoneNumber: body.phoneNumber }))
      case '/api/me/telegram':
        return json(200, meOf({ ...signedIn, telegramUsername: body.telegramUsername }))
      case '/api/opt-ins':
        return json(200, { opt_in: { optIn: true, medium: body.medium, updatedAt: null } })
      case '/api/greet':
        return json(greet.status, greet.body)
      default:
        return json(404, { error: { code: 'not_found', message: 'No' } })
    }
  }
  return { fetch: fetch as typeof globalThis.fetch, calls }
}

const open = (me: MeResponse, api: ReturnType<typeof textingApi>) =>
  renderAtRoute(TextOptInDialog, { url: '/lena-hart/talk', me, clone, fetch: api.fetch })

const choose = (platform: string) => fireEvent.click(screen.getByRole('button', { name: platform }))
const button = (name: string) => screen.getByRole('button', { name }) as HTMLButtonElement
const type = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } })

describe("'Get a Text' (spec 1 §2 medium selection, §4 'Text opt-in', §5, §7, §8)", () => {
  it('offers the enabled platforms, and asks a signed-out visitor to log in, returning here after', async () => {
    await open(meOf(null), textingApi())
    expect(screen.getByRole('heading', { name: 'Text Lena Hart' })).toBeTruthy()
    expect(screen.getByText('Select Platform')).toBeTruthy()
    expect(['SMS', 'WhatsApp', 'Telegram'].every((p) => screen.getByRole('button', { name: p }))).toBe(true)
    choose('SMS')
    expect(screen.getByText('You need to be logged in first.')).toBeTruthy()
    fireEvent.click(button('Log in or sign up'))
    expect(dialogs.open).toMatchObject({ kind: 'signIn', returnTo: { kind: 'textOptIn' } })
  })

  it('SMS with the verified number: Confirm waits for the box, then greets and shows the sender', async () => {
    const api = textingApi({
      greet: {
        status: 200,
        body: { ok: true, medium: 'SMS', fromNumber: '+14155550100', link: null, greeted: true },
      },
    })
    openDialog({ kind: 'textOptIn' })
    await open(meOf(user({ phoneNumber: '+14155550142' })), api)
    choose('SMS')
    await screen.findByText('Verified')
    expect(button('Confirm').disabled).toBe(true)
    expect(screen.getByRole('link', { name: /Terms of Use/ }).getAttribute('href')).toBe('/terms-of-use')
    expect(screen.getByRole('link', { name: /Privacy Policy/ }).getAttribute('href')).toBe('/privacy-policy')
    fireEvent.click(screen.getByRole('checkbox'))
    expect(button('Confirm').disabled).toBe(false)
    fireEvent.click(button('Confirm'))
    expect(await screen.findByText('+1 (415) 555-0100')).toBeTruthy()
    expect(await screen.findByText('Message Sent')).toBeTruthy()
    const greet = api.calls.find((c) => c.path === '/api/greet')
    expect(greet?.body).toEqual({
      medium: 'SMS',
      slug: 'lena-hart',
      phoneNumber: '+14155550142',
      telegramUsername: null,
    })
    const optIn = api.calls.find((c) => c.path === '/api/opt-ins')
    expect(optIn).toMatchObject({ method: 'PUT', body: { slug: 'lena-hart', opt_in: true, medium: 'SMS' } })
  })

  it('a new number: exact errors, the six-digit code, then Confirm', async () => {
    const api = textingApi({
      greet: {
        status: 200,
        body: {
          ok: true,
          medium: 'WHATSAPP',
          fromNumber: '+14155550100',
          link: 'https://wa.me/14155550100',
          greeted: true,
        },
      },
    })
    await open(meOf(user()), api)
    choose('WhatsApp')
    type('Your phone number', '12')
    fireEvent.click(button('Send code'))
    expect(await screen.findByText('Invalid Phone Number')).toBeTruthy()
    type('Your phone number', '+7 912 345-67-89')
    fireEvent.click(button('Send code'))
    expect(await screen.findByText('Country is not supported')).toBeTruthy()
    expect((screen.getByLabelText('Your phone number') as HTMLInputElement).value).toBe('+7 912 345-67-89')

    type('Your phone number', '(415) 555-0142')
    fireEvent.click(button('Send code'))
    await screen.findByText('We sent a six-digit code to +1 (415) 555-0142.')
    type('Six-digit code', '12-34')
    fireEvent.click(button('Verify'))
    expect(await screen.findByText("That doesn't look like a six-digit code.")).toBeTruthy()
    type('Six-digit code', '123-456')
    fireEvent.click(button('Verify'))
    await screen.findByText('Verified')
    expect(api.calls.find((c) => c.path === '/api/me/phone/verify')?.body).toMatchObject({
      phoneNumber: '+14155550142',
      code: '123456',
    })
    // WhatsApp has no consent box: Confirm is ready once the number is verified.
    expect(screen.queryByRole('checkbox')).toBeNull()
    fireEvent.click(button('Confirm'))
    const link = await screen.findByRole('link', { name: /Open WhatsApp/ })
    expect(link.getAttribute('href')).toBe('https://wa.me/14155550100')
  })

  it('Telegram: the username is checked, saved when new, and the t.me start link shown', async () => {
    const api = textingApi({
      greet: {
        status: 200,
        body: {
          ok: true,
          medium: 'TELEGRAM',
          fromNumber: null,
          link: 'https://t.me/likeness_bot?start=abc123',
          greeted: false,
        },
      },
    })
    await open(meOf(user()), api)
    choose('Telegram')
    expect(button('Confirm').disabled).toBe(true)
    type('Your Telegram username', '@ab')
    expect(screen.getByText('Invalid Telegram username')).toBeTruthy()
    expect(button('Confirm').disabled).toBe(true)
    type('Your Telegram username', '@sam_visitor')
    expect(button('Confirm').disabled).toBe(false)
    fireEvent.click(button('Confirm'))
    const link = await screen.findByRole('link', { name: /Open Telegram/ })
    expect(link.getAttribute('href')).toBe('https://t.me/likeness_bot?start=abc123')
    expect(api.calls.find((c) => c.path === '/api/me/telegram')?.body).toEqual({
      telegramUsername: '@sam_visitor',
    })
  })

  it('a failed greeting toasts and keeps the form as typed', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    const api = textingApi({ greet: { status: 500, body: { error: { code: 'internal', message: 'x' } } } })
    await open(meOf(user({ telegramUsername: 'sam_visitor' })), api)
    choose('Telegram')
    type('Your Telegram username', 'sam_elsewhere')
    fireEvent.click(button('Confirm'))
    expect(await screen.findByText('Failed to send message')).toBeTruthy()
    await waitFor(() => expect(button('Confirm').disabled).toBe(false))
    expect((screen.getByLabelText('Your Telegram username') as HTMLInputElement).value).toBe('sam_elsewhere')
    expect(warn).toHaveBeenCalled()
  })

  it('a falsy greeting answer is an error too', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {})
    const api = textingApi({ greet: { status: 200, body: null } })
    await open(meOf(user({ telegramUsername: 'sam_visitor' })), api)
    choose('Telegram')
    fireEvent.click(button('Confirm'))
    expect(await screen.findByText('Failed to send message')).toBeTruthy()
    expect(api.calls.some((c) => c.path === '/api/me/telegram')).toBe(false)
  })
})
