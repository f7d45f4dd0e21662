// @vitest-environment happy-dom
import { act, cleanup, fireEvent, renderHook, screen, waitFor } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { ConversationWithMessages } from '../../../../../contract/chat'
import type { CloneProfile } from '../../../../../contract/clone'
import { storageKeys } from '../../../../../contract/storage'
import { chatStrings } from '../../../../../renderer/src/features/chat/chat.strings'
import { chatStream } from '../../../../../renderer/src/features/chat/chat-stream.store'
import { useHandleCookie } from '../../../../../renderer/src/features/embed'
import { createEmbedConversationStore } from '../../../../../renderer/src/features/embed/embed-conversation'
import { createEmbedRewrite } from '../../../../../renderer/src/navigation/embed-rewrite'
import type { Platform } from '../../../../../renderer/src/platform'
import { createMemoryStorage, createWebPlatform } from '../../../../../renderer/src/platform/web'
import { CONVERSATION_ID, message } from '../../support/chat'
import { lenaHart } from '../../support/clones'
import { EMBED_ROOT, embedPlatform, fakeEmbed } from '../../support/embed'
import { fakeChatApi } from '../../support/fake-chat-api'
import { giveElementsALayout } from '../../support/layout'
import { renderApp } from '../../support/render-app'

/* spec 1 §3 'embed conversation keys', §7 setConversationCookie, §8 'Missing store in useHandleCookie()'. */

beforeEach(giveElementsALayout)

afterEach(() => {
  vi.restoreAllMocks()
  cleanup()
  chatStream.reset()
  vi.unstubAllGlobals()
})

const KEY = storageKeys.embedConversation('lena-hart', null)
const EARLIER = 'Is a nap after lunch a good idea?'

const earlierConversation: ConversationWithMessages = {
  id: CONVERSATION_ID,
  title: 'Naps',
  medium: 'EMBED',
  shareId: null,
  createdAt: '2025-01-01T08:00:00.000Z',
  updatedAt: '2025-01-01T08:00:05.000Z',
  hidden: false,
  recordingUrl: null,
  messages: [message({ sender: 'USER', text: EARLIER }), message({ text: 'Keep it under 20 minutes.' })],
}

const prompt = () => screen.getByRole('textbox', { name: 'Message Lena Hart' })

async function renderEmbed({
  stored,
  conversations = [],
  clone = lenaHart(),
}: {
  stored?: string
  conversations?: ConversationWithMessages[]
  clone?: CloneProfile
} = {}) {
  const fake = fakeEmbed()
  const platform = embedPlatform(fake.embed)
  if (stored) await platform.storage.set(KEY, stored)
  const api = fakeChatApi([clone], { conversations })
  const app = await renderApp(EMBED_ROOT, {
    fetch: api.fetch,
    platform,
    rewrite: createEmbedRewrite(fake.embed),
  })
  await screen.findByRole('textbox', { name: 'Message Lena Hart' })
  return { ...app, api }
}

const send = (text: string) => {
  fireEvent.change(prompt(), { target: { value: text } })
  fireEvent.keyDown(prompt(), { key: 'Enter' })
}

