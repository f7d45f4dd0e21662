// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { MeResponse, RelationshipType } from '../../../../../contract/auth'
import { cloneQuery } from '../../../../../renderer/src/api/clones'
import { StudioQuestionsRoute } from '../../../../../renderer/src/features/studio-questions/StudioQuestionsScreen'
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

const q = (n: number, question: string) => ({ id: `00000000-0000-4000-8000-00000000000${n}`, question })
const seeded = [q(1, 'How much sleep do I need?'), q(2, 'Is coffee bad?'), q(3, 'Why do I wake at 3am?')]

/** A fake server: the list, and a PUT that answers `putAnswer` (or echoes the body with ids). */
function api(putAnswer?: { status: number; body: unknown }) {
  const puts: unknown[] = []
  const fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost')
    let answer: { status: number; body: unknown } = { status: 404, body: {} }
    if (url.pathname === '/api/studio/lena-hart/questions' && init?.method === 'PUT') {
      const body = JSON.parse(String(init.body)) as { questions: { id?: string; question: string }[] }
      puts.push(body)
      answer = putAnswer ?? {
        status: 200,
        body: {
          questions: body.questions.map((x, i) => ({ id: x.id ?? q(i + 5, '').id, question: x.question })),
        },
      }
    } else if (url.pathname === '/api/studio/lena-hart/questions') {
      answer = { status: 200, body: { questions: seeded } }
    }
    return new Response(JSON.stringify(answer.body), {
      status: answer.status,
      headers: { 'Content-Type': 'application/json' },
    })
  }
  return { fetch: fetch as typeof globalThis.fetch, puts }
}

const open = (who: MeResponse, fake = api()) =>
  renderAtRoute(StudioQuestionsRoute, {
    path: '/studio/$slug/build/questions',
    url: '/studio/lena-hart/build/questions',
    me: who,
    clone: lenaHart(),
    fetch: fake.fetch,
  }).then((view) => ({ ...view, puts: fake.puts }))

const texts = () =>
  within(screen.getByRole('list', { name: 'Suggested questions' }))
    .getAllByRole('textbox')
    .map((el) => (el as HTMLInputElement).value)
const saveButton = () => screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement

describe('the suggested questions studio page', () => {
  it('edits, adds, removes and reorders, then saves the whole list and refreshes the profile', async () => {
    const { puts, queryClient } = await open(me('CREATOR'))
    expect(await screen.findByRole('textbox', { name: 'Question 1' })).toBeTruthy()
    expect(texts()).toEqual(seeded.map((x) => x.question))
    expect(saveButton().disabled).toBe(true)
    expect(screen.getByRole('button', { name: 'Move question 1 up' }).hasAttribute('disabled')).toBe(true)

    fireEvent.change(screen.getByRole('textbox', { name: 'Question 1' }), {
      target: { value: 'How much sleep do adults need?' },
    })
    expect(screen.getByText('You have unsaved changes.')).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'Move question 3 up' }))
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Move question 2 up' }))
    fireEvent.click(screen.getByRole('button', { name: 'Remove question 1' }))
    fireEvent.click(screen.getByRole('button', { name: 'Add question' }))
    const added = screen.getByRole('textbox', { name: 'Question 3' })
    expect(document.activeElement).toBe(added)
    // An empty question cannot be saved.
    expect(screen.getByText('Write a question or remove it.')).toBeTruthy()
    expect(saveButton().disabled).toBe(true)
    fireEvent.change(added, { target: { value: ' Do naps help? ' } })
    expect(texts()).toEqual(['Why do I wake at 3am?', 'Is coffee bad?', ' Do naps help? '])

    const invalidate = vi.spyOn(queryClient, 'invalidateQueries')
    fireEvent.click(saveButton())
    await waitFor(() => expect(screen.queryByText('You have unsaved changes.')).toBeNull())
    expect(puts).toEqual([
      {
        questions: [
          { id: seeded[2]!.id, question: 'Why do I wake at 3am?' },
          { id: seeded[1]!.id, question: 'Is coffee bad?' },
          { question: 'Do naps help?' },
        ],
      },
    ])
    expect(texts()).toEqual(['Why do I wake at 3am?', 'Is coffee bad?', 'Do naps help?'])
    expect(saveButton().disabled).toBe(true)
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['clone', 'lena-hart'] })
    await waitFor(() =>
      expect(queryClient.getQueryState(cloneQuery('lena-hart').queryKey)?.isInvalidated).toBe(true),
    )
  })

  it('shows the server’s error and keeps everything typed (a contributor edits too)', async () => {
    await open(
      me('CONTRIBUTOR'),
      api({ status: 400, body: { error: { code: 'bad_request', message: 'A question appears twice.' } } }),
    )
    const first = await screen.findByRole('textbox', { name: 'Question 1' })
    fireEvent.change(first, { target: { value: 'Typed with care' } })
    fireEvent.click(saveButton())
    expect((await screen.findByRole('alert')).textContent).toBe('A question appears twice.')
    expect((screen.getByRole('textbox', { name: 'Question 1' }) as HTMLInputElement).value).toBe(
      'Typed with care',
    )
    expect(screen.getByText('You have unsaved changes.')).toBeTruthy()
    expect(saveButton().disabled).toBe(false)

    fireEvent.click(screen.getByRole('button', { name: 'Discard changes' }))
    expect(texts()).toEqual(seeded.map((x) => x.question))
    expect(saveButton().disabled).toBe(true)
  })

  it('shows the not-found panel to anyone but the team, and asks a signed-out visitor to log in', async () => {
    const { puts } = await open(me('CONSUMER'))
    expect(await screen.findByText('No suggested questions here')).toBeTruthy()
    expect(screen.queryByRole('list', { name: 'Suggested questions' })).toBeNull()
    expect(puts).toEqual([])
    cleanup()
    await open({ user: null, relationships: [] } as unknown as MeResponse)
    expect(await screen.findByText('Log in to edit suggested questions')).toBeTruthy()
  })
})
