// @vitest-environment happy-dom
import { cleanup, screen } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { voiceStrings } from '../../../../../renderer/src/features/voice/voice.strings'
import { message } from '../../support/chat'
import { lenaHart } from '../../support/clones'
import { giveElementsALayout } from '../../support/layout'
import { renderApp } from '../../support/render-app'
import { CALL_CONVERSATION_ID } from './fake-call'
import { fakeVoiceApi } from './fake-voice-api'

beforeEach(giveElementsALayout)
afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

const sharedCall = {
  shareId: 'share-call-1',
  title: 'Naps',
  medium: 'BROWSER_VOICE',
  createdAt: '2025-01-01T10:00:00.000Z',
  updatedAt: '2025-01-01T10:01:00.000Z',
  clone: { slug: 'lena-hart', instanceSlug: null },
  messages: [
    message({ sender: 'USER', text: 'How long should I nap?', conversationId: CALL_CONVERSATION_ID }),
    message({ sender: 'CLONE', text: 'About twenty minutes.', conversationId: CALL_CONVERSATION_ID }),
  ],
}

describe('shared call view (spec 2 §2, §6)', () => {
  it('shows the call read-only, to anyone, with a way to start their own', async () => {
    await renderApp('/lena-hart/call/shared/share-call-1', {
      fetch: fakeVoiceApi([lenaHart()], { shared: { 'share-call-1': sharedCall } }).fetch,
    })
    expect(await screen.findByText('About twenty minutes.')).toBeTruthy()
    expect(screen.getByText('How long should I nap?')).toBeTruthy()
    expect(screen.queryByRole('link', { name: voiceStrings.closeTranscript })).toBeNull()
    expect(screen.getByRole('link', { name: voiceStrings.startOwnCall }).getAttribute('href')).toBe(
      '/lena-hart/call',
    )
  })

  it('says when the link is no longer shared', async () => {
    await renderApp('/lena-hart/call/shared/gone-1234', { fetch: fakeVoiceApi([lenaHart()]).fetch })
    expect(await screen.findByRole('heading', { name: voiceStrings.sharedGone })).toBeTruthy()
  })
})
