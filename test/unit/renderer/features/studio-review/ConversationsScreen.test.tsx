// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { RelationshipType } from '../../../../../contract/auth'
import type {
  ReviewConversation,
  ReviewConversationDetail,
  ReviewMessage,
} from '../../../../../contract/studio-review'
import { ConversationsRoute } from '../../../../../renderer/src/features/studio-review/ConversationsScreen'
import { closeDialog } from '../../../../../renderer/src/navigation/dialogs.store'
import { lenaHart } from '../../support/clones'
import { renderAtRoute } from '../../support/route-harness'
import { type FakeAnswer, fakeStudioApi, studioMe } from '../../support/studio-me'

afterEach(() => {
  cleanup()
  closeDialog()
  vi.unstubAllGlobals()
})

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`

const conversation = (n: number, overrides: Partial<ReviewConversation> = {}): ReviewConversation => ({
  id: id(n),
  title: `Conversation ${n}`,
  medium: 'WEB',
  visitor: null,
  messageCount: 2,
  archived: false,
  createdAt: '2026-03-01T10:00:00.000Z',
  lastActivityAt: '2026-03-02T10:00:00.000Z',
  ...overrides,
})

const message = (n: number, overrides: Partial<ReviewMessage> = {}): ReviewMessage => ({
  id: id(100 + n),
  sender: 'USER',
  text: `Message ${n}`,
  createdAt: '2026-03-01T10:00:00.000Z',
  status: 'complete',
  fromStudio: false,
  attachments: 0,
  citations: [],
  revision: null,
  ...overrides,
})

const morning: ReviewConversationDetail = {
  ...conversation(1, {
    title: 'Morning routines',
    visitor: { name: 'Kim Visitor', email: 'kim@example.com' },
  }),
  messages: [
    message(1, { text: 'How do I start my day?' }),
    message(2, {
      sender: 'CLONE',
      text: 'With a glass of water [1][2].',
      citations: [
        { index: 1, type: 'Website', title: 'Sleep guide', url: 'https://lena.example/sleep', visible: true },
        { index: 2, type: 'File', title: 'The Routine Book', url: null, visible: false },
        {
          index: 3,
          type: 'Youtube',
          title: 'Morning light',
          url: 'https://youtube.example/x',
          visible: true,
        },
        { index: 4, type: 'File', title: 'Hidden notes', url: null, visible: false },
      ],
    }),
    message(3, { text: 'And coffee?' }),
    message(4, {
      sender: 'CLONE',
      text: 'Not before nine.',
      revision: { text: 'One cup, black, after breakfast.', createdAt: '2026-03-03T10:00:00.000Z' },
    }),
  ],
}

function open(
  role: RelationshipType | null | 'signed-out',
  answers: Record<string, FakeAnswer | ((url: URL) => FakeAnswer)> = {},
) {
  const api = fakeStudioApi((key, url) => {
    const answer = answers[key]
    return typeof answer === 'function' ? answer(url) : answer
  })
  return renderAtRoute(ConversationsRoute, {
    path: '/studio/$slug/conversations',
    url: '/studio/lena-hart/conversations',
    me: studioMe(role),
    clone: lenaHart(),
    fetch: api.fetch,
  }).then((view) => ({ ...view, requests: api.requests }))
}

const LIST = 'GET /api/studio/lena-hart/conversations'
const DETAIL = `GET /api/studio/lena-hart/conversations/${id(1)}`
const ok = (body: unknown): FakeAnswer => ({ status: 200, body })

describe('conversation review (/studio/$slug/conversations)', () => {
  it('lists the conversations with their medium, visitor, count and activity, and loads more', async () => {
    const { requests } = await open('CREATOR', {
      [LIST]: (url) =>
        url.searchParams.get('cursor') === 'next'
          ? ok({ conversations: [conversation(3, { title: 'Later page' })], nextCursor: null })
          : ok({
              conversations: [
                conversation(1, {
                  title: 'Morning routines',
                  visitor: { name: 'Kim Visitor', email: 'kim@example.com' },
                }),
                conversation(2, { medium: 'SMS', messageCount: 1, archived: true }),
              ],
              nextCursor: 'next',
            }),
    })
    const list = await screen.findByRole('list', { name: 'Conversations' })
    const entries = within(list).getAllByRole('button')
    expect(entries).toHaveLength(2)
    expect(within(entries[0]!).getByText('Morning routines')).toBeTruthy()
    expect(within(entries[0]!).getByText(/Kim Visitor/)).toBeTruthy()
    expect(within(entries[0]!).getByText(/kim@example.com/)).toBeTruthy()
    expect(within(entries[0]!).getByText(/2 messages · Last activity/)).toBeTruthy()
    expect(within(entries[1]!).getByText('SMS')).toBeTruthy()
    expect(within(entries[1]!).getByText('Anonymous visitor')).toBeTruthy()
    expect(within(entries[1]!).getByText(/1 message · .* · Archived/)).toBeTruthy()

    fireEvent.click(screen.getByRole('button', { name: 'Load more' }))
    await screen.findByText('Later page')
    expect(within(list).getAllByRole('button')).toHaveLength(3)
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull()
    expect(requests.filter((r) => r.key === LIST).map((r) => r.url.search)).toEqual(['', '?cursor=next'])
  })

  it('filters by medium', async () => {
    const { requests } = await open('CONTRIBUTOR', {
      [LIST]: (url) =>
        url.searchParams.get('medium') === 'WHATSAPP'
          ? ok({ conversations: [], nextCursor: null })
          : ok({ conversations: [conversation(1)], nextCursor: null }),
    })
    await screen.findByText('Conversation 1')
    fireEvent.change(screen.getByLabelText('Medium'), { target: { value: 'WHATSAPP' } })
    expect(await screen.findByText('No WhatsApp conversations yet.')).toBeTruthy()
    expect(requests.at(-1)!.url.search).toBe('?medium=WHATSAPP')
  })

  it('says so when there are no conversations, and offers a retry when they cannot load', async () => {
    await open('CREATOR', { [LIST]: ok({ conversations: [], nextCursor: null }) })
    expect(await screen.findByRole('heading', { name: 'No conversations yet' })).toBeTruthy()
    cleanup()
    let fail = true
    await open('CREATOR', {
      [LIST]: () =>
        fail
          ? { status: 500, body: { error: { code: 'internal', message: 'x' } } }
          : ok({ conversations: [conversation(1)], nextCursor: null }),
    })
    expect(await screen.findByText('Could not load the conversations.')).toBeTruthy()
    fail = false
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }))
    expect(await screen.findByText('Conversation 1')).toBeTruthy()
  })

  it('opens a conversation as a transcript: answers marked, sources named, a revision shown; back returns to the list', async () => {
    await open('CREATOR', {
      [LIST]: ok({ conversations: [conversation(1, { title: 'Morning routines' })], nextCursor: null }),
      [DETAIL]: ok(morning),
    })
    const entry = (await screen.findByText('Morning routines')).closest('button')!
    fireEvent.click(entry)
    const heading = await screen.findByRole('heading', { name: 'Morning routines', level: 2 })
    await waitFor(() => expect(document.activeElement).toBe(heading))
    expect(entry.getAttribute('aria-current')).toBe('true')

    const transcript = screen.getByRole('list', { name: 'Morning routines' })
    const items = within(transcript)
      .getAllByRole('listitem')
      .filter((li) => li.parentElement === transcript)
    const senders = items.map((li) => li.querySelector('article')!.getAttribute('aria-label')!.split(',')[0])
    const clone = lenaHart().name
    expect(senders).toEqual(['Visitor', clone, 'Visitor', clone])
    const answer = within(items[1]!)
    expect(answer.getByText('Clone answer')).toBeTruthy()
    expect(answer.getByRole('link', { name: 'Sleep guide' }).getAttribute('href')).toBe(
      'https://lena.example/sleep',
    )
    expect(answer.getByText('The Routine Book')).toBeTruthy()
    // Cited by a marker, or merely relevant (visible ones only), as the chat groups them (spec 1 §5).
    const cited = answer.getByText('Sources').nextElementSibling!
    expect(
      within(cited as HTMLElement)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Sleep guide', 'The Routine Book'])
    expect(answer.getByText('Also relevant')).toBeTruthy()
    expect(answer.getByRole('link', { name: 'Morning light' })).toBeTruthy()
    expect(answer.queryByText('Hidden notes')).toBeNull()
    const revised = within(items[3]!)
    expect(revised.getByText('Revised')).toBeTruthy()
    expect(revised.getByText('One cup, black, after breakfast.')).toBeTruthy()
    // The visitor's own messages carry no Revise.
    expect(within(items[0]!).queryByRole('button')).toBeNull()

    fireEvent.click(screen.getByRole('button', { name: 'Back to conversations' }))
    expect(screen.queryByRole('heading', { name: 'Morning routines', level: 2 })).toBeNull()
    expect(screen.getByText('Choose a conversation to read it.')).toBeTruthy()
    await waitFor(() => expect(document.activeElement).toBe(entry))
  })

  it('revises an answer: the dialog starts from the answer, posts the improved one, and the mark appears', async () => {
    let revisedNow = false
    const { requests } = await open('CREATOR', {
      [LIST]: ok({ conversations: [conversation(1, { title: 'Morning routines' })], nextCursor: null }),
      [DETAIL]: () =>
        ok(
          revisedNow
            ? {
                ...morning,
                messages: morning.messages.map((m, i) =>
                  i === 1
                    ? { ...m, revision: { text: 'Water first, then light.', createdAt: m.createdAt } }
                    : m,
                ),
              }
            : morning,
        ),
      'POST /api/clone/training/revise': () => {
        revisedNow = true
        return { status: 201, body: { id: id(900) } }
      },
    })
    fireEvent.click((await screen.findByText('Morning routines')).closest('button')!)
    await screen.findByRole('heading', { name: 'Morning routines', level: 2 })
    fireEvent.click(screen.getByRole('button', { name: 'Revise answer 1' }))
    const dialog = await screen.findByRole('dialog', { name: 'Revise answer' })
    expect(within(dialog).getByText('How do I start my day?')).toBeTruthy()
    const field = within(dialog).getByLabelText('Improved answer') as HTMLTextAreaElement
    expect(field.value).toBe('With a glass of water [1][2].')
    fireEvent.change(field, { target: { value: '   ' } })
    expect((within(dialog).getByRole('button', { name: 'Train' }) as HTMLButtonElement).disabled).toBe(true)
    fireEvent.change(field, { target: { value: '  Water first, then light.  ' } })
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Train' }))
    })
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(requests.find((r) => r.key === 'POST /api/clone/training/revise')!.body).toEqual({
      slug: 'lena-hart',
      messageId: morning.messages[1]!.id,
      idealResponse: 'Water first, then light.',
    })
    expect(await screen.findByText('Water first, then light.')).toBeTruthy()
    expect(screen.getAllByText('Revised')).toHaveLength(2)
  })

  it('keeps what the creator wrote when the revision fails', async () => {
    await open('CREATOR', {
      [LIST]: ok({ conversations: [conversation(1, { title: 'Morning routines' })], nextCursor: null }),
      [DETAIL]: ok(morning),
      'POST /api/clone/training/revise': { status: 500, body: { error: { code: 'internal', message: 'x' } } },
    })
    fireEvent.click((await screen.findByText('Morning routines')).closest('button')!)
    fireEvent.click(await screen.findByRole('button', { name: 'Revise answer 1' }))
    const dialog = await screen.findByRole('dialog', { name: 'Revise answer' })
    const field = within(dialog).getByLabelText('Improved answer') as HTMLTextAreaElement
    fireEvent.change(field, { target: { value: 'A better answer' } })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Train' }))
    expect(await screen.findByText(/Failed to train .* with improved response\./)).toBeTruthy()
    expect(screen.getByRole('dialog', { name: 'Revise answer' })).toBeTruthy()
    expect((screen.getByLabelText('Improved answer') as HTMLTextAreaElement).value).toBe('A better answer')
  })

  it('shows a contributor the conversations but no Revise', async () => {
    await open('CONTRIBUTOR', {
      [LIST]: ok({ conversations: [conversation(1, { title: 'Morning routines' })], nextCursor: null }),
      [DETAIL]: ok(morning),
    })
    fireEvent.click((await screen.findByText('Morning routines')).closest('button')!)
    await screen.findByRole('heading', { name: 'Morning routines', level: 2 })
    expect(screen.getByText('The Routine Book')).toBeTruthy()
    expect(screen.queryByRole('button', { name: /Revise/ })).toBeNull()
  })

  it('is nobody else’s: no role sees it is not theirs and nothing is asked; signed out is asked to log in', async () => {
    const { requests } = await open(null, { [LIST]: ok({ conversations: [], nextCursor: null }) })
    expect(screen.getByRole('heading', { name: 'No conversations here' })).toBeTruthy()
    expect(requests.map((r) => r.key)).not.toContain(LIST)
    cleanup()
    await open('signed-out')
    expect(screen.getByRole('heading', { name: 'Log in to review conversations' })).toBeTruthy()
  })
})
