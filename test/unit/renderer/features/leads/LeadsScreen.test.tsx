// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { MeResponse, RelationshipType } from '../../../../../contract/auth'
import type { Lead } from '../../../../../contract/embed'
import { LeadsRoute } from '../../../../../renderer/src/features/leads/LeadsScreen'
import { closeDialog, dialogs } from '../../../../../renderer/src/navigation/dialogs.store'
import { lenaHart } from '../../support/clones'
import { renderAtRoute } from '../../support/route-harness'

afterEach(() => {
  cleanup()
  closeDialog()
  vi.unstubAllGlobals()
})

const me = (type: RelationshipType | null): MeResponse => ({
  user: {
    id: '00000000-0000-4000-8000-0000000000b1',
    name: 'Lena Hart',
    email: 'lena@likeness.test',
    imageUrl: null,
    phoneNumber: null,
    telegramUsername: null,
    language: null,
    staff: false,
    plan: null,
    whitelabeled: false,
  },
  relationships: type ? [{ id: '00000000-0000-4000-8000-0000000000c1', cloneSlug: 'lena-hart', type }] : [],
})

const lead = (overrides: Partial<Lead> = {}): Lead => ({
  id: '00000000-0000-4000-8000-0000000000d1',
  name: 'Sam Visitor',
  email: 'sam@example.com',
  phoneNumber: '+14155550142',
  telegramUsername: 'sam_visitor',
  optIn: { optIn: true, medium: 'WHATSAPP', updatedAt: '2025-03-05T10:00:00.000Z' },
  embedConfigId: null,
  firstConversationAt: '2025-03-01T10:00:00.000Z',
  lastConversationAt: '2025-03-04T10:00:00.000Z',
  capturedAt: '2025-03-02T10:00:00.000Z',
  ...overrides,
})

type Answer = { status: number; body: unknown }

function api(answer: Answer, events: Answer) {
  const requests: string[] = []
  const fetch = async (input: RequestInfo | URL) => {
    const url = new URL(String(input), 'http://localhost')
    requests.push(url.pathname)
    const body =
      url.pathname === '/api/studio/lena-hart/leads'
        ? answer
        : url.pathname === '/api/studio/lena-hart/events'
          ? events
          : { status: 404, body: {} }
    return new Response(JSON.stringify(body.body), {
      status: body.status,
      headers: { 'Content-Type': 'application/json' },
    })
  }
  return { fetch: fetch as typeof globalThis.fetch, requests }
}

const noEvents: Answer = { status: 200, body: { counts: [] } }

const open = (who: MeResponse, leads: Answer, events: Answer = noEvents) => {
  const { fetch, requests } = api(leads, events)
  return renderAtRoute(LeadsRoute, {
    path: '/studio/$slug/leads',
    url: '/studio/lena-hart/leads',
    me: who,
    clone: lenaHart(),
    fetch,
  }).then((view) => ({ ...view, requests }))
}

