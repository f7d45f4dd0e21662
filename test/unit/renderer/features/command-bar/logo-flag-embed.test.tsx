// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { MeResponse } from '../../../../../contract/auth'
import type { CloneProfile } from '../../../../../contract/clone'
import { chatStream } from '../../../../../renderer/src/features/chat/chat-stream.store'
import { createEmbedRewrite } from '../../../../../renderer/src/navigation/embed-rewrite'
import { lenaHart } from '../../support/clones'
import { EMBED_ROOT, embedPlatform, fakeEmbed } from '../../support/embed'
import { fakeChatApi } from '../../support/fake-chat-api'
import { giveElementsALayout } from '../../support/layout'
import { renderApp } from '../../support/render-app'

/*
 * spec 1 §6 'Command bar rules': Revise and Adjust tone are not offered in the logo-flag embed mode, that is
 * in an embed of a clone whose product-logo option (productLogo) is on. The creator's later answer, asked
 * inside the embed.
 */

beforeEach(giveElementsALayout)

afterEach(() => {
  cleanup()
  chatStream.reset()
  vi.unstubAllGlobals()
})

const creator: MeResponse = {
  user: {
    id: '00000000-0000-4000-8000-0000000000b1',
    name: 'Lena Hart',
    email: 'lena@likeness.test',
    imageUrl: null,
    phoneNumber: null,
    telegramUsername: null,
    language: null,
    staff: false,
    plan: null,
    whitelabeled: false,
  },
  relationships: [{ id: '00000000-0000-4000-8000-0000000000c1', cloneSlug: 'lena-hart', type: 'CREATOR' }],
}

/** The creator asks one question in the embed (or on the site) and gets the answer's tools. */
async function creatorsAnswerTools(clone: CloneProfile, embedded: boolean) {
  const api = fakeChatApi([clone])
  const fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost')
    if (url.pathname === '/api/me')
      return new Response(JSON.stringify({ ...creator, userType: 'admin' }), {
        status: 200,
        headers: { 'Content-Type': 'application/json' },
      })
    return api.fetch(input, init)
  }) as typeof globalThis.fetch
  const fake = fakeEmbed()
  await renderApp(embedded ? EMBED_ROOT : '/lena-hart/talk', {
    fetch,
    ...(embedded ? { platform: embedPlatform(fake.embed), rewrite: createEmbedRewrite(fake.embed) } : {}),
  })
  const prompt = await screen.findByRole('textbox', { name: 'Message Lena Hart' })
  fireEvent.change(prompt, { target: { value: 'Is coffee after lunch fine?' } })
  fireEvent.keyDown(prompt, { key: 'Enter' })
  const bar = await screen.findByRole('toolbar', { name: 'Message tools' })
  // Read aloud is there for everyone (lena-hart has a voice): the bar is complete once it shows.
  await within(bar).findByRole('button', { name: /Read aloud/ })
  return within(bar)
}

describe('the logo-flag embed mode (spec 1 §6)', () => {
  it("takes Revise and Adjust tone from the creator's bar in an embed of a clone with the product logo", async () => {
    const bar = await creatorsAnswerTools(
      lenaHart({ options: { ...lenaHart().options, productLogo: true } }),
      true,
    )
    expect(bar.queryByRole('button', { name: 'Revise' })).toBeNull()
    expect(bar.queryByRole('button', { name: 'Adjust tone' })).toBeNull()
  })

  it('offers them in an embed of a clone without the product logo', async () => {
    const bar = await creatorsAnswerTools(
      lenaHart({ options: { ...lenaHart().options, productLogo: false } }),
      true,
    )
    expect(bar.getByRole('button', { name: 'Revise' })).toBeTruthy()
    expect(bar.getByRole('button', { name: 'Adjust tone' })).toBeTruthy()
  })

  it('offers them on the site whatever the flag', async () => {
    const bar = await creatorsAnswerTools(
      lenaHart({ options: { ...lenaHart().options, productLogo: true } }),
      false,
    )
    expect(bar.getByRole('button', { name: 'Revise' })).toBeTruthy()
    expect(bar.getByRole('button', { name: 'Adjust tone' })).toBeTruthy()
  })
})
