// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { cloneQueryKey } from '../../../../../renderer/src/api/clones'
import {
  PRERENDER_DATA_ID,
  readPrerenderedClone,
  seedPrerenderedClone,
} from '../../../../../renderer/src/api/prerendered'
import { createQueryClient } from '../../../../../renderer/src/app/query-client'
import { closeDialog } from '../../../../../renderer/src/navigation/dialogs.store'
import type { Platform } from '../../../../../renderer/src/platform'
import { createMemoryStorage, createWebPlatform } from '../../../../../renderer/src/platform/web'
import { lenaHart, tomasRivera } from '../../support/clones'
import { fakeCloneApi } from '../../support/fake-api'
import { renderApp } from '../../support/render-app'

afterEach(() => {
  cleanup()
  // The app's dialogs live in one module-level store: a dialog a test opened must not stay open for the next.
  closeDialog()
  vi.unstubAllGlobals()
})

const api = () => fakeCloneApi([lenaHart(), tomasRivera()])
const hrefOf = (name: string | RegExp) => screen.getByRole('link', { name }).getAttribute('href')

describe('clone profile', () => {
  it('shows a rich clone with every action', async () => {
    await renderApp('/lena-hart', { fetch: api().fetch })
    expect(await screen.findByRole('heading', { level: 1, name: 'Lena Hart' })).toBeTruthy()
    expect(screen.getByRole('img', { name: 'Verified' })).toBeTruthy()
    expect(screen.getByText('Sleep scientist and author')).toBeTruthy()
    // Formatted once libphonenumber-js (a lazy chunk) has loaded.
    expect(await screen.findByRole('button', { name: '+1 (415) 555-0123' })).toBeTruthy()
    expect(hrefOf('Message')).toBe('/lena-hart/talk')
    expect(hrefOf('Call')).toBe('/lena-hart/call')
    expect(hrefOf('Video')).toBe('/lena-hart/video')
    expect(screen.getByRole('button', { name: 'View Links' })).toBeTruthy()
    expect(screen.getByText('I study sleep.')).toBeTruthy()
    await waitFor(() => expect(document.title).toBe('Lena Hart | Likeness'))
  })

  it('hides Call, Video, View Links, the badge and the warning for a plain clone', async () => {
    await renderApp('/tomas-rivera', { fetch: api().fetch })
    expect(await screen.findByRole('heading', { level: 1, name: 'Tomas Rivera' })).toBeTruthy()
    expect(screen.getByRole('link', { name: 'Message' })).toBeTruthy()
    expect(screen.queryByRole('link', { name: 'Call' })).toBeNull()
    expect(screen.queryByRole('link', { name: 'Video' })).toBeNull()
    expect(screen.queryByRole('button', { name: 'View Links' })).toBeNull()
    expect(screen.queryByRole('img', { name: 'Verified' })).toBeNull()
    expect(screen.queryByRole('note')).toBeNull()
  })

  it('links suggested questions to the chat with the question as message', async () => {
    await renderApp('/lena-hart', { fetch: api().fetch })
    const link = await screen.findByRole('link', { name: 'How much sleep do I need?' })
    const href = new URL(link.getAttribute('href') ?? '', 'http://localhost')
    expect(href.pathname).toBe('/lena-hart/talk')
    expect(href.searchParams.get('message')).toBe('How much sleep do I need?')
    // Four show at first; the rest on request.
    expect(screen.queryByRole('link', { name: 'How do I beat jet lag?' })).toBeNull()
    fireEvent.click(screen.getByRole('button', { name: 'Show 2 more' }))
    expect(screen.getByRole('link', { name: 'How do I beat jet lag?' })).toBeTruthy()
  })

  it('hides suggested questions when the clone turns them off', async () => {
    const clone = lenaHart({ options: { ...lenaHart().options, suggestQuestions: false } })
    await renderApp('/lena-hart', { fetch: fakeCloneApi([clone]).fetch })
    await screen.findByRole('heading', { level: 1, name: 'Lena Hart' })
    expect(screen.queryByRole('heading', { name: 'Suggested questions' })).toBeNull()
  })

  it('sends the prompt to the chat on Enter, keeps Shift+Enter for new lines and ignores empty text', async () => {
    const { router } = await renderApp('/lena-hart', { fetch: api().fetch })
    const prompt = await screen.findByRole('textbox', { name: 'Message Lena Hart' })
    // spec 2 §2: with no draft the right button is the mic, with one it is Send.
    expect(screen.queryByRole('button', { name: 'Send message' })).toBeNull()
    expect(screen.getByRole('button', { name: 'Record voice message' })).toBeTruthy()
    fireEvent.keyDown(prompt, { key: 'Enter' })
    expect(router.state.location.pathname).toBe('/lena-hart')

    fireEvent.change(prompt, { target: { value: 'Hello there' } })
    expect(screen.getByRole('button', { name: 'Send message' })).toBeTruthy()
    fireEvent.keyDown(prompt, { key: 'Enter', shiftKey: true })
    expect(router.state.location.pathname).toBe('/lena-hart')

    await act(async () => {
      fireEvent.keyDown(prompt, { key: 'Enter' })
    })
    await waitFor(() => expect(router.state.location.pathname).toBe('/lena-hart/talk'))
    expect(router.state.location.search).toEqual({ message: 'Hello there' })
  })

  it('sends the logged-out phone click to sign-in with a toast', async () => {
    const { router } = await renderApp('/lena-hart', { fetch: api().fetch })
    const phone = await screen.findByRole('button', { name: '+1 (415) 555-0123' })
    await act(async () => {
      fireEvent.click(phone)
    })
    expect(await screen.findByText('You need to be logged in first.')).toBeTruthy()
    await waitFor(() => expect(router.state.location.pathname).toBe('/lena-hart/talk'))
    // The talk screen acts on ?actions=authenticate (the sign-in dialog) and then drops it from the address.
    expect(await screen.findByRole('dialog', { name: 'Log in or sign up' })).toBeTruthy()
    await waitFor(() => expect(router.state.location.search).toEqual({}))
  })

  it('opens View Socials with links in a new tab', async () => {
    await renderApp('/lena-hart', { fetch: api().fetch })
    await act(async () => {
      fireEvent.click(await screen.findByRole('button', { name: 'View Links' }))
    })
    const dialog = await screen.findByRole('dialog', { name: 'View Socials' })
    const instagram = within(dialog).getByRole('link', { name: /instagram\.com\/lenahart/ })
    expect(instagram.getAttribute('href')).toBe('https://instagram.com/lenahart')
    expect(instagram.getAttribute('target')).toBe('_blank')
    expect(instagram.getAttribute('rel')).toContain('noopener')
    expect(within(dialog).getByRole('link', { name: /linkedin\.com\/in\/lena-hart/ })).toBeTruthy()
    expect(within(dialog).getByRole('link', { name: /lenahart\.example\.com\/podcast/ })).toBeTruthy()
  })
})

