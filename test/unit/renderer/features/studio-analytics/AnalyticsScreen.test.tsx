// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { AnalyticsMonth, CloneAnalytics } from '../../../../../contract/studio-review'
import { AnalyticsRoute } from '../../../../../renderer/src/features/studio-analytics/AnalyticsScreen'
import { axisTop } from '../../../../../renderer/src/features/studio-analytics/MonthlyChart'
import { lenaHart } from '../../support/clones'
import { renderAtRoute } from '../../support/route-harness'
import { type FakeAnswer, fakeStudioApi, studioMe } from '../../support/studio-me'

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

const zero = {
  conversations: 0,
  userMessages: 0,
  voiceCalls: 0,
  videoCalls: 0,
  voiceSeconds: 0,
  videoSeconds: 0,
  leads: 0,
  revenueCents: 0,
}
const MONTHS = [
  '2025-04',
  '2025-05',
  '2025-06',
  '2025-07',
  '2025-08',
  '2025-09',
  '2025-10',
  '2025-11',
  '2025-12',
  '2026-01',
  '2026-02',
  '2026-03',
]
const months: AnalyticsMonth[] = MONTHS.map((month) => ({ month, ...zero }))
months[11] = {
  month: '2026-03',
  ...zero,
  conversations: 4,
  userMessages: 10,
  voiceCalls: 1,
  voiceSeconds: 150,
  leads: 1,
  revenueCents: 1999,
}
months[9] = {
  month: '2026-01',
  ...zero,
  conversations: 8,
  userMessages: 3,
  videoCalls: 2,
  videoSeconds: 600,
  revenueCents: 123456,
}
const analytics: CloneAnalytics = {
  months,
  totals: {
    conversations: 12,
    userMessages: 13,
    voiceCalls: 1,
    videoCalls: 2,
    voiceSeconds: 150,
    videoSeconds: 600,
    leads: 1,
    revenueCents: 125455,
  },
}

const URL_ = 'GET /api/studio/lena-hart/analytics'
const open = (
  role: 'CREATOR' | 'CONTRIBUTOR' | null,
  answer: FakeAnswer = { status: 200, body: analytics },
) => {
  const api = fakeStudioApi((key) => (key === URL_ ? answer : undefined))
  return renderAtRoute(AnalyticsRoute, {
    path: '/studio/$slug/analytics',
    url: '/studio/lena-hart/analytics',
    me: studioMe(role),
    clone: lenaHart(),
    fetch: api.fetch,
  }).then((view) => ({ ...view, requests: api.requests }))
}

const bars = () => Array.from(document.querySelectorAll('svg[role="img"] rect'))
const heights = () => bars().map((b) => Number(b.getAttribute('height')))

describe('analytics (/studio/$slug/analytics)', () => {
  it('shows the totals as cards, money in USD', async () => {
    await open('CREATOR')
    const cards = await screen.findByRole('region', { name: 'Last 12 months' })
    const card = (label: string) => within(cards).getByText(label).parentElement!
    expect(within(card('Conversations')).getByText('12')).toBeTruthy()
    expect(within(card('Messages')).getByText('13')).toBeTruthy()
    expect(within(card('Calls')).getByText('3')).toBeTruthy()
    expect(within(card('Calls')).getByText('Voice 1 · Video 2')).toBeTruthy()
    expect(within(card('Call minutes')).getByText('13')).toBeTruthy()
    expect(within(card('Revenue')).getByText('$1,254.55')).toBeTruthy()
  })

  it('draws a bar per month for the chosen metric, and switches metric', async () => {
    await open('CONTRIBUTOR')
    const chart = await screen.findByRole('img', { name: 'Conversations' })
    expect(bars()).toHaveLength(12)
    // Conversations: 8 in January is the highest, on an axis up to 10.
    expect(heights()[9]).toBeCloseTo(160)
    expect(heights()[11]).toBeCloseTo(80)
    const description = document.getElementById(chart.getAttribute('aria-describedby')!)!
    expect(description.textContent).toContain('Highest: 8 in January 2026; total 12')
    const conversations = screen.getByRole('button', { name: 'Conversations' })
    expect(conversations.getAttribute('aria-pressed')).toBe('true')

    fireEvent.click(screen.getByRole('button', { name: 'Revenue' }))
    expect(screen.getByRole('img', { name: 'Revenue' })).toBeTruthy()
    expect(conversations.getAttribute('aria-pressed')).toBe('false')
    expect(screen.getByRole('button', { name: 'Revenue' }).getAttribute('aria-pressed')).toBe('true')
    expect(heights()[9]).toBeGreaterThan(heights()[11]!)
    expect(heights()[11]).toBeGreaterThan(0)
    expect(document.getElementById(chart.getAttribute('aria-describedby')!)!.textContent).toContain(
      'Highest: $1,234.56 in January 2026; total $1,254.55',
    )
    expect(screen.getByText(/Renewals are not included/)).toBeTruthy()

    fireEvent.click(screen.getByRole('button', { name: 'Leads' }))
    expect(heights().filter((h) => h > 0)).toHaveLength(1)
  })

  it('lists every number in a table, newest month first, with the totals', async () => {
    await open('CREATOR')
    const table = await screen.findByRole('table', { name: /Monthly activity of/ })
    const rows = within(table).getAllByRole('row')
    expect(rows).toHaveLength(14)
    const cells = (row: HTMLElement) =>
      within(row)
        .getAllByRole('cell')
        .map((c) => c.textContent)
    expect(within(rows[1]!).getByRole('rowheader').textContent).toBe('Mar 2026')
    expect(cells(rows[1]!)).toEqual(['4', '10', '1', '0', '3', '0', '1', '$19.99'])
    expect(within(rows[3]!).getByRole('rowheader').textContent).toBe('Jan 2026')
    expect(cells(rows[3]!)).toEqual(['8', '3', '0', '2', '0', '10', '0', '$1,234.56'])
    expect(cells(rows[12]!)).toEqual(['0', '0', '0', '0', '0', '0', '0', '$0.00'])
    expect(within(rows[13]!).getByRole('rowheader').textContent).toBe('Total')
    expect(cells(rows[13]!)).toEqual(['12', '13', '1', '2', '3', '10', '1', '$1,254.55'])
  })

  it('offers a retry when the numbers cannot load; nobody else is asked for them', async () => {
    await open('CREATOR', { status: 500, body: { error: { code: 'internal', message: 'x' } } })
    expect(await screen.findByText('Could not load the analytics.')).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy()
    cleanup()
    const { requests } = await open(null)
    expect(screen.getByRole('heading', { name: 'No analytics here' })).toBeTruthy()
    expect(requests.map((r) => r.key)).not.toContain(URL_)
  })

  it('rounds the axis up to 1, 2 or 5 times a power of ten', () => {
    expect([0, 1, 3, 8, 12, 199, 1999, 123456].map(axisTop)).toEqual([1, 1, 5, 10, 20, 200, 2000, 200000])
  })
})
