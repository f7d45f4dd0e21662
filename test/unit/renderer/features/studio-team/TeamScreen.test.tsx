// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { MeResponse } from '../../../../../contract/auth'
import type { StudioTeam } from '../../../../../contract/studio-run'
import { TeamRoute } from '../../../../../renderer/src/features/studio-team/TeamScreen'
import { closeDialog } from '../../../../../renderer/src/navigation/dialogs.store'
import { lenaHart } from '../../support/clones'
import { renderAtRoute } from '../../support/route-harness'
import { type Answer, fakeApi, me, type Sent } from '../studio-memberships/fake-api'

afterEach(() => {
  cleanup()
  closeDialog()
  vi.unstubAllGlobals()
})

const BASE = '/api/studio/lena-hart'
const SAM = '00000000-0000-4000-8000-0000000000d2'
const INVITE = '00000000-0000-4000-8000-0000000000e3'
const team: StudioTeam = {
  members: [
    {
      userId: '00000000-0000-4000-8000-0000000000b1',
      name: 'Lena Hart',
      email: 'lena@likeness.test',
      role: 'CREATOR',
      since: '2025-01-02T10:00:00.000Z',
    },
    {
      userId: SAM,
      name: null,
      email: 'sam@likeness.test',
      role: 'CONTRIBUTOR',
      since: '2025-02-03T10:00:00.000Z',
    },
  ],
  invites: [
    {
      id: INVITE,
      email: 'ana@example.com',
      invitedAt: '2025-03-01T10:00:00.000Z',
      expiresAt: '2025-03-08T10:00:00.000Z',
      expired: true,
    },
  ],
}

async function open(
  who: MeResponse,
  answer: Answer = { status: 200, body: team },
  write?: (s: Sent) => Answer,
) {
  const api = fakeApi((sent) =>
    sent.method === 'GET' && sent.path === `${BASE}/team` ? answer : write?.(sent),
  )
  await renderAtRoute(TeamRoute, {
    path: '/studio/$slug/team',
    url: '/studio/lena-hart/team',
    me: who,
    clone: lenaHart(),
    fetch: api.fetch,
  })
  return api
}

const pending = (email: string) => ({
  id: '00000000-0000-4000-8000-0000000000f4',
  email,
  invitedAt: '2025-03-01T10:00:00.000Z',
  expiresAt: '2025-03-08T10:00:00.000Z',
  expired: false,
})

describe('the team page (/studio/$slug/team)', () => {
  it('lists the creator, the contributors and the pending invitations', async () => {
    await open(me('CREATOR'))
    const members = within(await screen.findByRole('list', { name: 'Team members' }))
    const rows = members.getAllByRole('listitem')
    expect(within(rows[0]!).getByText('Lena Hart')).toBeTruthy()
    expect(within(rows[0]!).getByText('Creator')).toBeTruthy()
    expect(within(rows[0]!).getByText('(you)')).toBeTruthy()
    expect(within(rows[0]!).queryByRole('button', { name: /Remove/ })).toBeNull()
    expect(within(rows[1]!).getByText('Contributor')).toBeTruthy()
    const invites = within(screen.getByRole('list', { name: 'Pending invitations' }))
    expect(invites.getByText('ana@example.com')).toBeTruthy()
    expect(invites.getByText('Expired')).toBeTruthy()
  })

  it('invites by e-mail: a bad address is explained, a refused one keeps what was typed', async () => {
    let attempt = 0
    const api = await open(me('CREATOR'), undefined, (sent) => {
      if (sent.method !== 'POST') return { status: 404, body: {} }
      attempt += 1
      return attempt === 1
        ? {
            status: 409,
            body: { error: { code: 'conflict', message: 'This person is already on the team.' } },
          }
        : { status: 201, body: pending('new@example.com') }
    })
    const email = (await screen.findByLabelText('E-mail address')) as HTMLInputElement
    fireEvent.change(email, { target: { value: 'not an address' } })
    fireEvent.click(screen.getByRole('button', { name: 'Send invitation' }))
    expect(screen.getByText('Please enter a valid email address')).toBeTruthy()
    expect(api.writes()).toEqual([])

    fireEvent.change(email, { target: { value: 'new@example.com' } })
    fireEvent.click(screen.getByRole('button', { name: 'Send invitation' }))
    expect(await screen.findByText('This person is already on the team.')).toBeTruthy()
    expect(email.value).toBe('new@example.com')
    fireEvent.click(screen.getByRole('button', { name: 'Send invitation' }))
    expect(await screen.findByText('Invitation sent to new@example.com')).toBeTruthy()
    await waitFor(() => expect(email.value).toBe(''))
    expect(api.writes().map((w) => w.body)).toEqual([
      { email: 'new@example.com' },
      { email: 'new@example.com' },
    ])
  })

  it('sends an invitation again, revokes one, and removes a contributor after asking', async () => {
    const api = await open(me('CREATOR'), undefined, (sent) =>
      sent.method === 'POST'
        ? { status: 201, body: pending('ana@example.com') }
        : { status: 200, body: { ok: true } },
    )
    fireEvent.click(
      await screen.findByRole('button', { name: 'Send the invitation to ana@example.com again' }),
    )
    await waitFor(() =>
      expect(api.writes()[0]).toEqual({
        method: 'POST',
        path: `${BASE}/invites`,
        body: { email: 'ana@example.com' },
      }),
    )
    fireEvent.click(screen.getByRole('button', { name: 'Revoke the invitation to ana@example.com' }))
    await waitFor(() =>
      expect(api.writes()[1]).toMatchObject({ method: 'DELETE', path: `${BASE}/invites/${INVITE}` }),
    )
    fireEvent.click(screen.getByRole('button', { name: 'Remove sam@likeness.test' }))
    const confirm = within(await screen.findByRole('alertdialog'))
    fireEvent.click(confirm.getByRole('button', { name: 'Remove' }))
    await waitFor(() =>
      expect(api.writes()[2]).toMatchObject({ method: 'DELETE', path: `${BASE}/contributors/${SAM}` }),
    )
  })

  it('shows a contributor the team read-only: no invite form, no buttons', async () => {
    await open(me('CONTRIBUTOR'))
    expect(await screen.findByRole('list', { name: 'Team members' })).toBeTruthy()
    expect(screen.queryByLabelText('E-mail address')).toBeNull()
    expect(screen.queryByRole('button', { name: /Remove|Revoke|Send/ })).toBeNull()
    expect(screen.getByText('Only the creator can invite or remove people.')).toBeTruthy()
  })

  it('is nobody else’s, and a 404 from the server looks the same', async () => {
    const api = await open(me('CONSUMER'))
    expect(screen.getByRole('heading', { name: 'No team here' })).toBeTruthy()
    expect(api.sent.map((s) => s.path)).not.toContain(`${BASE}/team`)
    cleanup()
    await open(me('CREATOR'), { status: 404, body: { error: { code: 'not_found', message: 'Not found' } } })
    expect(await screen.findByRole('heading', { name: 'No team here' })).toBeTruthy()
  })
})
