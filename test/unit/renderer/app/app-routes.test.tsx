// @vitest-environment happy-dom
import { cleanup, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { lenaHart, tomasRivera } from '../support/clones'
import { fakeCloneApi } from '../support/fake-api'
import { renderApp } from '../support/render-app'

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

const api = () => fakeCloneApi([lenaHart(), tomasRivera()])

describe('app routes', () => {
  it('redirects / to /explore', async () => {
    const { router } = await renderApp('/', { fetch: api().fetch })
    await waitFor(() => expect(router.state.location.pathname).toBe('/explore'))
    expect(await screen.findByRole('heading', { level: 1, name: 'Explore clones' })).toBeTruthy()
  })

  it('opens the suggested questions studio page, asking a signed-out visitor to log in', async () => {
    await renderApp('/studio/lena-hart/build/questions', { fetch: api().fetch })
    expect(await screen.findByText('Log in to edit suggested questions')).toBeTruthy()
    expect(within(screen.getByRole('main')).getByRole('button', { name: 'Log in' })).toBeTruthy()
  })

  it('links an instance video screen back to the instance profile', async () => {
    await renderApp('/lena-hart/clinic/video', { fetch: api().fetch })
    expect(await screen.findByRole('button', { name: 'Start Call' })).toBeTruthy()
    expect(screen.getByRole('link', { name: 'Back to profile' }).getAttribute('href')).toBe(
      '/lena-hart/clinic',
    )
  })

  it('links memberships back to the clone named in the target', async () => {
    await renderApp('/memberships/clinic@lena-hart', { fetch: api().fetch })
    expect(await screen.findByRole('heading', { level: 1, name: 'Memberships' })).toBeTruthy()
    expect(screen.getByRole('link', { name: 'Back to profile' }).getAttribute('href')).toBe(
      '/lena-hart/clinic',
    )
  })

  it('links account pages back to /explore', async () => {
    await renderApp('/billing', { fetch: api().fetch })
    expect(await screen.findByRole('heading', { level: 1, name: 'Billing' })).toBeTruthy()
    expect(screen.getByRole('link', { name: 'Explore clones' }).getAttribute('href')).toBe('/explore')
  })

  it('renders the privacy policy and terms of use', async () => {
    await renderApp('/privacy-policy', { fetch: api().fetch })
    expect(await screen.findByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeTruthy()
    cleanup()
    await renderApp('/terms-of-use', { fetch: api().fetch })
    expect(await screen.findByRole('heading', { level: 1, name: 'Terms of Use' })).toBeTruthy()
  })

  it('shows a not-found page for an unknown address', async () => {
    await renderApp('/a/b/c/d/e/f', { fetch: api().fetch })
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeTruthy()
    expect(screen.getByRole('link', { name: 'Explore clones' }).getAttribute('href')).toBe('/explore')
  })

  it('keeps valid talk search params and drops invalid ones', async () => {
    // The shared view validates the talk search too, and (unlike /talk) does not consume autoLoadRecent.
    const { router } = await renderApp(
      '/lena-hart/talk/conversation/shared/unknown-share-id?actions=bogus&autoLoadRecent=true',
      { fetch: api().fetch },
    )
    await screen.findByRole('heading', { level: 1, name: 'This shared conversation is not available' })
    // The screen reads the validated search of its match; the raw address is left as typed.
    expect(router.state.matches.at(-1)?.search).toEqual({ autoLoadRecent: true })
  })
})
