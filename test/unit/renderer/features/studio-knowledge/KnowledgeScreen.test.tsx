// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { SOURCES_POLL_MS } from '../../../../../renderer/src/features/studio-knowledge/knowledge.constants'
import { knowledgeApi, me, openKnowledge, refusal, signedOut, source } from './knowledge-harness'

afterEach(() => {
  cleanup()
  vi.useRealTimers()
  vi.unstubAllGlobals()
})

const list = () => screen.getByRole('list', { name: 'Sources' })
const rows = () => within(list()).getAllByRole('listitem')
const rowOf = (title: string) => {
  const row = rows().find((li) => within(li).queryByText(title))
  if (!row) throw new Error(`No source row titled ${title}`)
  return row
}

describe('the knowledge page: the sources list', () => {
  it('shows each source with its type, origin, state badge, what was read, and a failed one’s reason', async () => {
    const fake = knowledgeApi([
      source({ title: 'Sleep handbook' }),
      source({
        kind: 'web',
        type: 'Website',
        title: 'Why we nap',
        url: 'https://example.com/nap',
        fileName: null,
        state: 'reading',
        characters: 0,
        passages: 0,
      }),
      source({
        kind: 'transcript',
        type: 'Youtube',
        title: 'Night shift talk',
        url: 'https://www.youtube.com/watch?v=abcdefgh',
        fileName: null,
        state: 'queued',
      }),
      source({
        kind: 'web',
        type: 'Website',
        title: 'Broken page',
        url: 'https://example.com/broken',
        fileName: null,
        state: 'failed',
        error: 'The page answered 403 Forbidden',
        characters: 0,
        passages: 0,
      }),
      source({
        kind: 'qa',
        type: 'File',
        title: 'Answer Provided by the Clone Creator',
        url: null,
        fileName: null,
        question: 'Do you see patients online?',
        answer: 'Yes, on Tuesdays.',
      }),
      source({ kind: null, title: 'Seeded guide', fileName: null, url: null }),
    ])
    await openKnowledge(me('CREATOR'), fake)
    expect(await screen.findByText('Sleep handbook')).toBeTruthy()
    expect(screen.getByText('6 sources')).toBeTruthy()

    const doc = rowOf('Sleep handbook')
    expect(within(doc).getByText('Ready')).toBeTruthy()
    expect(within(doc).getByText(/12,345 characters · 14 passages/)).toBeTruthy()
    expect(within(doc).getByText(/Document · sleep-handbook\.pdf/)).toBeTruthy()
    expect(within(doc).getByText(/^Added /)).toBeTruthy()

    const web = rowOf('Why we nap')
    expect(within(web).getByText('Reading…')).toBeTruthy()
    expect(within(web).queryByText(/characters/)).toBeNull()
    const link = within(web).getByRole('link', { name: 'https://example.com/nap' })
    expect(link.getAttribute('target')).toBe('_blank')

    expect(within(rowOf('Night shift talk')).getByText('Queued')).toBeTruthy()
    expect(within(rowOf('Night shift talk')).getByText(/YouTube/)).toBeTruthy()

    const broken = rowOf('Broken page')
    expect(within(broken).getByText('Failed')).toBeTruthy()
    expect(within(broken).getByText('Could not read it: The page answered 403 Forbidden')).toBeTruthy()

    // A Q&A pair shows its question; its answer opens on demand.
    const qa = rowOf('Do you see patients online?')
    expect(within(qa).getByText(/Q&A pair/)).toBeTruthy()
    const toggle = within(qa).getByRole('button', { name: 'Show answer' })
    expect(within(qa).getByText('Yes, on Tuesdays.').closest('[hidden]')).not.toBeNull()
    fireEvent.click(toggle)
    expect(toggle.getAttribute('aria-expanded')).toBe('true')
    expect(within(qa).getByText('Yes, on Tuesdays.').closest('[hidden]')).toBeNull()
    expect(within(qa).getByRole('button', { name: 'Hide answer' })).toBeTruthy()

    // Re-read waits for a source to settle.
    const reread = (title: string) =>
      screen.getByRole('button', { name: `Re-read ${title}` }) as HTMLButtonElement
    expect(reread('Why we nap').disabled).toBe(true)
    expect(reread('Night shift talk').disabled).toBe(true)
    expect(reread('Broken page').disabled).toBe(false)
    // The seed's sources are read from nothing: they can be removed, not re-read.
    expect(screen.queryByRole('button', { name: 'Re-read Seeded guide' })).toBeNull()
    expect(screen.getByRole('button', { name: 'Remove Seeded guide' })).toBeTruthy()
  })

  it('says what a creator can add, and why, when there is nothing yet', async () => {
    await openKnowledge(me('CONTRIBUTOR'))
    expect(await screen.findByText('Teach your clone what you know')).toBeTruthy()
    expect(screen.getByText(/answers from the sources you add here and cites them/)).toBeTruthy()
    expect(screen.getByRole('button', { name: /Upload documents/ })).toBeTruthy()
    expect(screen.getByRole('button', { name: /Q&A pair/ })).toBeTruthy()
  })

  it('shows an error with a retry that loads the list', async () => {
    const fake = knowledgeApi([source({ title: 'Sleep handbook' })])
    fake.hooks.onList = (n) => (n <= 2 ? { status: 500, body: {} } : undefined)
    await openKnowledge(me('CREATOR'), fake)
    expect(await screen.findByText('Could not load the sources.')).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }))
    expect(await screen.findByText('Sleep handbook')).toBeTruthy()
    expect(screen.queryByText('Could not load the sources.')).toBeNull()
  })

  it('asks again while a source is queued or reading, and stops once all are settled', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true })
    const fake = knowledgeApi()
    const states = ['queued', 'reading', 'ready'] as const
    const article = source({ title: 'Sleep handbook', state: 'queued', characters: 0, passages: 0 })
    fake.hooks.onList = (n) => {
      const state = states[Math.min(n - 1, 2)]!
      const ready = state === 'ready'
      const sources = [{ ...article, state, characters: ready ? 900 : 0, passages: ready ? 3 : 0 }]
      return { status: 200, body: { sources } }
    }
    await openKnowledge(me('CREATOR'), fake)
    expect(await screen.findByText('Queued')).toBeTruthy()
    expect(screen.getByText('Checking on the sources being read…')).toBeTruthy()

    await act(() => vi.advanceTimersByTimeAsync(SOURCES_POLL_MS))
    expect(await screen.findByText('Reading…')).toBeTruthy()
    await act(() => vi.advanceTimersByTimeAsync(SOURCES_POLL_MS))
    expect(await screen.findByText('Ready')).toBeTruthy()
    expect(screen.getByText(/900 characters · 3 passages/)).toBeTruthy()
    expect(screen.queryByText('Checking on the sources being read…')).toBeNull()

    const asked = fake.lists()
    expect(asked).toBe(3)
    await act(() => vi.advanceTimersByTimeAsync(SOURCES_POLL_MS * 5))
    expect(fake.lists()).toBe(asked)
  })
})