describe('the leads page (/studio/$slug/leads)', () => {
  it('lists the leads with their contact details, opt-in and dates, and a CSV link', async () => {
    await open(me('CREATOR'), {
      status: 200,
      body: {
        leads: [
          lead(),
          lead({
            id: '00000000-0000-4000-8000-0000000000d2',
            name: null,
            phoneNumber: null,
            telegramUsername: null,
            optIn: { optIn: false, medium: null, updatedAt: null },
            email: 'kim@example.com',
          }),
        ],
      },
    })
    const table = await screen.findByRole('table', { name: 'Leads of Lena Hart' })
    const rows = within(table).getAllByRole('row').slice(1)
    expect(rows).toHaveLength(2)
    const first = within(rows[0]!)
    expect(first.getByText('Sam Visitor')).toBeTruthy()
    expect(first.getByRole('link', { name: 'sam@example.com' }).getAttribute('href')).toBe(
      'mailto:sam@example.com',
    )
    expect(first.getByRole('link', { name: '+1 (415) 555-0142' }).getAttribute('href')).toBe(
      'tel:+14155550142',
    )
    expect(first.getByText('@sam_visitor')).toBeTruthy()
    expect(first.getByText('WhatsApp')).toBeTruthy()
    expect(first.getByText('On')).toBeTruthy()
    expect(
      first.getByText(
        new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' }).format(
          new Date('2025-03-02T10:00:00.000Z'),
        ),
      ),
    ).toBeTruthy()
    expect(within(rows[1]!).getByText('Off')).toBeTruthy()
    expect(screen.getByText('2 leads')).toBeTruthy()
    expect(screen.getByRole('link', { name: /Download CSV/ }).getAttribute('href')).toBe(
      '/api/studio/lena-hart/leads.csv',
    )
    // The studio's navigation leads to the clone's other pages, this one marked as current.
    const studio = within(screen.getByRole('navigation', { name: 'Studio' }))
    expect(studio.getByRole('link', { name: 'Embeds' }).getAttribute('href')).toBe('/studio/lena-hart/embeds')
    expect(studio.getByRole('link', { name: 'Leads' }).getAttribute('aria-current')).toBe('page')
  })

  it('shows the tracked events’ counts under Activity, this month and all time (issue #15)', async () => {
    const counts = [
      { type: 'CLICK_SOURCE', thisMonth: 3, allTime: 12 },
      { type: 'CLICK_AFFILIATE_PRODUCT', thisMonth: 0, allTime: 4 },
      { type: 'VIDEO_CALL_VIEW_TRANSCRIPT', thisMonth: 1, allTime: 1 },
      { type: 'VIDEO_CALL_SHARE', thisMonth: 2, allTime: 1500 },
    ]
    await open(me('CREATOR'), { status: 200, body: { leads: [] } }, { status: 200, body: { counts } })
    expect(screen.getByRole('heading', { name: 'Activity' })).toBeTruthy()
    const table = await screen.findByRole('table', { name: 'Activity on Lena Hart' })
    const row = (label: string) =>
      within(table).getByRole('rowheader', { name: label }).closest('tr')!.querySelectorAll('td')
    const cells = (label: string) => Array.from(row(label), (cell) => cell.textContent)
    expect(cells('Sources opened')).toEqual(['3', '12'])
    expect(cells('Product links clicked')).toEqual(['0', '4'])
    expect(cells('Video transcripts viewed')).toEqual(['1', '1'])
    expect(cells('Video calls shared')).toEqual(['2', new Intl.NumberFormat().format(1500)])
    expect(within(table).getByRole('columnheader', { name: 'This month' })).toBeTruthy()
    expect(within(table).getByRole('columnheader', { name: 'All time' })).toBeTruthy()
    // The leads are there all the same.
    expect(screen.getByRole('heading', { name: 'No leads yet' })).toBeTruthy()
  })

  it('keeps the leads when the activity cannot load', async () => {
    await open(
      me('CREATOR'),
      { status: 200, body: { leads: [lead()] } },
      { status: 500, body: { error: { code: 'internal', message: 'x' } } },
    )
    expect(await screen.findByText('Could not load the activity.')).toBeTruthy()
    expect(screen.getByRole('table', { name: 'Leads of Lena Hart' })).toBeTruthy()
  })

  it('says so when there are no leads yet (a contributor sees the page too)', async () => {
    await open(me('CONTRIBUTOR'), { status: 200, body: { leads: [] } })
    expect(await screen.findByRole('heading', { name: 'No leads yet' })).toBeTruthy()
  })

  it('offers a retry when the list cannot load', async () => {
    await open(me('CREATOR'), { status: 500, body: { error: { code: 'internal', message: 'x' } } })
    expect(await screen.findByText('Could not load the leads.')).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy()
  })

  it('is nobody else’s: a visitor with no role sees it is not theirs, and nothing is asked', async () => {
    const { requests } = await open(me('CONSUMER'), { status: 200, body: { leads: [lead()] } })
    expect(screen.getByRole('heading', { name: 'No leads here' })).toBeTruthy()
    expect(requests).not.toContain('/api/studio/lena-hart/leads')
    expect(requests).not.toContain('/api/studio/lena-hart/events')
  })

  it('asks a signed-out visitor to log in', async () => {
    await open({ user: null, relationships: [] }, { status: 200, body: { leads: [] } })
    expect(screen.getByRole('heading', { name: 'Log in to see your leads' })).toBeTruthy()
    fireEvent.click(within(screen.getByRole('main')).getByRole('button', { name: 'Log in' }))
    expect(dialogs.open).toEqual({ kind: 'signIn' })
  })
})
