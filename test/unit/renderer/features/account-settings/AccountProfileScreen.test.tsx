// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { MeResponse } from '../../../../../contract/auth'
import { storageKeys } from '../../../../../contract/storage'
import { meQueryKey } from '../../../../../renderer/src/api/auth'
import { AccountProfileScreen } from '../../../../../renderer/src/features/account-settings/AccountProfileScreen'
import { closeDialog, dialogs } from '../../../../../renderer/src/navigation/dialogs.store'
import { getPlatform } from '../../../../../renderer/src/platform'
import { renderAtRoute } from '../../support/route-harness'
import { fakeApi, type Handler, sam, signedIn, signedOut } from './fake-account-api'

afterEach(() => {
  cleanup()
  closeDialog()
  vi.unstubAllGlobals()
})

const open = async (me: MeResponse, handler: Handler = () => undefined) => {
  const api = fakeApi(handler)
  const view = await renderAtRoute(AccountProfileScreen, {
    path: '/profile',
    url: '/profile',
    me,
    fetch: api.fetch,
  })
  return { ...view, requests: api.requests }
}

describe('the profile page (/profile)', () => {
  it('asks a signed-out visitor to log in, opening the sign-in dialog', async () => {
    await open(signedOut)
    expect(await screen.findByText('Log in to see and change your account.')).toBeTruthy()
    expect(dialogs.open).toEqual({ kind: 'signIn' })
  })

  it('shows the read-only e-mail and saves a new name with Enter; the account menu shows it at once', async () => {
    const { requests, queryClient } = await open(signedIn(), ({ method, path, body }) =>
      method === 'PATCH' && path === '/api/me'
        ? { status: 200, body: signedIn(sam({ name: (body as { name: string }).name })) }
        : undefined,
    )
    const email = screen.getByLabelText('E-mail address') as HTMLInputElement
    expect(email.value).toBe('sam@likeness.test')
    expect(email.readOnly).toBe(true)

    const name = screen.getByLabelText('Your name')
    fireEvent.change(name, { target: { value: '  Samantha Vale ' } })
    fireEvent.submit(name.closest('form')!)
    expect(await screen.findByText('Name saved')).toBeTruthy()
    expect(requests.find((r) => r.method === 'PATCH')?.body).toEqual({ name: 'Samantha Vale' })
    expect(queryClient.getQueryData<MeResponse>(meQueryKey)?.user?.name).toBe('Samantha Vale')
    expect(await screen.findByRole('button', { name: 'Account menu for Samantha Vale' })).toBeTruthy()
  })

  it('announces an empty name and sends nothing', async () => {
    const { requests } = await open(signedIn())
    const name = screen.getByLabelText('Your name')
    fireEvent.change(name, { target: { value: '   ' } })
    fireEvent.submit(name.closest('form')!)
    const alert = await screen.findByText('Please enter your name.')
    expect(alert.getAttribute('role')).toBe('alert')
    expect(name.getAttribute('aria-invalid')).toBe('true')
    expect(requests.some((r) => r.method === 'PATCH')).toBe(false)
  })

  it('saves the preferred language on the account and as the calls’ and dictation’s language here', async () => {
    const { requests } = await open(signedIn(), ({ method, body }) =>
      method === 'PATCH' ? { status: 200, body: signedIn(sam(body as { language: string })) } : undefined,
    )
    const select = screen.getByLabelText('Language') as HTMLSelectElement
    expect(select.value).toBe('')
    fireEvent.change(select, { target: { value: 'fr' } })
    fireEvent.submit(select.closest('form')!)
    expect(await screen.findByText('Preferred language saved')).toBeTruthy()
    expect(requests.find((r) => r.method === 'PATCH')?.body).toEqual({ language: 'fr' })
    await waitFor(async () =>
      expect(await getPlatform().storage.get(storageKeys.userPreferredLanguage)).toBe('fr'),
    )
  })

  it('shows a refusal to delete as the server words it, after the user typed their address', async () => {
    const refusal =
      'You created Dr. Lena Hart. Delete your clone or hand it over before deleting your account.'
    const { requests } = await open(signedIn(), ({ method }) =>
      method === 'DELETE'
        ? { status: 409, body: { error: { code: 'conflict', message: refusal } } }
        : undefined,
    )
    fireEvent.click(screen.getByRole('button', { name: 'Delete account' }))
    const field = await screen.findByLabelText('Your e-mail address')
    fireEvent.change(field, { target: { value: 'someone@else.test' } })
    fireEvent.submit(field.closest('form')!)
    expect(await screen.findByText('That is not your e-mail address.')).toBeTruthy()
    expect(requests.some((r) => r.method === 'DELETE')).toBe(false)

    fireEvent.change(field, { target: { value: 'Sam@Likeness.test' } })
    fireEvent.submit(field.closest('form')!)
    expect(await screen.findByText(refusal)).toBeTruthy()
    expect(requests.find((r) => r.method === 'DELETE')?.body).toEqual({ email: 'Sam@Likeness.test' })
  })

  it('deletes the account: signed out, with a toast', async () => {
    const { requests, queryClient } = await open(signedIn(), ({ method }) =>
      method === 'DELETE' ? { status: 200, body: { ok: true } } : undefined,
    )
    fireEvent.click(screen.getByRole('button', { name: 'Delete account' }))
    const field = await screen.findByLabelText('Your e-mail address')
    fireEvent.change(field, { target: { value: 'sam@likeness.test' } })
    fireEvent.submit(field.closest('form')!)
    expect(await screen.findByText('Your account was deleted')).toBeTruthy()
    expect(queryClient.getQueryData<MeResponse>(meQueryKey)?.user).toBeNull()
    expect(requests.map((r) => `${r.method} ${r.path}`)).toContain('POST /api/logout')
  })

  it('signs out everywhere after a confirmation', async () => {
    const { requests, queryClient } = await open(signedIn(), ({ method, path }) =>
      method === 'POST' && path === '/api/me/sessions/end-all'
        ? { status: 200, body: { ok: true } }
        : undefined,
    )
    fireEvent.click(screen.getByRole('button', { name: 'Sign out everywhere' }))
    const dialog = await screen.findByRole('alertdialog', { name: 'Sign out everywhere?' })
    expect(requests.some((r) => r.path === '/api/me/sessions/end-all')).toBe(false)
    fireEvent.click(dialog.querySelector('button:last-of-type')!)
    expect(await screen.findByText('Signed out on every device')).toBeTruthy()
    expect(queryClient.getQueryData<MeResponse>(meQueryKey)?.user).toBeNull()
    expect(dialogs.open).toBeNull()
  })
})
