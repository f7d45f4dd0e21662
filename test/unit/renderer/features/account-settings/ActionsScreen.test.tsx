// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { AccountOptIn } from '../../../../../contract/account'
import { ActionsScreen } from '../../../../../renderer/src/features/account-settings/ActionsScreen'
import { closeDialog } from '../../../../../renderer/src/navigation/dialogs.store'
import { renderAtRoute } from '../../support/route-harness'
import { fakeApi, type Handler, sam, signedIn } from './fake-account-api'

afterEach(() => {
  cleanup()
  closeDialog()
  vi.unstubAllGlobals()
})

const optIn = (overrides: Partial<AccountOptIn> = {}): AccountOptIn => ({
  clone: { slug: 'lena-hart', name: 'Dr. Lena Hart', imageUrl: null },
  medium: 'TELEGRAM',
  address: 'sam_tg',
  optIn: true,
  updatedAt: '2026-11-01T10:00:00.000Z',
  ...overrides,
})

const open = async (optIns: AccountOptIn[], handler: Handler = () => undefined) => {
  const api = fakeApi((request) =>
    request.method === 'GET' && request.path === '/api/me/opt-ins'
      ? { status: 200, body: { optIns } }
      : handler(request),
  )
  const view = await renderAtRoute(ActionsScreen, {
    path: '/actions',
    url: '/actions',
    me: signedIn(sam({ telegramUsername: 'sam_tg', phoneNumber: '+14155550142' })),
    fetch: api.fetch,
  })
  return { ...view, requests: api.requests }
}

describe('the actions page (/actions)', () => {
  it('lists each clone’s opt-in with its medium and address, and switches it off', async () => {
    const { requests } = await open(
      [
        optIn(),
        optIn({
          clone: { slug: 'chef-tomas', name: 'Chef Tomás', imageUrl: null },
          medium: 'SMS',
          address: '+14155550142',
          optIn: false,
        }),
      ],
      ({ method, path, body }) =>
        method === 'PUT' && path === '/api/opt-ins'
          ? {
              status: 200,
              body: {
                opt_in: { optIn: (body as { opt_in: boolean }).opt_in, medium: 'TELEGRAM', updatedAt: null },
              },
            }
          : undefined,
    )
    const list = await screen.findByRole('list', { name: 'Text opt-ins' })
    const items = within(list).getAllByRole('listitem')
    expect(items).toHaveLength(2)
    expect(within(items[0]!).getByText('Telegram · sam_tg')).toBeTruthy()
    expect(within(items[1]!).getByText('SMS · +14155550142')).toBeTruthy()
    const lena = screen.getByRole('switch', { name: 'Texts from Dr. Lena Hart' })
    expect(lena.getAttribute('aria-checked')).toBe('true')
    expect(screen.getByRole('switch', { name: 'Texts from Chef Tomás' }).getAttribute('aria-checked')).toBe(
      'false',
    )

    fireEvent.click(lena)
    expect(await screen.findByText("Dr. Lena Hart won't text you")).toBeTruthy()
    expect(requests.find((r) => r.method === 'PUT')?.body).toEqual({ slug: 'lena-hart', opt_in: false })
    await waitFor(() => expect(lena.getAttribute('aria-checked')).toBe('false'))
  })

  it('has an empty state that leads to explore, and the phone and Telegram settings', async () => {
    await open([])
    expect(await screen.findByText("You haven't let any clone text you yet.")).toBeTruthy()
    const links = screen.getAllByRole('link', { name: 'Explore clones' })
    expect(links.every((link) => link.getAttribute('href') === '/explore')).toBe(true)
    expect(screen.getByRole('heading', { name: 'Phone number' })).toBeTruthy()
    expect((screen.getByLabelText('Your Telegram username') as HTMLInputElement).value).toBe('sam_tg')
    // The saved username is unchanged: nothing to save yet.
    expect(screen.getByRole('button', { name: 'Save' }).hasAttribute('disabled')).toBe(true)
  })

  it('saves a new Telegram username with Enter', async () => {
    const { requests } = await open([], ({ method, path, body }) =>
      method === 'POST' && path === '/api/me/telegram'
        ? {
            status: 200,
            body: signedIn(
              sam({ telegramUsername: (body as { telegramUsername: string }).telegramUsername }),
            ),
          }
        : undefined,
    )
    const field = screen.getByLabelText('Your Telegram username')
    fireEvent.change(field, { target: { value: 'sam_new' } })
    fireEvent.submit(field.closest('form')!)
    expect(await screen.findByText('Telegram username saved')).toBeTruthy()
    expect(requests.find((r) => r.path === '/api/me/telegram')?.body).toEqual({ telegramUsername: 'sam_new' })
  })
})
