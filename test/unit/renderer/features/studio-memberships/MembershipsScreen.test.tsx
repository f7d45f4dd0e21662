// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { MeResponse } from '../../../../../contract/auth'
import type { StudioMembership, StudioMonetization } from '../../../../../contract/studio-run'
import { MembershipsRoute } from '../../../../../renderer/src/features/studio-memberships/MembershipsScreen'
import { closeDialog } from '../../../../../renderer/src/navigation/dialogs.store'
import { lenaHart } from '../../support/clones'
import { renderAtRoute } from '../../support/route-harness'
import { type Answer, fakeApi, me, type Sent } from './fake-api'

afterEach(() => {
  cleanup()
  closeDialog()
  vi.unstubAllGlobals()
})

const LIST = '/api/studio/lena-hart/memberships'
const MONEY = '/api/studio/lena-hart/monetization'

const plan = (overrides: Partial<StudioMembership> = {}): StudioMembership => ({
  id: '11111111-1111-4111-8111-111111111111',
  name: 'Rested',
  active: true,
  basePrice: 9,
  annualPrice: 90,
  smsEnabled: false,
  voiceEnabled: true,
  videoEnabled: false,
  telegramEnabled: false,
  customDescription: null,
  includedMinutesPerMonth: 10,
  includedMessagesPerMonth: 200,
  includedVideoMinutesPerMonth: 0,
  instanceId: null,
  subscribers: 0,
  deletable: true,
  ...overrides,
})
const elite = plan({
  id: '22222222-2222-4222-8222-222222222222',
  name: 'Elite',
  basePrice: 49,
  annualPrice: null,
  subscribers: 3,
  deletable: false,
})
const money: StudioMonetization = {
  anonymousQuota: { messages: 5, voiceMinutes: 2, videoMinutes: 0 },
  upsellTitle: null,
}

async function open(who: MeResponse, plans: Answer, write?: (sent: Sent) => Answer | undefined) {
  const api = fakeApi((sent) => {
    if (sent.method === 'GET' && sent.path === LIST) return plans
    if (sent.method === 'GET' && sent.path === MONEY) return { status: 200, body: money }
    return write?.(sent)
  })
  await renderAtRoute(MembershipsRoute, {
    path: '/studio/$slug/memberships',
    url: '/studio/lena-hart/memberships',
    me: who,
    clone: lenaHart(),
    fetch: api.fetch,
  })
  return api
}

const listOf = (...memberships: StudioMembership[]): Answer => ({ status: 200, body: { memberships } })
const card = async (name: string) =>
  within((await screen.findByRole('heading', { name, level: 3 })).closest('li') as HTMLElement)

