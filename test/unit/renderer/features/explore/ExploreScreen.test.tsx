// @vitest-environment happy-dom
import { cleanup, screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { lenaHart, tomasRivera } from '../../support/clones'
import { fakeCloneApi } from '../../support/fake-api'
import { renderApp } from '../../support/render-app'

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } })

describe('explore', () => {
  it('lists clone cards linking to their profiles', async () => {
    await renderApp('/explore', { fetch: fakeCloneApi([lenaHart(), tomasRivera()]).fetch })
    const list = await screen.findByRole('list', { name: 'Clones' })
    const items = within(list).getAllByRole('listitem')
    expect(items).toHaveLength(2)
    const lena = within(list).getByRole('link', { name: /Lena Hart/ })
    expect(lena.getAttribute('href')).toBe('/lena-hart')
    expect(within(lena).getByRole('img', { name: 'Verified' })).toBeTruthy()
    expect(within(lena).getByText('Voice')).toBeTruthy()
    expect(within(lena).getByText('Video')).toBeTruthy()
    const tomas = within(list).getByRole('link', { name: /Tomas Rivera/ })
    expect(tomas.getAttribute('href')).toBe('/tomas-rivera')
    expect(within(tomas).queryByText('Voice')).toBeNull()
  })

  it('has a logo linking to /explore', async () => {
    await renderApp('/explore', { fetch: fakeCloneApi([]).fetch })
    expect(screen.getByRole('link', { name: /Likeness/ }).getAttribute('href')).toBe('/explore')
  })

  it('shows an empty state', async () => {
    await renderApp('/explore', { fetch: fakeCloneApi([]).fetch })
    expect(await screen.findByRole('heading', { name: 'No clones yet' })).toBeTruthy()
  })

  it('shows an error state with a retry', async () => {
    await renderApp('/explore', {
      fetch: async () => json(400, { error: { code: 'bad_request', message: 'x' } }),
    })
    expect(await screen.findByRole('heading', { name: 'Clones could not be loaded' })).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy()
  })
})
