// @vitest-environment happy-dom
import { cleanup, screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { SharedConversation } from '../../../../../contract/chat'
import { chatStream } from '../../../../../renderer/src/features/chat/chat-stream.store'
import { closeDialog } from '../../../../../renderer/src/navigation/dialogs.store'
import { message } from '../../support/chat'
import { lenaHart, tomasRivera } from '../../support/clones'
import { fakeChatApi } from '../../support/fake-chat-api'
import { giveElementsALayout } from '../../support/layout'
import { renderApp } from '../../support/render-app'

/*
 * spec 1 §6 anonymous mode: a clone with requireEmail false hides the auth menu. The header's 'Log in'
 * stays for clones that require an email (lena-hart), and is gone from every page of one that does not
 * (tomas-rivera, as in the seed).
 */

afterEach(() => {
  cleanup()
  closeDialog()
  chatStream.reset()
  vi.unstubAllGlobals()
})

const api = () => fakeChatApi([lenaHart(), tomasRivera()])
const header = () => within(screen.getByRole('banner'))

/** The chat's fake API plus one shared conversation of `slug` at '/api/clone/talk/shared/share-1'. */
function withSharedConversation(slug: string) {
  const chat = api()
  const shared: SharedConversation = {
    shareId: 'share-1',
    title: 'Coffee and sleep',
    medium: 'WEB',
    createdAt: '2026-01-01T10:00:00.000Z',
    updatedAt: '2026-01-01T10:00:00.000Z',
    clone: { slug, instanceSlug: null },
    messages: [message({ sender: 'USER', text: 'Is coffee fine?' }), message({ text: 'Before noon, yes.' })],
  }
  return (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost')
    if (url.pathname.endsWith('/shared/share-1'))
      return new Response(JSON.stringify(shared), {
        status: 200,
        headers: { 'Content-Type': 'application/json' },
      })
    return chat.fetch(input, init)
  }) as typeof globalThis.fetch
}

describe("the header's auth menu in anonymous mode (spec 1 §6)", () => {
  it("offers 'Log in' on the profile of a clone that requires an email", async () => {
    await renderApp('/lena-hart', { fetch: api().fetch })
    await screen.findByRole('heading', { level: 1, name: 'Lena Hart' })
    expect(await header().findByRole('button', { name: 'Log in' })).toBeTruthy()
  })

  it("shows no 'Log in' on the profile of a clone that does not require an email", async () => {
    await renderApp('/tomas-rivera', { fetch: api().fetch })
    await screen.findByRole('heading', { level: 1, name: 'Tomas Rivera' })
    // The same page of an email-requiring clone has the button by now (the test above).
    await screen.findByRole('link', { name: 'Message' })
    expect(header().queryByRole('button', { name: 'Log in' })).toBeNull()
  })

  it("offers 'Log in' on the talk screen of a clone that requires an email", async () => {
    giveElementsALayout()
    await renderApp('/lena-hart/talk', { fetch: api().fetch })
    await screen.findByRole('heading', { level: 2, name: 'Lena Hart' })
    expect(await header().findByRole('button', { name: 'Log in' })).toBeTruthy()
  })

  it("shows no 'Log in' on the talk screen of a clone that does not require an email", async () => {
    giveElementsALayout()
    await renderApp('/tomas-rivera/talk', { fetch: api().fetch })
    await screen.findByRole('heading', { level: 2, name: 'Tomas Rivera' })
    await screen.findByRole('textbox', { name: 'Message Tomas Rivera' })
    expect(header().queryByRole('button', { name: 'Log in' })).toBeNull()
  })

  it("offers 'Log in' on a shared conversation of a clone that requires an email, and none otherwise", async () => {
    giveElementsALayout()
    await renderApp('/lena-hart/talk/conversation/shared/share-1', {
      fetch: withSharedConversation('lena-hart'),
    })
    await screen.findByText('Before noon, yes.')
    expect(await header().findByRole('button', { name: 'Log in' })).toBeTruthy()
    cleanup()

    await renderApp('/tomas-rivera/talk/conversation/shared/share-1', {
      fetch: withSharedConversation('tomas-rivera'),
    })
    await screen.findByText('Before noon, yes.')
    expect(header().queryByRole('button', { name: 'Log in' })).toBeNull()
  })
})
