// @vitest-environment happy-dom
import { cleanup, fireEvent, screen } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { CallBundle } from '../../../../../contract/calls'
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
})
