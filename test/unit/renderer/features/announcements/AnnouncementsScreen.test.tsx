// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { Announcement } from '../../../../../contract/announcements'
import type { MeResponse, RelationshipType } from '../../../../../contract/auth'
import { AnnouncementsRoute } from '../../../../../renderer/src/features/announcements/AnnouncementsScreen'
import { lenaHart } from '../../support/clones'
import { renderAtRoute } from '../../support/route-harness'

afterEach(() => {
  cleanup()
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

const older: Announcement = {
  id: '00000000-0000-4000-8000-000000000001',
  text: 'Workshop moved to Friday',
  deliveredCount: 1,
  createdAt: '2026-01-02T10:00:00.000Z',
}

/** A fake server keeping the list: POST adds (delivered to 3 chats), DELETE removes. */
function api() {
  let list: Announcement[] = [older]
  const posts: unknown[] = []
  const deletes: string[] = []
  const fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost')
    const base = '/api/studio/lena-hart/announcements'
    let answer: { status: number; body: unknown } = { status: 404, body: {} }
    if (url.pathname === base && init?.method === 'POST') {
      const body = JSON.parse(String(init.body)) as { text: string }
      posts.push(body)
      const created = {
        id: '00000000-0000-4000-8000-000000000002',
        text: body.text,
        deliveredCount: 3,
        createdAt: '2026-01-03T10:00:00.000Z',
      }
      list = [created, ...list]
      answer = { status: 200, body: created }
    } else if (url.pathname === base) answer = { status: 200, body: { announcements: list } }
    else if (url.pathname.startsWith(`${base}/`) && init?.method === 'DELETE') {
      const id = url.pathname.slice(base.length + 1)
      deletes.push(id)
      list = list.filter((a) => a.id !== id)
      answer = { status: 200, body: { ok: true } }
    }
    return new Response(JSON.stringify(answer.body), {
      status: answer.status,
      headers: { 'Content-Type': 'application/json' },
    })
  }
  return { fetch: fetch as typeof globalThis.fetch, posts, deletes }
}

const open = (who: MeResponse, fake = api()) =>
  renderAtRoute(AnnouncementsRoute, {
    path: '/studio/$slug/announcements',
    url: '/studio/lena-hart/announcements',
    me: who,
    clone: lenaHart(),
    fetch: fake.fetch,
  }).then((view) => ({ ...view, fake }))

const postButton = () => screen.getByRole('button', { name: 'Post announcement' }) as HTMLButtonElement
const box = () => screen.getByRole('textbox', { name: 'Announcement' }) as HTMLTextAreaElement
const items = () =>
  within(screen.getByRole('list', { name: 'Posted announcements' }))
    .getAllByRole('listitem')
    .map((li) => li.textContent)

describe('the announcements studio page', () => {
  it('posts with ⌘/Ctrl+Enter, says how many chats got it, and lists it first', async () => {
    const { fake } = await open(me('CONTRIBUTOR'))
    expect(await screen.findByText('Workshop moved to Friday')).toBeTruthy()
    expect(screen.getByText(/Delivered to 1 chat$/)).toBeTruthy()
    expect(postButton().disabled).toBe(true)

    fireEvent.change(box(), { target: { value: '   ' } })
    expect(postButton().disabled).toBe(true)
    fireEvent.change(box(), { target: { value: '  New podcast episode is out  ' } })
    expect(screen.getByText('26 / 2000')).toBeTruthy()
    expect(postButton().disabled).toBe(false)
    fireEvent.keyDown(box(), { key: 'Enter', ctrlKey: true })

    expect(await screen.findByText('Announcement posted to 3 chats')).toBeTruthy()
    expect(fake.posts).toEqual([{ text: 'New podcast episode is out' }])
    await waitFor(() => expect(items()).toHaveLength(2))
    expect(items()[0]).toContain('New podcast episode is out')
    expect(items()[0]).toContain('Delivered to 3 chats')
    expect(box().value).toBe('')
  })

  it('refuses a text over 2000 characters', async () => {
    await open(me('CREATOR'))
    await screen.findByText('Workshop moved to Friday')
    fireEvent.change(box(), { target: { value: 'x'.repeat(2001) } })
    expect(postButton().disabled).toBe(true)
    expect(screen.getByText('Keep it to 2000 characters.')).toBeTruthy()
  })

  it('deletes after a confirmation', async () => {
    const { fake } = await open(me('CREATOR'))
    await screen.findByText('Workshop moved to Friday')
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }))
    expect(await screen.findByText('It is removed from every chat it was delivered to.')).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'Delete announcement' }))
    expect(await screen.findByText('Announcement deleted')).toBeTruthy()
    expect(fake.deletes).toEqual([older.id])
    expect(await screen.findByText(/No announcements yet/)).toBeTruthy()
  })

  it('shows the not-found panel to anyone but the team, and asks a signed-out visitor to log in', async () => {
    const { fake } = await open(me('CONSUMER'))
    expect(await screen.findByText('No announcements here')).toBeTruthy()
    expect(screen.queryByRole('textbox', { name: 'Announcement' })).toBeNull()
    expect(fake.posts).toEqual([])
    cleanup()
    await open({ user: null, relationships: [] } as unknown as MeResponse)
    expect(await screen.findByText('Log in to post announcements')).toBeTruthy()
  })
})
