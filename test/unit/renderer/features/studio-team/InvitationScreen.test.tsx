// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { MeResponse } from '../../../../../contract/auth'
import { InvitationRoute } from '../../../../../renderer/src/features/studio-team/InvitationScreen'
import { closeDialog, dialogs } from '../../../../../renderer/src/navigation/dialogs.store'
import { renderAtRoute } from '../../support/route-harness'
import { type Answer, fakeApi, me } from '../studio-memberships/fake-api'

afterEach(() => {
  cleanup()
  closeDialog()
  vi.unstubAllGlobals()
})

const TOKEN = 'a'.repeat(64)
const VIEW = `/api/studio/invites/${TOKEN}`
const view: Answer = { status: 200, body: { cloneName: 'Dr. Lena Hart', email: 'a***a@example.com' } }

async function open(who: MeResponse, answer: Answer = view, accept?: Answer, meAfter?: MeResponse) {
  const api = fakeApi((sent) => {
    if (sent.path === VIEW) return answer
    if (sent.path === `${VIEW}/accept`) return accept
    if (sent.path === '/api/me') return { status: 200, body: meAfter ?? who }
    return undefined
  })
  const rendered = await renderAtRoute(InvitationRoute, {
    path: '/studio/invite/$token',
    url: `/studio/invite/${TOKEN}`,
    me: who,
    fetch: api.fetch,
  })
  return { ...api, ...rendered }
}

describe('the invitation page (/studio/invite/$token)', () => {
  it('asks a signed-out visitor to log in, naming the clone and the masked address', async () => {
    await open({ user: null, relationships: [] })
    expect(await screen.findByRole('heading', { name: 'Help run Dr. Lena Hart' })).toBeTruthy()
    expect(screen.getByText(/sent to a\*\*\*a@example.com/)).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'Accept invitation' })).toBeNull()
    fireEvent.click(within(screen.getByRole('main')).getByRole('button', { name: 'Log in' }))
    expect(dialogs.open).toEqual({ kind: 'signIn' })
  })

  it('accepts, refreshes who the user is, and opens the clone’s studio', async () => {
    const after = me('CONTRIBUTOR')
    const { writes, sent, router, queryClient } = await open(
      me(null),
      view,
      { status: 200, body: { cloneSlug: 'lena-hart', cloneName: 'Dr. Lena Hart' } },
      after,
    )
    fireEvent.click(await screen.findByRole('button', { name: 'Accept invitation' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/studio/lena-hart/team'))
    expect(writes()).toEqual([{ method: 'POST', path: `${VIEW}/accept`, body: undefined }])
    expect(sent.some((s) => s.path === '/api/me')).toBe(true)
    expect(queryClient.getQueryData(['me'])).toEqual(after)
  })

  it('says which address to use when the signed-in account is not the invited one', async () => {
    const message = 'This invitation was sent to a***a@example.com. Log in with that address to accept it.'
    await open(me(null), view, { status: 403, body: { error: { code: 'forbidden', message } } })
    fireEvent.click(await screen.findByRole('button', { name: 'Accept invitation' }))
    expect(await screen.findByText(message)).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Accept invitation' })).toBeTruthy()
  })

  it('explains a wrong, revoked, expired or used link with the server’s words', async () => {
    const expired = 'This invitation has expired. Ask the creator to invite you again.'
    await open(me(null), { status: 410, body: { error: { code: 'not_found', message: expired } } })
    expect(await screen.findByRole('heading', { name: 'This invitation cannot be used' })).toBeTruthy()
    expect(screen.getByText(expired)).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'Accept invitation' })).toBeNull()
  })
})
