// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { SharedVideoCall } from '../../../../../contract/video'
import { videoStrings } from '../../../../../renderer/src/features/video/video.strings'
import { lenaHart, tomasRivera } from '../../support/clones'
import { fakeChatApi } from '../../support/fake-chat-api'
import { giveElementsALayout } from '../../support/layout'
import { renderApp } from '../../support/render-app'
import { fakeVideoApi } from '../video/fake-video-api'

/* spec 1 §7 'Tracked events' (issue #15): the renderer sends the right event on the right action, without waiting. */

beforeEach(giveElementsALayout)
afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

interface Sent {
  body: Record<string, unknown>
  keepalive: boolean | undefined
}

/** Records POST /api/events (answering `status`), and passes every other request on. */
function recordingEvents(inner: typeof fetch, status = 200) {
  const sent: Sent[] = []
  const fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost')
    if (url.pathname !== '/api/events') return inner(input, init)
    expect(init?.method).toBe('POST')
    sent.push({ body: JSON.parse(String(init?.body)), keepalive: init?.keepalive })
    const body = status === 200 ? { ok: true } : { error: { code: 'internal', message: 'down' } }
    return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } })
  }
  return { fetch: fetch as typeof globalThis.fetch, sent }
}

const MESSAGE = '44444444-4444-4444-8444-444444444444'
const CONVERSATION = '66666666-6666-4666-8666-666666666666'

describe('CLICK_SOURCE', () => {
  it('is sent when a visitor opens a source’s link, with the message', async () => {
    const { fetch, sent } = recordingEvents(fakeChatApi([lenaHart(), tomasRivera()]).fetch)
    const param = encodeURIComponent(JSON.stringify({ message: MESSAGE }))
    await renderApp(`/lena-hart/talk?citations=${param}`, { fetch })
    const dialog = await screen.findByRole('dialog', { name: 'Sources' })
    const link = await within(dialog).findByRole('link', {
      name: 'Watch on YouTube: My Morning Light Routine',
    })
    // Opening the overlay alone sends nothing.
    expect(sent).toEqual([])
    // The new tab is the browser's business, not happy-dom's.
    link.addEventListener('click', (event) => event.preventDefault())
    fireEvent.click(link)
    await waitFor(() =>
      expect(sent).toEqual([
        { body: { type: 'CLICK_SOURCE', slug: 'lena-hart', messageId: MESSAGE }, keepalive: true },
      ]),
    )
    // A middle click opens it too; another mouse button does not.
    fireEvent(link, new MouseEvent('auxclick', { bubbles: true, button: 1 }))
    fireEvent(link, new MouseEvent('auxclick', { bubbles: true, button: 2 }))
    await waitFor(() => expect(sent).toHaveLength(2))
    expect(screen.getByRole('dialog', { name: 'Sources' })).toBeTruthy()
  })
})

const sharedCall = (): SharedVideoCall => ({
  shareId: 'share-video-1',
  clone: { slug: 'lena-hart', instanceSlug: null, name: 'Dr. Lena Hart' },
  startedAt: '2025-01-01T10:00:00.000Z',
  durationSeconds: 42,
  recordingUrl: null,
  citations: [],
  products: [],
  messages: [
    {
      id: '55555555-5555-4555-8555-555555555551',
      text: 'How much sleep do I need?',
      sender: 'USER',
      type: 'text',
      createdAt: '2025-01-01T10:00:05.000Z',
      conversationId: CONVERSATION,
      fromStudio: false,
      sessionStart: false,
      saved: false,
      hasSources: false,
      citations: [],
      imageUrl: null,
      files: [],
      messageAffiliates: [],
    },
  ],
})

const openSharedVideo = async (status = 200) => {
  const api = fakeVideoApi([lenaHart()], { shared: { 'share-video-1': sharedCall() } })
  const { fetch, sent } = recordingEvents(api.fetch, status)
  await renderApp('/lena-hart/video/shared/share-video-1', { fetch })
  await screen.findByText('How much sleep do I need?')
  return sent
}

describe('the video call’s events', () => {
  it('sends VIDEO_CALL_VIEW_TRANSCRIPT once when the call’s transcript is shown', async () => {
    const sent = await openSharedVideo()
    await waitFor(() => expect(sent).toHaveLength(1))
    expect(sent[0]).toEqual({
      body: { type: 'VIDEO_CALL_VIEW_TRANSCRIPT', slug: 'lena-hart', conversationId: CONVERSATION },
      keepalive: true,
    })
  })

  it('sends VIDEO_CALL_SHARE on copying the link and on sharing to a platform', async () => {
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText: async () => undefined } })
    const sent = await openSharedVideo()
    await waitFor(() => expect(sent).toHaveLength(1))
    const share = {
      body: { type: 'VIDEO_CALL_SHARE', slug: 'lena-hart', conversationId: CONVERSATION },
      keepalive: true,
    }
    fireEvent.click(screen.getByRole('button', { name: videoStrings.shared.copyLink }))
    await waitFor(() => expect(sent.slice(1)).toEqual([share]))
    const onX = await screen.findByRole('link', { name: 'Share on X' })
    onX.addEventListener('click', (event) => event.preventDefault())
    fireEvent.click(onX)
    await waitFor(() => expect(sent.slice(1)).toEqual([share, share]))
  })

  it('never troubles the visitor when the server refuses an event', async () => {
    const sent = await openSharedVideo(500)
    await waitFor(() => expect(sent).toHaveLength(1))
    expect(screen.queryByRole('alert')).toBeNull()
    expect(screen.getByText('How much sleep do I need?')).toBeTruthy()
  })
})
