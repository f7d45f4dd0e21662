// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { CallBundle } from '../../../../../contract/calls'
import { citationsStrings } from '../../../../../renderer/src/features/citations/citations.strings'
import { NAVIGATION_TIMEOUT_MS } from '../../../../../renderer/src/features/voice/call.constants'
import { voiceStrings } from '../../../../../renderer/src/features/voice/voice.strings'
import { closeDialog } from '../../../../../renderer/src/navigation/dialogs.store'
import { message } from '../../support/chat'
import { lenaHart } from '../../support/clones'
import { giveElementsALayout } from '../../support/layout'
import { renderApp } from '../../support/render-app'
import { CALL_CONVERSATION_ID } from './fake-call'
import { fakeVoiceApi } from './fake-voice-api'

const bundle: CallBundle = {
  conversationId: CALL_CONVERSATION_ID,
  medium: 'BROWSER_VOICE',
  startedAt: '2025-01-01T10:00:00.000Z',
  durationSeconds: 42,
  recordingUrl: null,
  citations: [],
  products: [],
  messages: [
    message({ sender: 'USER', text: 'How long should I nap?', conversationId: CALL_CONVERSATION_ID }),
    message({ sender: 'CLONE', text: 'About twenty minutes.', conversationId: CALL_CONVERSATION_ID }),
  ],
}

beforeEach(giveElementsALayout)
afterEach(() => {
  closeDialog()
  cleanup()
  vi.unstubAllGlobals()
})

