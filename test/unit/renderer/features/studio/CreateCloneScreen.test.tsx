// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { CreateCloneScreen } from '../../../../../renderer/src/features/studio/CreateCloneScreen'
import { renderAtRoute } from '../../support/route-harness'
import { error, fakeApi, me } from './studio-fakes'

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

const taken = new Set(['ada-stone'])

const open = (
  create: (body: unknown) => { status: number; body: unknown } = () => ({
    status: 201,
    body: { slug: 'ada-potter' },
  }),
) => {
  const api = fakeApi((method, path, body) => {
    if (path.startsWith('/api/studio/slug-availability')) {
      const slug = new URL(path, 'http://x').searchParams.get('slug')!
      const isTaken = taken.has(slug)
      return {
        status: 200,
        body: {
          slug,
          available: !isTaken,
          reason: isTaken ? 'taken' : null,
          message: isTaken ? 'That address is already taken' : null,
        },
      }
    }
    if (method === 'POST' && path === '/api/studio/clones') return create(body)
    if (path === '/api/me') return { status: 200, body: me('CREATOR', 'ada-potter') }
    return error(404, 'not_found', 'Not found')
  })
  return renderAtRoute(CreateCloneScreen, {
    path: '/studio/new',
    url: '/studio/new',
    me: me(null),
    fetch: api.fetch,
  }).then((view) => ({ ...view, calls: api.calls }))
}

const field = (name: string) => screen.getByLabelText(name) as HTMLInputElement

describe('the create form', () => {
  it('suggests the address from the name and says when it is taken, after typing pauses', async () => {
    const { calls } = await open()
    const name = await screen.findByLabelText('Name')
    for (const typed of ['Ada', 'Ada S', 'Ada Sto', 'Ada Stone'])
      fireEvent.change(name, { target: { value: typed } })
    expect(field('Address').value).toBe('ada-stone')
    expect(await screen.findByText('That address is already taken')).toBeTruthy()
    // One check for the address the typing ended on, not one per keystroke.
    expect(calls.filter((c) => c.path.startsWith('/api/studio/slug-availability'))).toHaveLength(1)
    expect((screen.getByRole('button', { name: 'Create clone' }) as HTMLButtonElement).disabled).toBe(true)

    fireEvent.change(field('Address'), { target: { value: 'ada-potter' } })
    expect(await screen.findByText('This address is free.')).toBeTruthy()
    // Editing the name no longer changes an address the creator typed.
    fireEvent.change(field('Name'), { target: { value: 'Ada Stone the Potter' } })
    expect(field('Address').value).toBe('ada-potter')
  })

  it('refuses reserved and malformed addresses at once, with the reason', async () => {
    const { calls } = await open()
    fireEvent.change(await screen.findByLabelText('Address'), { target: { value: 'explore' } })
    expect(await screen.findByText('That address is reserved.')).toBeTruthy()
    fireEvent.change(field('Address'), { target: { value: 'a' } })
    expect(await screen.findByText('An address needs at least 3 characters.')).toBeTruthy()
    expect(calls.filter((c) => c.path.startsWith('/api/studio/slug-availability'))).toHaveLength(0)
  })

  it('creates the clone and opens its settings', async () => {
    const { calls, router } = await open()
    fireEvent.change(await screen.findByLabelText('Name'), { target: { value: 'Ada Potter' } })
    fireEvent.change(field('Headline'), { target: { value: 'Potter and teacher' } })
    fireEvent.change(field('Language'), { target: { value: 'de' } })
    await screen.findByText('This address is free.')
    fireEvent.click(screen.getByRole('button', { name: 'Create clone' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/studio/ada-potter/settings'))
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      name: 'Ada Potter',
      slug: 'ada-potter',
      headline: 'Potter and teacher',
      description: null,
      language: 'de',
    })
  })

  it('keeps everything typed when the server refuses, and names the reason', async () => {
    await open(() => error(409, 'conflict', 'That address is already taken'))
    fireEvent.change(await screen.findByLabelText('Name'), { target: { value: 'Ada Potter' } })
    fireEvent.change(field('Description'), { target: { value: 'Forty years at the wheel.' } })
    await screen.findByText('This address is free.')
    fireEvent.click(screen.getByRole('button', { name: 'Create clone' }))
    expect(await screen.findAllByText('That address is already taken')).not.toHaveLength(0)
    expect(field('Name').value).toBe('Ada Potter')
    expect(field('Description').value).toBe('Forty years at the wheel.')
  })
})