describe('warning banner', () => {
  const customWarning = 'Lena’s clone gives general information, not medical advice.'

  it('is dismissed and remembered per clone', async () => {
    const storage = createMemoryStorage()
    await renderApp('/lena-hart', { fetch: api().fetch, storage })
    const banner = await screen.findByRole('note', { name: 'Warning' })
    expect(within(banner).getByText(customWarning)).toBeTruthy()
    await act(async () => {
      fireEvent.click(within(banner).getByRole('button', { name: 'Dismiss warning' }))
    })
    await waitFor(() => expect(screen.queryByRole('note')).toBeNull())
    await waitFor(() =>
      expect(JSON.parse(storage.getItem('warningAcknowledged') ?? '{}')).toEqual({
        'lena-hart': customWarning,
      }),
    )

    cleanup()
    await renderApp('/lena-hart', { fetch: api().fetch, storage })
    await screen.findByRole('heading', { level: 1, name: 'Lena Hart' })
    expect(screen.queryByRole('note')).toBeNull()
  })

  it('comes back when the warning text changed', async () => {
    const storage = createMemoryStorage()
    storage.setItem('warningAcknowledged', JSON.stringify({ 'lena-hart': 'An older warning.' }))
    await renderApp('/lena-hart', { fetch: api().fetch, storage })
    expect(await screen.findByRole('note', { name: 'Warning' })).toBeTruthy()
  })

  it('arrives with the profile, never after it, where stored values are read asynchronously', async () => {
    // The desktop app reads its storage over IPC: the profile waits for that read (a skeleton meanwhile),
    // so the banner never pops in above a profile already shown and pushes it down.
    let answer: (value: undefined) => void = () => undefined
    const web = createWebPlatform(createMemoryStorage())
    const platform: Platform = {
      ...web,
      storage: {
        get: () => new Promise((resolve) => (answer = resolve)),
        set: web.storage.set,
        remove: web.storage.remove,
      },
    }
    const queryClient = createQueryClient()
    await renderApp('/lena-hart', { fetch: api().fetch, platform, queryClient })
    // The clone is there, the stored dismissal not yet: still the skeleton.
    await waitFor(() => expect(queryClient.getQueryData(cloneQueryKey('lena-hart'))).toBeTruthy())
    expect(screen.getByRole('status', { name: 'Loading profile' })).toBeTruthy()
    expect(screen.queryByRole('heading', { level: 1, name: 'Lena Hart' })).toBeNull()
    await act(async () => answer(undefined))
    await screen.findByRole('heading', { level: 1, name: 'Lena Hart' })
    expect(screen.getByRole('note', { name: 'Warning' })).toBeTruthy()
  })

  it('falls back to the generic text', async () => {
    const clone = lenaHart({ options: { ...lenaHart().options, customWarning: null } })
    await renderApp('/lena-hart', { fetch: fakeCloneApi([clone]).fetch })
    expect(await screen.findByText('This is an AI clone. Answers may be inaccurate.')).toBeTruthy()
  })
})