describe('the knowledge page: re-read and remove', () => {
  it('re-reads a source: the request is sent and the source is queued again', async () => {
    const broken = source({ title: 'Broken page', state: 'failed', error: 'Timed out' })
    const fake = knowledgeApi([broken])
    await openKnowledge(me('CREATOR'), fake)
    fireEvent.click(await screen.findByRole('button', { name: 'Re-read Broken page' }))
    expect(await screen.findByText('Broken page will be read again')).toBeTruthy()
    expect(fake.sent('POST', `/sources/${broken.id}/reread`)).toHaveLength(1)
    expect(await within(rowOf('Broken page')).findByText('Queued')).toBeTruthy()
    expect(within(rowOf('Broken page')).queryByText(/Timed out/)).toBeNull()
  })

  it('removes a source only after the confirmation', async () => {
    const doc = source({ title: 'Sleep handbook' })
    const other = source({ title: 'Second book' })
    const fake = knowledgeApi([doc, other])
    await openKnowledge(me('CONTRIBUTOR'), fake)
    fireEvent.click(await screen.findByRole('button', { name: 'Remove Sleep handbook' }))
    const dialog = await screen.findByRole('alertdialog')
    expect(within(dialog).getByText('Remove “Sleep handbook”?')).toBeTruthy()
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }))
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull())
    expect(fake.sent('DELETE', `/sources/${doc.id}`)).toHaveLength(0)

    fireEvent.click(screen.getByRole('button', { name: 'Remove Sleep handbook' }))
    fireEvent.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Remove source' }),
    )
    expect(await screen.findByText('Sleep handbook removed')).toBeTruthy()
    expect(fake.sent('DELETE', `/sources/${doc.id}`)).toHaveLength(1)
    await waitFor(() => expect(rows()).toHaveLength(1))
    expect(rows()[0]!.textContent).toContain('Second book')
  })

  it('keeps the source and says why when the removal is refused', async () => {
    const doc = source({ title: 'Sleep handbook' })
    const fake = knowledgeApi([doc])
    fake.hooks.onRemove = () => refusal(409, 'The source is being read; try again in a moment.')
    await openKnowledge(me('CREATOR'), fake)
    fireEvent.click(await screen.findByRole('button', { name: 'Remove Sleep handbook' }))
    fireEvent.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Remove source' }),
    )
    expect(await screen.findByText('The source is being read; try again in a moment.')).toBeTruthy()
    expect(rows()).toHaveLength(1)
  })
})

describe('the knowledge page: its door', () => {
  it('shows the not-here panel to anyone but the team, without asking for the sources', async () => {
    const { fake } = await openKnowledge(me('CONSUMER'))
    expect(await screen.findByText('No knowledge base here')).toBeTruthy()
    expect(screen.queryByRole('button', { name: /Upload documents/ })).toBeNull()
    expect(fake.requests).toEqual([])
  })

  it('shows the not-here panel when the server answers 404 (another creator’s clone)', async () => {
    const fake = knowledgeApi()
    fake.hooks.onList = () => refusal(404, 'Not found')
    await openKnowledge(me('CREATOR'), fake)
    expect(await screen.findByText('No knowledge base here')).toBeTruthy()
    expect(screen.queryByText('Test your clone')).toBeNull()
  })

  it('asks a signed-out visitor to log in', async () => {
    await openKnowledge(signedOut)
    expect(await screen.findByText('Log in to teach your clone')).toBeTruthy()
    expect(screen.getByText(/managed by the creator of a clone and its contributors/)).toBeTruthy()
  })

  it('is a tab of the studio’s navigation, marked as the current page', async () => {
    await openKnowledge(me('CREATOR'))
    const nav = await screen.findByRole('navigation', { name: 'Studio' })
    const current = within(nav).getByRole('link', { name: 'Knowledge' })
    expect(current.getAttribute('aria-current')).toBe('page')
    expect(current.getAttribute('href')).toBe('/studio/lena-hart/knowledge')
  })
})