describe('call transcript page (spec 2 §2, §6, §8)', () => {
  it('refuses visitors who are not logged in, offering sign-in', async () => {
    const api = fakeVoiceApi([lenaHart()], { bundles: [bundle] })
    await renderApp(`/lena-hart/call/${CALL_CONVERSATION_ID}`, { fetch: api.fetch })
    expect(await screen.findByRole('heading', { name: voiceStrings.loginToView })).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: voiceStrings.signIn }))
    expect(await screen.findByRole('dialog')).toBeTruthy()
    expect(api.requests.some((r) => r.includes('by-conversation'))).toBe(false)
  })

  it('shows both sides of the call and a close link back to the call', async () => {
    await renderApp(`/lena-hart/call/${CALL_CONVERSATION_ID}`, {
      fetch: fakeVoiceApi([lenaHart()], { signedIn: true, bundles: [bundle] }).fetch,
    })
    expect(
      await screen.findByRole('heading', { name: voiceStrings.transcriptTitle('Lena Hart') }),
    ).toBeTruthy()
    expect(screen.getByText('How long should I nap?')).toBeTruthy()
    expect(screen.getByText('About twenty minutes.')).toBeTruthy()
    expect(screen.getByText(voiceStrings.you)).toBeTruthy()
    expect(screen.getByRole('link', { name: voiceStrings.closeTranscript }).getAttribute('href')).toBe(
      '/lena-hart/call',
    )
    // The share panel for a voice call of a public clone (hidden below large screens by CSS).
    expect(screen.getByRole('button', { name: voiceStrings.copyLinkToVideo })).toBeTruthy()
  })

  it('shows an answer still being written when the call ended once it is written', async () => {
    // The visitor ended the call while the clone was talking, and opened the transcript at once.
    const writing: CallBundle = {
      ...bundle,
      messages: [bundle.messages[0]!, { ...bundle.messages[1]!, text: '', status: 'streaming' }],
    }
    const bundles = [writing]
    await renderApp(`/lena-hart/call/${CALL_CONVERSATION_ID}`, {
      fetch: fakeVoiceApi([lenaHart()], { signedIn: true, bundles }).fetch,
    })
    expect(await screen.findByText('How long should I nap?')).toBeTruthy()
    expect(screen.queryByText('About twenty minutes.')).toBeNull()
    bundles[0] = bundle
    expect(await screen.findByText('About twenty minutes.', {}, { timeout: 3_000 })).toBeTruthy()
  })

  it('says when the transcript fails to load', async () => {
    await renderApp(`/lena-hart/call/${CALL_CONVERSATION_ID}`, {
      fetch: fakeVoiceApi([lenaHart()], { signedIn: true, bundleStatus: 500 }).fetch,
    })
    expect(await screen.findByRole('heading', { name: voiceStrings.transcriptFailed })).toBeTruthy()
  })

  it('an address without a call is an invalid configuration', async () => {
    await renderApp('/lena-hart/call/transcript', {
      fetch: fakeVoiceApi([lenaHart()], { signedIn: true }).fetch,
    })
    expect(await screen.findByRole('heading', { name: voiceStrings.invalidConfiguration })).toBeTruthy()
  })

  it('shows the answers as the chat does: a clickable marker opens the Sources overlay, product cards', async () => {
    const answer = message({
      sender: 'CLONE',
      text: 'Keep naps short [1].',
      conversationId: CALL_CONVERSATION_ID,
    })
    const withSources: CallBundle = {
      ...bundle,
      messages: [bundle.messages[0]!, answer],
      citations: [
        {
          messageId: answer.id,
          id: '77777777-7777-4777-8777-777777777771',
          index: 1,
          documentId: '77777777-7777-4777-8777-777777777772',
          documentTitle: 'Sleep notes',
          type: 'Website',
          title: 'Napping well',
          url: 'https://example.com/naps',
          tweetId: null,
          timestamp: null,
          text: 'Twenty minutes is enough.',
          visible: true,
          createdAt: '2025-01-01T10:00:00.000Z',
        },
      ],
      products: [
        { messageId: answer.id, url: 'https://shop.example/mask', title: 'Silk eye mask', imageUrl: null },
      ],
      recordingUrl: 'https://storage.example/call.wav',
    }
    await renderApp(`/lena-hart/call/${CALL_CONVERSATION_ID}`, {
      fetch: fakeVoiceApi([lenaHart()], { signedIn: true, bundles: [withSources] }).fetch,
    })
    const line = (await screen.findByText(/Keep naps short/)).closest('li')!
    // The marker is a button, not the literal '[1]'.
    expect(line.textContent).not.toContain('[1]')
    expect(screen.getByRole('link', { name: /Silk eye mask/ })).toBeTruthy()
    fireEvent.click(within(line).getByRole('button', { name: citationsStrings.source(1) }))
    const overlay = await screen.findByRole('dialog', { name: citationsStrings.title })
    expect(within(overlay).getByText('Napping well')).toBeTruthy()
    // The call's recording plays above its transcript.
    const player = document.querySelector('audio')
    expect(player?.getAttribute('src')).toBe('https://storage.example/call.wav')
    expect(player?.hasAttribute('controls')).toBe(true)
  })

  it('says the navigation is timing out after 5 s without an answer', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true })
    try {
      const api = fakeVoiceApi([lenaHart()], { signedIn: true, bundles: [bundle] })
      const hanging = (input: RequestInfo | URL, init?: RequestInit) =>
        String(input).includes('/by-conversation/')
          ? new Promise<Response>((_, reject) =>
              init?.signal?.addEventListener('abort', () =>
                reject(new DOMException('aborted', 'AbortError')),
              ),
            )
          : api.fetch(input, init)
      await renderApp(`/lena-hart/call/${CALL_CONVERSATION_ID}`, { fetch: hanging as typeof fetch })
      await screen.findByRole('status', { name: voiceStrings.loading })
      expect(screen.queryByText(voiceStrings.navigationTimeout)).toBeNull()
      await act(async () => {
        await vi.advanceTimersByTimeAsync(NAVIGATION_TIMEOUT_MS)
      })
      expect(await screen.findByText(voiceStrings.navigationTimeout)).toBeTruthy()
      expect(screen.getByRole('button', { name: voiceStrings.tryAgain })).toBeTruthy()
    } finally {
      vi.useRealTimers()
    }
  })
})