describe('the memberships page (/studio/$slug/memberships)', () => {
  it('lists each membership with its prices, benefits and subscribers, and the free quota', async () => {
    await open(me('CREATOR'), listOf(plan(), elite))
    const rested = await card('Rested')
    expect(rested.getByText('$9 / month · $90 / year')).toBeTruthy()
    expect(rested.getByText('No subscribers')).toBeTruthy()
    expect(rested.getByRole('button', { name: 'Delete Rested' })).toBeTruthy()
    const top = await card('Elite')
    expect(top.getByText('$49 / month')).toBeTruthy()
    expect(top.getByText('3 subscribers')).toBeTruthy()
    // Subscribed once: deactivated, never deleted.
    expect(top.queryByRole('button', { name: 'Delete Elite' })).toBeNull()
    expect(top.getByRole('button', { name: 'Deactivate' })).toBeTruthy()
    expect((screen.getByLabelText('Messages') as HTMLInputElement).value).toBe('5')
    expect(screen.getByText("You've used up your available quota for Lena Hart")).toBeTruthy()
  })

  it('adds a membership, showing what is wrong before sending and keeping what was typed on a server error', async () => {
    let attempt = 0
    const api = await open(me('CREATOR'), listOf(plan()), (sent) => {
      if (sent.method !== 'POST') return undefined
      attempt += 1
      return attempt === 1
        ? { status: 400, body: { error: { code: 'bad_request', message: 'The server says no.' } } }
        : { status: 201, body: plan({ id: '33333333-3333-4333-8333-333333333333', name: 'Supporter' }) }
    })
    fireEvent.click(await screen.findByRole('button', { name: 'New membership' }))
    const dialog = within(await screen.findByRole('dialog'))
    fireEvent.click(dialog.getByRole('button', { name: 'Add membership' }))
    expect(dialog.getByText('Give the membership a name.')).toBeTruthy()
    expect(dialog.getByText(/Offer a monthly or an annual price/)).toBeTruthy()
    expect(api.writes()).toEqual([])

    fireEvent.change(dialog.getByLabelText('Name'), { target: { value: 'Supporter' } })
    // A refused submit takes the keyboard to the first field still to fix.
    fireEvent.click(dialog.getByRole('button', { name: 'Add membership' }))
    await waitFor(() => expect(document.activeElement).toBe(dialog.getByLabelText('Monthly price (USD)')))
    fireEvent.change(dialog.getByLabelText('Monthly price (USD)'), { target: { value: '4.999' } })
    expect(dialog.getByText(/with at most two decimals/)).toBeTruthy()
    fireEvent.change(dialog.getByLabelText('Monthly price (USD)'), { target: { value: '4.99' } })
    fireEvent.change(dialog.getByLabelText('Messages per month'), { target: { value: '500' } })
    fireEvent.click(dialog.getByRole('switch', { name: 'Telegram' }))
    fireEvent.click(dialog.getByRole('button', { name: 'Add membership' }))
    expect(await dialog.findByText('The server says no.')).toBeTruthy()
    expect((dialog.getByLabelText('Name') as HTMLInputElement).value).toBe('Supporter')

    fireEvent.click(dialog.getByRole('button', { name: 'Add membership' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(api.writes()[1]).toEqual({
      method: 'POST',
      path: LIST,
      body: {
        name: 'Supporter',
        basePrice: 4.99,
        annualPrice: null,
        includedMessagesPerMonth: 500,
        includedMinutesPerMonth: 0,
        includedVideoMinutesPerMonth: 0,
        smsEnabled: false,
        telegramEnabled: true,
        voiceEnabled: false,
        videoEnabled: false,
        customDescription: null,
      },
    })
  })

  it('moves a membership down, deactivates one and deletes one after asking', async () => {
    const api = await open(me('CREATOR'), listOf(plan(), elite), (sent) => {
      if (sent.path === `${LIST}/order`) return listOf(elite, plan())
      if (sent.method === 'PATCH') return { status: 200, body: { ...elite, active: false } }
      if (sent.method === 'DELETE') return { status: 200, body: { ok: true } }
      return undefined
    })
    fireEvent.click((await card('Rested')).getByRole('button', { name: 'Move Rested down' }))
    await waitFor(() =>
      expect(api.writes()[0]).toEqual({
        method: 'PUT',
        path: `${LIST}/order`,
        body: { ids: [elite.id, plan().id] },
      }),
    )
    fireEvent.click((await card('Elite')).getByRole('button', { name: 'Deactivate' }))
    await waitFor(() =>
      expect(api.writes()[1]).toEqual({
        method: 'PATCH',
        path: `${LIST}/${elite.id}`,
        body: { active: false },
      }),
    )
    fireEvent.click((await card('Rested')).getByRole('button', { name: 'Delete Rested' }))
    const confirm = within(await screen.findByRole('alertdialog'))
    expect(confirm.getByText('Delete Rested?')).toBeTruthy()
    fireEvent.click(confirm.getByRole('button', { name: 'Delete membership' }))
    await waitFor(() =>
      expect(api.writes()[2]).toMatchObject({ method: 'DELETE', path: `${LIST}/${plan().id}` }),
    )
  })

  it('saves the anonymous quota and the paywall title, previewing the title with the clone’s name', async () => {
    const api = await open(me('CREATOR'), listOf(plan()), (sent) =>
      sent.method === 'PATCH' && sent.path === MONEY
        ? {
            status: 200,
            body: {
              anonymousQuota: { messages: 8, voiceMinutes: 2, videoMinutes: 0 },
              upsellTitle: 'More {name}?',
            },
          }
        : undefined,
    )
    const save = await screen.findByRole('button', { name: 'Save' })
    expect((save as HTMLButtonElement).disabled).toBe(true)
    fireEvent.change(screen.getByLabelText('Messages'), { target: { value: '8' } })
    fireEvent.change(screen.getByLabelText('Paywall title'), { target: { value: 'More {name}?' } })
    expect(screen.getByText('More Lena Hart?')).toBeTruthy()
    fireEvent.click(save)
    await waitFor(() =>
      expect(api.writes()).toEqual([
        {
          method: 'PATCH',
          path: MONEY,
          body: {
            anonymousQuota: { messages: 8, voiceMinutes: 2, videoMinutes: 0 },
            upsellTitle: 'More {name}?',
          },
        },
      ]),
    )
    fireEvent.change(screen.getByLabelText('Video minutes'), { target: { value: 'ten' } })
    expect(screen.getByText(/A whole number of minutes/)).toBeTruthy()
  })

  it('shows a contributor everything without the means to change it', async () => {
    await open(me('CONTRIBUTOR'), listOf(plan()))
    const rested = await card('Rested')
    expect(rested.queryByRole('button', { name: 'Edit Rested' })).toBeNull()
    expect(screen.queryByRole('button', { name: 'New membership' })).toBeNull()
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull()
    expect((screen.getByLabelText('Messages') as HTMLInputElement).readOnly).toBe(true)
    expect(screen.getByText('Only the creator can change memberships and quotas.')).toBeTruthy()
  })

  it('says so when there are none, offers a retry on failure, and is nobody else’s', async () => {
    await open(me('CREATOR'), listOf())
    expect(await screen.findByText('No memberships yet')).toBeTruthy()
    cleanup()
    await open(me('CREATOR'), { status: 500, body: { error: { code: 'internal', message: 'x' } } })
    expect(await screen.findByText('Could not load the memberships.')).toBeTruthy()
    cleanup()
    const api = await open(me('CONSUMER'), listOf(plan()))
    expect(screen.getByRole('heading', { name: 'No memberships here' })).toBeTruthy()
    expect(api.sent.map((s) => s.path)).not.toContain(LIST)
  })
})