describe('embed conversation keys', () => {
  it('remembers the conversation the first answer creates', async () => {
    const { platform, router } = await renderEmbed()
    expect(await platform.storage.get(KEY)).toBeUndefined()
    send('How late can I drink coffee?')
    await screen.findByRole('article', { name: 'Lena Hart' })
    await waitFor(async () => expect(await platform.storage.get(KEY)).toBe(CONVERSATION_ID))
    await waitFor(() =>
      expect(router.history.location.pathname).toBe(`${EMBED_ROOT}/conversation/${CONVERSATION_ID}`),
    )
  })

  it("continues a returning visitor's conversation from the embed's root", async () => {
    const { router } = await renderEmbed({ stored: CONVERSATION_ID, conversations: [earlierConversation] })
    expect(await screen.findByText(EARLIER)).toBeTruthy()
    expect(router.history.location.pathname).toBe(`${EMBED_ROOT}/conversation/${CONVERSATION_ID}`)
    // The root was replaced, not stacked: Back does not return to it.
    expect(router.history.length).toBe(1)
  })

  it('forgets a remembered conversation that can no longer be read, and shows an empty chat', async () => {
    const { platform, router, api } = await renderEmbed({ stored: CONVERSATION_ID })
    await waitFor(() => expect(api.conversationReads).toEqual([CONVERSATION_ID]))
    await waitFor(async () => expect(await platform.storage.get(KEY)).toBeUndefined())
    expect(prompt()).toBeTruthy()
    expect(screen.queryByText(EARLIER)).toBeNull()
    expect(router.history.location.pathname).toBe(EMBED_ROOT)
  })

  it("'New Conversation' forgets it: the root stays empty", async () => {
    const { platform, router } = await renderEmbed({
      stored: CONVERSATION_ID,
      conversations: [earlierConversation],
      // A clone that requires email asks a signed-out visitor to log in first (spec 1 §5, §6).
      clone: lenaHart({ options: { ...lenaHart().options, requireEmail: false } }),
    })
    await screen.findByText(EARLIER)
    fireEvent.keyDown(screen.getByRole('button', { name: chatStrings.plusMenu }), { key: 'Enter' })
    fireEvent.click(await screen.findByRole('menuitem', { name: chatStrings.startNewConversation }))
    await waitFor(() => expect(router.history.location.pathname).toBe(EMBED_ROOT))
    expect(await platform.storage.get(KEY)).toBeUndefined()
    await act(async () => {})
    expect(screen.queryByText(EARLIER)).toBeNull()
    expect(router.history.location.pathname).toBe(EMBED_ROOT)
  })

  it('is never written on the main site', async () => {
    const storage = createMemoryStorage()
    const api = fakeChatApi([lenaHart()])
    const { platform } = await renderApp('/lena-hart/talk', { fetch: api.fetch, storage })
    await screen.findByRole('heading', { level: 2, name: 'Lena Hart' })
    send('How late can I drink coffee?')
    await screen.findByRole('article', { name: 'Lena Hart' })
    await act(async () => {})
    expect(await platform.storage.get(KEY)).toBeUndefined()
  })
})

describe('useHandleCookie', () => {
  it("throws 'Missing store in useHandleCookie()' outside the embed's provider", () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined)
    const input = {
      slug: 'lena-hart',
      instanceSlug: null,
      routeConversationId: null,
      threadConversationId: null,
    }
    expect(() => renderHook(() => useHandleCookie(input))).toThrow(
      new Error('Missing store in useHandleCookie()'),
    )
  })
})

describe('the embed conversation store', () => {
  const platformWith = (): Platform => createWebPlatform(createMemoryStorage())

  it('keeps one id per clone and instance, under the contract key', async () => {
    const platform = platformWith()
    const store = createEmbedConversationStore(platform.storage)
    await store.remember('lena-hart', null, CONVERSATION_ID)
    expect(await platform.storage.get(KEY)).toBe(CONVERSATION_ID)
    expect(await store.read('lena-hart', 'clinic')).toBeNull()
    expect(store.peek('lena-hart', null)).toBe(CONVERSATION_ID)
    await store.forget('lena-hart', null)
    expect(await platform.storage.get(KEY)).toBeUndefined()
    expect(await store.read('lena-hart', null)).toBeNull()
  })

  it('knows at once what it forgot, even before a slow store has', async () => {
    let finish: () => void = () => undefined
    const platform = platformWith()
    const slow = {
      ...platform.storage,
      peek: undefined,
      remove: () =>
        new Promise<void>((resolve) => {
          finish = resolve
        }),
    }
    await platform.storage.set(KEY, CONVERSATION_ID)
    const store = createEmbedConversationStore(slow)
    expect(store.peek('lena-hart', null)).toBeUndefined()
    void store.forget('lena-hart', null)
    expect(store.peek('lena-hart', null)).toBeNull()
    expect(await store.read('lena-hart', null)).toBeNull()
    finish()
  })
})
