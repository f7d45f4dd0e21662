// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { toast } from 'sonner'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { MeResponse } from '../../../../../contract/auth'
import type { StaffStatus } from '../../../../../contract/staff'
import { StaffToolbarHost } from '../../../../../renderer/src/features/staff-toolbar/StaffToolbarHost'
import { staffToolbarStrings as s } from '../../../../../renderer/src/features/staff-toolbar/staff-toolbar.strings'
import { getPlatform } from '../../../../../renderer/src/platform'
import { storageKeys } from '../../../../../renderer/src/platform/storage-keys'
import { lenaHart } from '../../support/clones'
import { renderAtRoute } from '../../support/route-harness'

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
})

const CLONE_ID = '00000000-0000-4000-8000-0000000000a1'

const me = (staff: boolean): MeResponse => ({
  user: {
    id: '00000000-0000-4000-8000-0000000000b1',
    name: staff ? 'Riley Staff' : 'Casey Consumer',
    email: staff ? 'staff@likeness.test' : 'casey@likeness.test',
    imageUrl: null,
    phoneNumber: null,
    telegramUsername: null,
    language: null,
    staff,
    plan: null,
    whitelabeled: false,
  },
  relationships: [],
})

const status: StaffStatus = {
  serverVersion: '0.1.0',
  uptimeSeconds: 3725,
  environment: 'development',
  devOutbox: true,
  providers: [
    { key: 'database', mode: 'embedded', name: 'PGlite' },
    { key: 'payments', mode: 'real', name: 'Stripe' },
  ],
  counts: { users: 5, clones: 2, conversations24h: 7, messages24h: 31, voiceCallsOpen: 0, videoCallsOpen: 1 },
  clone: { id: CLONE_ID, slug: 'lena-hart', visibility: 'public', documents: 12 },
}

const stored = () => getPlatform().storage.get(storageKeys.staffToolbarOpen)

function open(who: MeResponse) {
  const requests: string[] = []
  const fetch = async (input: RequestInfo | URL) => {
    const url = new URL(String(input), 'http://localhost')
    requests.push(`${url.pathname}${url.search}`)
    const ok = url.pathname === '/api/staff/status'
    return new Response(JSON.stringify(ok ? status : { error: { code: 'not_found', message: 'No' } }), {
      status: ok ? 200 : 404,
      headers: { 'Content-Type': 'application/json' },
    })
  }
  return renderAtRoute(StaffToolbarHost, {
    path: '/$slug',
    url: '/lena-hart',
    me: who,
    clone: lenaHart(),
    fetch: fetch as typeof globalThis.fetch,
  }).then((view) => ({ ...view, requests }))
}

// spec 1 §6 'Staff: debug entry and a staff toolbar' (issue #15).
describe('the staff toolbar', () => {
  it('shows nothing to a user who is not staff, and asks the server nothing', async () => {
    const { container, requests } = await open(me(false))
    expect(container.textContent).toBe('')
    expect(screen.queryByRole('button', { name: s.pill })).toBeNull()
    expect(requests.filter((r) => r.startsWith('/api/staff'))).toEqual([])
  })

  it('shows staff a collapsed Staff pill, and fetches nothing until it is opened', async () => {
    const { requests } = await open(me(true))
    const pill = await screen.findByRole('button', { name: s.pill })
    expect(pill.getAttribute('aria-expanded')).toBe('false')
    expect(requests.filter((r) => r.startsWith('/api/staff'))).toEqual([])
  })

  it('opens to the server’s status: versions, provider badges, the page’s clone, links and counts', async () => {
    const { requests } = await open(me(true))
    fireEvent.click(await screen.findByRole('button', { name: s.pill }))
    const panel = await screen.findByRole('region', { name: s.title })
    expect(await within(panel).findByText('Database: embedded')).toBeTruthy()
    expect(within(panel).getByText('Payments: real')).toBeTruthy()
    expect(requests).toContain('/api/staff/status?slug=lena-hart')
    expect(within(panel).getByText('lena-hart')).toBeTruthy()
    expect(within(panel).getByText(CLONE_ID)).toBeTruthy()
    expect(within(panel).getByText('0.1.0 · development · 1 h 2 min')).toBeTruthy()
    expect(within(panel).getByRole('link', { name: s.devOutbox }).getAttribute('href')).toBe('/dev/outbox')
    expect(within(panel).getByRole('link', { name: s.studioLeads }).getAttribute('href')).toBe(
      '/studio/lena-hart/leads',
    )
    expect(within(panel).getByText('31')).toBeTruthy()
    // Focus moves into the panel; Escape closes it and gives focus back to the pill.
    expect(document.activeElement).toBe(panel)
    fireEvent.keyDown(panel, { key: 'Escape' })
    const pill = await screen.findByRole('button', { name: s.pill })
    expect(document.activeElement).toBe(pill)
  })

  it('toggles with Alt+Shift+S and remembers being open on this device', async () => {
    await open(me(true))
    await screen.findByRole('button', { name: s.pill })
    fireEvent.keyDown(document, { key: 'Í', code: 'KeyS', altKey: true, shiftKey: true })
    await screen.findByRole('region', { name: s.title })
    await waitFor(async () => expect(await stored()).toBe(true))
    fireEvent.keyDown(document, { key: 'S', code: 'KeyS', altKey: true, shiftKey: true })
    await screen.findByRole('button', { name: s.pill })
    await waitFor(async () => expect(await stored()).toBeUndefined())
  })

  it('copies the clone’s slug with a toast', async () => {
    const writeText = vi.fn(async () => undefined)
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } })
    await open(me(true))
    fireEvent.click(await screen.findByRole('button', { name: s.pill }))
    const panel = await screen.findByRole('region', { name: s.title })
    fireEvent.click(within(panel).getByRole('button', { name: s.copyClone }))
    expect(await screen.findByText(s.copied(s.clone))).toBeTruthy()
    expect(writeText).toHaveBeenCalledWith('lena-hart')
    // The toast's own timers must not outlive the test's DOM: dismissed, and gone, before the test ends.
    act(() => void toast.dismiss())
    await waitFor(() => expect(screen.queryByText(s.copied(s.clone))).toBeNull())
  })
})
