// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { CloneSettings } from '../../../../../contract/studio-clones'
import { CloneSettingsRoute } from '../../../../../renderer/src/features/studio/CloneSettingsScreen'
import { renderAtRoute } from '../../support/route-harness'
import { error, fakeApi, me, settingsOf } from './studio-fakes'

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

const voices = {
  provider: 'espeak',
  voices: [
    { id: 'espeak:en-us', label: 'American English, male', language: 'en' },
    { id: 'espeak:en-gb+f3', label: 'British English, female', language: 'en' },
  ],
}

function open(
  role: 'CREATOR' | 'CONTRIBUTOR' | null,
  patch: (body: Record<string, unknown>, current: CloneSettings) => { status: number; body: unknown } = (
    body,
    current,
  ) => ({
    status: 200,
    body: { ...current, ...body },
  }),
) {
  let current = settingsOf({ role: role === 'CONTRIBUTOR' ? 'CONTRIBUTOR' : 'CREATOR' })
  const api = fakeApi((method, path, body) => {
    if (path === '/api/studio/voices') return { status: 200, body: voices }
    if (path === '/api/studio/ada-stone/settings' && method === 'GET')
      return role ? { status: 200, body: current } : error(404, 'not_found', 'Not found')
    if (path === '/api/studio/ada-stone/settings' && method === 'PATCH') {
      const answer = patch(body as Record<string, unknown>, current)
      if (answer.status === 200) current = answer.body as CloneSettings
      return answer
    }
    if (path === '/api/studio/ada-stone' && method === 'DELETE') return { status: 200, body: { ok: true } }
    return { status: 200, body: { clones: [], user: null, relationships: [] } }
  })
  return renderAtRoute(CloneSettingsRoute, {
    path: '/studio/$slug/settings',
    url: '/studio/ada-stone/settings',
    me: me(role),
    fetch: api.fetch,
  }).then((view) => ({ ...view, calls: api.calls }))
}

const input = (label: string) => screen.getByLabelText(label) as HTMLInputElement

describe('the clone settings page', () => {
  it('saves what the creator changed, with a toast', async () => {
    const { calls } = await open('CREATOR')
    fireEvent.change(await screen.findByLabelText('Headline'), { target: { value: 'Potter and teacher' } })
    fireEvent.change(input('Website'), { target: { value: 'https://ada.example' } })
    fireEvent.change(input('Phone number'), { target: { value: '+1 415 555 2671' } })
    fireEvent.click(screen.getByRole('switch', { name: 'Answer text messages (SMS)' }))
    fireEvent.change(input('Voice'), { target: { value: 'espeak:en-gb+f3' } })
    expect(screen.getByText('You have unsaved changes.')).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }))
    expect(await screen.findByText('Settings saved')).toBeTruthy()
    const body = calls.find((c) => c.method === 'PATCH')?.body as Record<string, unknown>
    expect(body).toMatchObject({
      headline: 'Potter and teacher',
      phoneNumber: '+1 415 555 2671',
      phoneSmsEnabled: true,
      voiceId: 'espeak:en-gb+f3',
      socials: expect.objectContaining({ website: 'https://ada.example', instagram: null }),
    })
    expect(body).not.toHaveProperty('verified')
    expect(body).not.toHaveProperty('slug')
  })

  it('keeps everything typed when the save is refused, and shows why', async () => {
    await open('CREATOR', () => error(400, 'bad_request', 'phoneNumber: Invalid Phone Number'))
    fireEvent.change(await screen.findByLabelText('Phone number'), { target: { value: '12' } })
    fireEvent.change(input('Description'), { target: { value: 'Forty years at the wheel.' } })
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }))
    expect(await screen.findByText('phoneNumber: Invalid Phone Number')).toBeTruthy()
    expect(input('Phone number').value).toBe('12')
    expect(input('Description').value).toBe('Forty years at the wheel.')
    expect(screen.getByText('You have unsaved changes.')).toBeTruthy()
  })

  it('publishes and unpublishes at once', async () => {
    const { calls } = await open('CREATOR')
    fireEvent.click(await screen.findByRole('button', { name: 'Publish' }))
    expect(await screen.findByText('Published: your clone is on Explore.')).toBeTruthy()
    expect(calls.filter((c) => c.method === 'PATCH').map((c) => c.body)).toEqual([{ public: true }])
    expect(await screen.findByRole('button', { name: 'Unpublish' })).toBeTruthy()
    expect(screen.getByRole('link', { name: 'View public profile' }).getAttribute('href')).toBe('/ada-stone')
  })

  it('deletes only once the address is typed, then goes to the studio home', async () => {
    const { calls, router } = await open('CREATOR')
    fireEvent.click(await screen.findByRole('button', { name: 'Delete clone' }))
    const dialog = await screen.findByRole('alertdialog')
    const confirm = within(dialog).getByRole('button', { name: 'Delete clone' }) as HTMLButtonElement
    expect(confirm.disabled).toBe(true)
    fireEvent.change(within(dialog).getByLabelText('Type ada-stone to confirm'), {
      target: { value: 'ada-ston' },
    })
    expect(confirm.disabled).toBe(true)
    fireEvent.change(within(dialog).getByLabelText('Type ada-stone to confirm'), {
      target: { value: 'ada-stone' },
    })
    fireEvent.click(confirm)
    await waitFor(() => expect(router.state.location.pathname).toBe('/studio'))
    expect(calls.find((c) => c.method === 'DELETE')?.body).toEqual({ confirmSlug: 'ada-stone' })
  })

  it('shows a contributor the settings read-only, without the danger zone', async () => {
    await open('CONTRIBUTOR')
    expect(await screen.findByText(/You are a contributor/)).toBeTruthy()
    // A disabled fieldset disables every control inside it (the browser's own rule).
    for (const label of ['Name', 'Headline', 'Phone number', 'Website'])
      expect(input(label).closest('fieldset')?.disabled, label).toBe(true)
    expect(screen.queryByRole('button', { name: 'Save changes' })).toBeNull()
    expect(screen.queryByRole('button', { name: 'Delete clone' })).toBeNull()
    expect(screen.queryByRole('button', { name: 'Publish' })).toBeNull()
    expect(screen.queryByRole('button', { name: 'Choose a picture' })).toBeNull()
  })

  it('shows anyone else the same ‘not here’ door', async () => {
    await open(null)
    expect(await screen.findByRole('heading', { name: 'No settings here' })).toBeTruthy()
  })
})
