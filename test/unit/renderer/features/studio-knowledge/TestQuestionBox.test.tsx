// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { Citation } from '../../../../../contract/chat'
import { type Answer, knowledgeApi, me, openKnowledge, refusal, testAnswer } from './knowledge-harness'

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

const citation = (overrides: Partial<Citation>): Citation => ({
  id: `c-${overrides.index}`,
  index: 1,
  documentId: `d-${overrides.index}`,
  documentTitle: 'Sleep handbook',
  type: 'File',
  title: 'Sleep handbook',
  url: '/api/uploads/files/key-1/sleep-handbook.pdf',
  tweetId: null,
  timestamp: null,
  text: 'Adults need seven to nine hours.',
  visible: true,
  createdAt: '2026-11-27T10:00:00.000Z',
  ...overrides,
})

const box = () => screen.getByRole('textbox', { name: 'Test question' }) as HTMLTextAreaElement
const askButton = () => screen.getByRole('button', { name: 'Ask' }) as HTMLButtonElement

describe('the test question box', () => {
  it('asks with ⌘/Ctrl+Enter, shows a pending state, then the answer with its markers and sources', async () => {
    const fake = knowledgeApi()
    let release: (answer: Answer) => void = () => {}
    fake.hooks.onTest = () => new Promise<Answer>((resolve) => (release = resolve))
    await openKnowledge(me('CREATOR'), fake)
    expect(await screen.findByText(/it is not stored and not counted against any quota/)).toBeTruthy()
    expect(askButton().disabled).toBe(true)

    fireEvent.change(box(), { target: { value: '  How much sleep do adults need?  ' } })
    fireEvent.keyDown(box(), { key: 'Enter', ctrlKey: true })
    expect(await screen.findByText('Your clone is answering…')).toBeTruthy()
    expect(fake.sent('POST', '/test-answer')).toEqual([{ question: 'How much sleep do adults need?' }])

    release(
      testAnswer({
        text: 'Adults need **seven to nine hours** [1]. Naps help too [2][3]. See [9].',
        citations: [
          citation({ index: 1 }),
          citation({
            index: 2,
            type: 'Youtube',
            title: 'Night shift talk',
            documentTitle: 'Night shift talk',
            url: 'https://www.youtube.com/watch?v=abcdefgh',
            timestamp: 65_000,
          }),
          citation({
            index: 3,
            type: 'File',
            title: 'Answer Provided by the Clone Creator',
            documentTitle: 'Do naps help?',
            url: null,
          }),
          citation({
            index: 4,
            type: 'Podcast',
            title: 'Episode 12',
            documentTitle: 'Episode 12',
            url: 'https://podcasts.example.com/12',
            timestamp: 3_725_000,
          }),
        ],
      }),
    )
    const answer = await screen.findByRole('article', { name: 'Answer' })
    expect(screen.queryByText('Your clone is answering…')).toBeNull()
    expect(within(answer).getByText('seven to nine hours').tagName).toBe('STRONG')
    // Markers with a citation become labels; one without stays as written.
    expect(within(answer).getByRole('button', { name: 'Source 1' })).toBeTruthy()
    expect(within(answer).getByRole('button', { name: 'Source 3' })).toBeTruthy()
    expect(within(answer).queryByRole('button', { name: 'Source 9' })).toBeNull()
    expect(answer.textContent).toContain('[9]')

    const cited = within(within(answer).getByRole('region', { name: 'Cited in this answer' })).getAllByRole(
      'listitem',
    )
    expect(cited.map((li) => li.querySelector('.knowledge-answer__number')?.textContent)).toEqual([
      '1',
      '2',
      '3',
    ])
    expect(cited[0]!.textContent).toContain('Sleep handbook')
    expect(cited[0]!.textContent).toContain('Document')
    const open = within(cited[0]!).getByRole('link', { name: 'Open Sleep handbook in a new tab' })
    expect(open.getAttribute('href')).toBe('/api/uploads/files/key-1/sleep-handbook.pdf')
    expect(open.getAttribute('target')).toBe('_blank')
    // A video opens at the cited moment.
    expect(cited[1]!.textContent).toMatch(/at\s1:05/)
    expect(within(cited[1]!).getByRole('link').getAttribute('href')).toBe(
      'https://www.youtube.com/watch?v=abcdefgh&t=65s',
    )
    expect(cited[2]!.textContent).toContain('Answer Provided by the Clone Creator')
    expect(cited[2]!.textContent).toContain('Do naps help?')
    expect(within(cited[2]!).queryByRole('link')).toBeNull()

    const other = within(within(answer).getByRole('region', { name: 'Also retrieved' })).getAllByRole(
      'listitem',
    )
    expect(other).toHaveLength(1)
    expect(other[0]!.textContent).toContain('Episode 12')
    expect(other[0]!.textContent).toMatch(/at\s1h\s02m/)

    // A marker takes the focus to its source; the question stays to be refined.
    fireEvent.click(within(answer).getByRole('button', { name: 'Source 2' }))
    expect(document.activeElement).toBe(cited[1])
    expect(box().value).toBe('  How much sleep do adults need?  ')
  })

  it('says so when the answer cites nothing', async () => {
    const fake = knowledgeApi()
    fake.hooks.onTest = () => testAnswer({ text: 'I do not know that yet.', citations: [] })
    await openKnowledge(me('CONTRIBUTOR'), fake)
    fireEvent.change(await screen.findByRole('textbox', { name: 'Test question' }), {
      target: { value: 'What is your favourite colour?' },
    })
    fireEvent.click(askButton())
    expect(await screen.findByText('I do not know that yet.')).toBeTruthy()
    expect(screen.getByText('This answer cites no source.')).toBeTruthy()
  })

  it('shows the error and keeps the question', async () => {
    const fake = knowledgeApi()
    fake.hooks.onTest = () => refusal(503, 'The language model is not available right now.')
    await openKnowledge(me('CREATOR'), fake)
    fireEvent.change(await screen.findByRole('textbox', { name: 'Test question' }), {
      target: { value: 'Do you see patients online?' },
    })
    fireEvent.click(askButton())
    expect(await screen.findByText('The language model is not available right now.')).toBeTruthy()
    expect(box().value).toBe('Do you see patients online?')
    await waitFor(() => expect(askButton().disabled).toBe(false))
  })

  it('refuses a question over 2,000 characters', async () => {
    const fake = knowledgeApi()
    await openKnowledge(me('CREATOR'), fake)
    fireEvent.change(await screen.findByRole('textbox', { name: 'Test question' }), {
      target: { value: 'x'.repeat(2001) },
    })
    expect(screen.getByText('Keep the question to 2,000 characters.')).toBeTruthy()
    expect(askButton().disabled).toBe(true)
    fireEvent.keyDown(box(), { key: 'Enter', metaKey: true })
    expect(fake.sent('POST', '/test-answer')).toEqual([])
  })
})