describe('instance profile', () => {
  it('shows the instance and links to the instance screens', async () => {
    const fake = api()
    await renderApp('/lena-hart/clinic', { fetch: fake.fetch })
    expect(await screen.findByText('Sleep Clinic')).toBeTruthy()
    expect(hrefOf('Message')).toBe('/lena-hart/clinic/talk')
    expect(hrefOf('Call')).toBe('/lena-hart/clinic/call')
    expect(hrefOf('Video')).toBe('/lena-hart/clinic/video')
    expect(fake.requests).toContain('/api/clones/lena-hart/clinic')
  })
})

describe('missing clone', () => {
  it('shows Clone not found with a way back to /explore', async () => {
    await renderApp('/nope', { fetch: api().fetch })
    expect(await screen.findByRole('heading', { level: 1, name: 'Clone not found' })).toBeTruthy()
    expect(hrefOf('Explore clones')).toBe('/explore')
    await waitFor(() => expect(document.title).toBe('Clone not found | Likeness'))
  })

  it('offers a retry when loading fails', async () => {
    let calls = 0
    const fetch = async (input: RequestInfo | URL) => {
      // The header asks who is signed in; only the profile's own requests count here.
      if (String(input).includes('/api/me')) {
        return new Response(JSON.stringify({ user: null, relationships: [] }), {
          status: 200,
          headers: { 'Content-Type': 'application/json' },
        })
      }
      calls += 1
      if (calls <= 2) return new Response('oops', { status: 500 })
      return new Response(JSON.stringify(lenaHart()), {
        status: 200,
        headers: { 'Content-Type': 'application/json' },
      })
    }
    await renderApp('/lena-hart', { fetch })
    const retry = await screen.findByRole('button', { name: 'Try again' }, { timeout: 4000 })
    await act(async () => {
      fireEvent.click(retry)
    })
    expect(await screen.findByRole('heading', { level: 1, name: 'Lena Hart' })).toBeTruthy()
  })
})

describe('a page the server wrote', () => {
  const writePage = (data: unknown) => {
    const block = document.createElement('script')
    block.type = 'application/json'
    block.id = PRERENDER_DATA_ID
    block.textContent = JSON.stringify(data)
    document.body.append(block)
    return block
  }

  it('starts with the clone it carries: the profile shows at once, without fetching the clone', async () => {
    const clone = lenaHart()
    const block = writePage({ slug: 'lena-hart', instanceSlug: null, clone })
    const fake = api()
    const queryClient = createQueryClient()
    try {
      expect(seedPrerenderedClone(queryClient)).toBe(true)
      await renderApp('/lena-hart', { fetch: fake.fetch, queryClient })
      // The first render already has it: no skeleton in between.
      expect(screen.getByRole('heading', { level: 1, name: 'Lena Hart' })).toBeTruthy()
      expect(screen.queryByRole('status', { name: 'Loading profile' })).toBeNull()
      expect(fake.requests).not.toContain('/api/clones/lena-hart')
    } finally {
      block.remove()
    }
  })

  it('ignores a block that is not a clone profile', () => {
    for (const data of [
      { slug: 'lena-hart', instanceSlug: null, clone: { name: 'no profile' } },
      'nonsense',
    ]) {
      const block = writePage(data)
      try {
        expect(readPrerenderedClone()).toBeNull()
        expect(seedPrerenderedClone(createQueryClient())).toBe(false)
      } finally {
        block.remove()
      }
    }
    expect(readPrerenderedClone()).toBeNull()
  })
})
