// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { SharedVideoCall } from '../../../../../contract/video'
import { downloadRecording } from '../../../../../renderer/src/features/video/SharedVideoScreen'
import { NAVIGATION_TIMEOUT_MS } from '../../../../../renderer/src/features/video/video.constants'
import { videoStrings } from '../../../../../renderer/src/features/video/video.strings'
import { videoCall } from '../../../../../renderer/src/features/video/video-call'
import { lenaHart } from '../../support/clones'
import { giveElementsALayout } from '../../support/layout'
import { renderApp } from '../../support/render-app'
import { fakeVideoDependencies, fakeVideoEngine } from './fake-video'
import { fakeVideoApi, videoUsage } from './fake-video-api'

const message = (id: string, sender: 'USER' | 'CLONE', text: string, createdAt: string) => ({
  id,
  text,
  sender,
  type: 'text' as const,
  createdAt,
  conversationId: '44444444-4444-4444-8444-444444444444',
  fromStudio: false,
  sessionStart: false,
  saved: false,
  hasSources: false,
  citations: [],
  imageUrl: null,
  files: [],
  messageAffiliates: [],
})

const sharedCall = (patch: Partial<SharedVideoCall> = {}): SharedVideoCall => ({
  shareId: 'share-video-1',
  clone: { slug: 'lena-hart', instanceSlug: null, name: 'Dr. Lena Hart' },
  startedAt: '2025-01-01T10:00:00.000Z',
  durationSeconds: 42,
  recordingUrl: '/api/calls/video/shared/share-video-1/recording',
  citations: [],
  products: [],
  messages: [
    message(
      '55555555-5555-4555-8555-555555555551',
      'USER',
      'How much sleep do I need?',
      '2025-01-01T10:00:05.000Z',
    ),
    message(
      '55555555-5555-4555-8555-555555555552',
      'CLONE',
      'Most adults need seven to nine hours.',
      '2025-01-01T10:00:09.000Z',
    ),
  ],
  ...patch,
})

beforeEach(giveElementsALayout)
afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

describe('the shared video page (spec 2 §2)', () => {
  it('shows the title, the date, the player, the transcript and the share sidebar', async () => {
    const api = fakeVideoApi([lenaHart()], { shared: { 'share-video-1': sharedCall() } })
    await renderApp('/lena-hart/video/shared/share-video-1', { fetch: api.fetch })
    expect(await screen.findByText(videoStrings.shared.title('Dr. Lena Hart'))).toBeTruthy()
    expect(screen.getByText(videoStrings.shared.shortTitle)).toBeTruthy()
    expect(document.querySelector('video')?.getAttribute('src')).toBe(
      '/api/calls/video/shared/share-video-1/recording',
    )
    expect(screen.getByText('How much sleep do I need?')).toBeTruthy()
    expect(screen.getByText('Most adults need seven to nine hours.')).toBeTruthy()
    expect(screen.getAllByText('You').length).toBeGreaterThan(0)
    expect(screen.getByRole('heading', { name: videoStrings.shared.shareCall })).toBeTruthy()
    expect(screen.getByRole('button', { name: videoStrings.shared.copyLink })).toBeTruthy()
    expect(screen.getByRole('link', { name: videoStrings.shared.newCall }).getAttribute('href')).toBe(
      '/lena-hart/video',
    )
    expect(screen.getByRole('link', { name: videoStrings.shared.home }).getAttribute('href')).toBe('/explore')
  })

  it('says the navigation is timing out after 5 s without an answer', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true })
    try {
      const api = fakeVideoApi([lenaHart()])
      const hanging = (input: RequestInfo | URL, init?: RequestInit) =>
        String(input).includes('/api/calls/video/shared/')
          ? new Promise<Response>((_, reject) =>
              init?.signal?.addEventListener('abort', () =>
                reject(new DOMException('aborted', 'AbortError')),
              ),
            )
          : api.fetch(input)
      await renderApp('/lena-hart/video/shared/slow', { fetch: hanging as typeof fetch })
      await screen.findByRole('status', { name: videoStrings.loading })
      await act(async () => {
        await vi.advanceTimersByTimeAsync(NAVIGATION_TIMEOUT_MS)
      })
      expect(await screen.findByText(videoStrings.shared.navigationTimeout)).toBeTruthy()
    } finally {
      vi.useRealTimers()
    }
  })

  it('says so when the share is gone', async () => {
    await renderApp('/lena-hart/video/shared/nope', { fetch: fakeVideoApi([lenaHart()]).fetch })
    expect(await screen.findByText(videoStrings.shared.notFound)).toBeTruthy()
  })

  it('shows an error for a download without a recording', async () => {
    const api = fakeVideoApi([lenaHart()], {
      shared: { s2: sharedCall({ shareId: 's2', recordingUrl: null }) },
    })
    await renderApp('/lena-hart/video/shared/s2', { fetch: api.fetch })
    // No empty player: the page says there is no recording (a failed recording, spec 2 §4).
    expect(await screen.findByText(videoStrings.shared.recordingMissing)).toBeTruthy()
    expect(document.querySelector('video')).toBeNull()
    fireEvent.click(await screen.findByRole('button', { name: videoStrings.shared.download }))
    expect(await screen.findByText(videoStrings.shared.noRecording)).toBeTruthy()
    expect(() => downloadRecording(null, 'x.webm')).toThrow(videoStrings.shared.noRecording)
  })
})

describe("the profile's Video button (spec 2 §2, §8)", () => {
  it('goes to /{slug}/video while video is allowed', async () => {
    await renderApp('/lena-hart', { fetch: fakeVideoApi([lenaHart()], { signedIn: true }).fetch })
    expect((await screen.findByRole('link', { name: 'Video' })).getAttribute('href')).toBe('/lena-hart/video')
  })

  it('is disabled with the quota text once the video quota is used up', async () => {
    const api = fakeVideoApi([lenaHart()], { signedIn: true, usage: videoUsage({ quota: 600, used: 600 }) })
    await renderApp('/lena-hart', { fetch: api.fetch })
    const video = await screen.findByRole('button', { name: /^Video/ })
    await waitFor(() => expect(video.getAttribute('aria-disabled')).toBe('true'))
    expect(video.textContent).toContain(videoStrings.quotaExhausted)
    expect(screen.getByRole('link', { name: 'Call' })).toBeTruthy()
  })
})

describe('auto-dial (spec 2 §2)', () => {
  afterEach(() => {
    videoCall.leave()
    videoCall.reset()
  })

  it('dial=true starts the call after 600 ms and leaves the address', async () => {
    const engine = fakeVideoEngine()
    const { deps } = fakeVideoDependencies(engine)
    videoCall.configure(deps)
    const { router } = await renderApp('/lena-hart/video?dial=true', {
      fetch: fakeVideoApi([lenaHart()]).fetch,
    })
    await screen.findByRole('button', { name: videoStrings.startCall })
    expect(deps.startVideoCall).not.toHaveBeenCalled()
    // The 600 ms dial delay leaves little of waitFor's default 1 s under load.
    await waitFor(() => expect(deps.startVideoCall).toHaveBeenCalledTimes(1), { timeout: 5000 })
    await waitFor(() => expect(router.state.location.search).toEqual({}))
  })
})
