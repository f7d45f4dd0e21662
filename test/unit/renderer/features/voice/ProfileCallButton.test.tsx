// @vitest-environment happy-dom
import { cleanup, screen, waitFor } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { lenaHart } from '../../support/clones'
import { giveElementsALayout } from '../../support/layout'
import { renderApp } from '../../support/render-app'
import { fakeVoiceApi, voiceUsage } from './fake-voice-api'

beforeEach(giveElementsALayout)
afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

describe("the profile's Call button (spec 2 §2, §8)", () => {
  it('goes to /{slug}/call while voice is allowed', async () => {
    await renderApp('/lena-hart', { fetch: fakeVoiceApi([lenaHart()], { signedIn: true }).fetch })
    const call = await screen.findByRole('link', { name: 'Call' })
    expect(call.getAttribute('href')).toBe('/lena-hart/call')
  })

  it('is disabled with the quota text once the voice quota is used up', async () => {
    await renderApp('/lena-hart', {
      fetch: fakeVoiceApi([lenaHart()], { signedIn: true, usage: voiceUsage({ remaining: 0 }) }).fetch,
    })
    const call = await screen.findByRole('button', { name: /^Call/ })
    await waitFor(() => expect(call.getAttribute('aria-disabled')).toBe('true'))
    expect(call.textContent).toContain('You have exhausted your monthly call quota with this Clone.')
    expect(screen.queryByRole('link', { name: 'Call' })).toBeNull()
  })

  it('is absent when the clone has no voice', async () => {
    await renderApp('/lena-hart', { fetch: fakeVoiceApi([lenaHart({ allowVoice: false })]).fetch })
    await screen.findByRole('link', { name: 'Message' })
    expect(screen.queryByRole('link', { name: 'Call' })).toBeNull()
  })
})
