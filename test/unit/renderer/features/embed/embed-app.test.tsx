// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { EMBED_MESSAGES } from '../../../../../contract/embed-protocol'
import { chatStrings } from '../../../../../renderer/src/features/chat/chat.strings'
import { chatStream } from '../../../../../renderer/src/features/chat/chat-stream.store'
import { embedStrings } from '../../../../../renderer/src/features/embed/embed.strings'
import { createEmbedRewrite } from '../../../../../renderer/src/navigation/embed-rewrite'
import type { EmbedContext } from '../../../../../renderer/src/platform'
import { CONVERSATION_ID } from '../../support/chat'
import { lenaHart } from '../../support/clones'
import { EMBED_ROOT, embedPlatform, fakeEmbed } from '../../support/embed'
import { fakeChatApi } from '../../support/fake-chat-api'
import { giveElementsALayout } from '../../support/layout'
import { renderApp } from '../../support/render-app'

beforeEach(giveElementsALayout)

afterEach(() => {
  vi.restoreAllMocks()
  cleanup()
  chatStream.reset()
  vi.unstubAllGlobals()
})

const prompt = () => screen.getByRole('textbox', { name: 'Message Lena Hart' })

async function renderEmbed(overrides: Partial<EmbedContext> = {}, path = EMBED_ROOT) {
  const fake = fakeEmbed(overrides)
  const api = fakeChatApi([lenaHart()])
  const app = await renderApp(path, {
    fetch: api.fetch,
    platform: embedPlatform(fake.embed),
    rewrite: createEmbedRewrite(fake.embed),
  })
  await screen.findByRole('heading', { level: 2, name: 'Lena Hart' })
  return { ...app, ...fake, api }
}

const send = async (text: string) => {
  fireEvent.change(prompt(), { target: { value: text } })
  fireEvent.keyDown(prompt(), { key: 'Enter' })
}

describe('the product in an embed', () => {
  it('shows the talk page at the embed root, tells the parent it is ready, with a compact header', async () => {
    const { notifyParent } = await renderEmbed()
    await waitFor(() => expect(notifyParent).toHaveBeenCalledWith({ type: EMBED_MESSAGES.ready }))
    expect(screen.queryByRole('link', { name: 'Likeness' })).toBeNull()
    fireEvent.click(screen.getByRole('button', { name: embedStrings.closeChat }))
    expect(notifyParent).toHaveBeenCalledWith({ type: EMBED_MESSAGES.close })
  })

  it("the bubble's expand toggle asks the host page to expand the panel, then to collapse it (spec 2 §2)", async () => {
    const { notifyParent } = await renderEmbed()
    const expand = await screen.findByRole('button', { name: embedStrings.expandChat })
    expect(expand.getAttribute('aria-pressed')).toBe('false')
    fireEvent.click(expand)
    expect(notifyParent).toHaveBeenCalledWith({ type: EMBED_MESSAGES.expand, expanded: true })
    const collapse = await screen.findByRole('button', { name: embedStrings.collapseChat })
    expect(collapse.getAttribute('aria-pressed')).toBe('true')
    fireEvent.click(collapse)
    expect(notifyParent).toHaveBeenLastCalledWith({ type: EMBED_MESSAGES.expand, expanded: false })
    expect(await screen.findByRole('button', { name: embedStrings.expandChat })).toBeTruthy()
  })

  it('shows no expand toggle in the inline layout', async () => {
    await renderEmbed({ layout: 'inline' })
    expect(screen.queryByRole('button', { name: embedStrings.expandChat })).toBeNull()
  })

  it("shows the 'powered by' link to the affiliate redirect, in a new tab", async () => {
    await renderEmbed()
    const link = screen.getByRole('link', { name: /Powered by Likeness/ })
    expect(link.getAttribute('href')).toBe('/api/affiliate/lena-hart')
    expect(link.getAttribute('target')).toBe('_blank')
  })

  it("hides the 'powered by' link when white-labelled", async () => {
    await renderEmbed({ whitelabel: true })
    expect(screen.queryByRole('link', { name: /Powered by/ })).toBeNull()
  })

  it('focuses the prompt when the host page opens the panel', async () => {
    const { fromParent } = await renderEmbed()
    act(() => fromParent({ type: EMBED_MESSAGES.opened }))
    expect(document.activeElement).toBe(prompt())
  })

  it("keeps the conversation's address under the embed root", async () => {
    const { router } = await renderEmbed()
    await send('How late can I drink coffee?')
    await waitFor(() =>
      expect(router.state.location.pathname).toBe(`/lena-hart/talk/conversation/${CONVERSATION_ID}`),
    )
    expect(router.history.location.pathname).toBe(`${EMBED_ROOT}/conversation/${CONVERSATION_ID}`)
  })

  it('at the text limit tells the parent once and sends nothing more, with no paywall', async () => {
    const { notifyParent, api } = await renderEmbed({ textLimit: 1 })
    await send('How late can I drink coffee?')
    await screen.findByRole('article', { name: 'Lena Hart' })
    await waitFor(() => expect(notifyParent).toHaveBeenCalledWith({ type: EMBED_MESSAGES.textExhausted }))
    expect(screen.getByText(embedStrings.textLimitReached, { selector: 'p' })).toBeTruthy()
    await send('And tea?')
    await act(async () => {})
    expect(api.streamCalls).toHaveLength(1)
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(notifyParent.mock.calls.filter(([m]) => m.type === EMBED_MESSAGES.textExhausted)).toHaveLength(1)
    expect(
      screen.getByRole('button', { name: chatStrings.send }).getAttribute('aria-describedby'),
    ).toBeTruthy()
  })
})
