// @vitest-environment happy-dom
import { Theme } from '@radix-ui/themes'
import { act, cleanup, render, screen, waitFor } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { ChatMessage } from '../../../../../contract/chat'
import type { ChatStreamAnswer } from '../../../../../renderer/src/api/chat'
import { ChatThread } from '../../../../../renderer/src/features/chat/ChatThread'
import { ChatMessagesContext } from '../../../../../renderer/src/features/chat/chat-context'
import { buildChatRows, estimateRowHeight } from '../../../../../renderer/src/features/chat/chat-rows'
import { createChatStreamStore } from '../../../../../renderer/src/features/chat/chat-stream.store'
import { CONVERSATION_ID, dataLine, manualStream, message, nextUuid } from '../../support/chat'
import { giveElementsALayout } from '../../support/layout'

beforeEach(giveElementsALayout)
afterEach(() => {
  vi.restoreAllMocks()
  cleanup()
})

/** The thread of a loaded conversation, on a store fed by hand, counting how often each answer renders. */
function renderThread(messages: ChatMessage[]) {
  const stream = manualStream()
  const frames: (() => void)[] = []
  const store = createChatStreamStore({
    openStream: async (): Promise<ChatStreamAnswer> => ({ ok: true, body: stream.stream }),
    requestTitle: async () => 'Coffee',
    saveTitle: async () => undefined,
    requestFrame: (callback) => frames.push(callback),
    cancelFrame: () => {},
    newStamp: () => ({ id: nextUuid(), createdAt: new Date().toISOString() }),
    timezone: () => null,
    log: () => {},
  })
  store.openSession({ slug: 'lena-hart', conversationId: CONVERSATION_ID })
  store.loadConversation({
    id: CONVERSATION_ID,
    title: 'Coffee',
    medium: 'WEB',
    shareId: null,
    createdAt: '2025-01-01T08:00:00.000Z',
    updatedAt: '2025-01-01T08:00:00.000Z',
    hidden: false,
    recordingUrl: null,
    messages,
  })
  const renders = new Map<string, number>()
  // The toolbar under each answer renders exactly when its answer does.
  function CountingToolbar({ message }: Readonly<{ message: ChatMessage }>) {
    renders.set(message.id, (renders.get(message.id) ?? 0) + 1)
    return null
  }
  render(
    <Theme>
      <ChatMessagesContext.Provider
        value={{
          cloneName: 'Lena Hart',
          cloneImageUrl: undefined,
          viewSources: true,
          openSources: () => {},
          MessageToolbar: CountingToolbar,
        }}
      >
        <ChatThread view={store.state} />
      </ChatMessagesContext.Provider>
    </Theme>,
  )
  const runFrames = () =>
    act(() => {
      for (const frame of frames.splice(0)) frame()
    })
  return { store, stream, renders, runFrames }
}

describe('chat thread', () => {
  it('finishing an answer renders that answer, not the ones before it', async () => {
    // Minutes ago: no timestamp row between them and the new exchange.
    const createdAt = new Date(Date.now() - 60_000).toISOString()
    const earlier = [
      message({ sender: 'USER', text: 'First question', createdAt }),
      message({ text: 'First answer', createdAt }),
      message({ sender: 'USER', text: 'Second question', createdAt }),
      message({ text: 'Second answer', createdAt }),
    ]
    const { store, stream, renders, runFrames } = renderThread(earlier)
    await screen.findByText('Second answer')
    const before = new Map(renders)
    expect(before.get(earlier[1]!.id)).toBeGreaterThan(0)
    expect(before.get(earlier[3]!.id)).toBeGreaterThan(0)

    const sent = store.send('Third question')
    stream.push(dataLine({ current_token: 'Third ' }))
    await waitFor(() => expect(store.bufferedText()).toBe('Third '))
    runFrames()
    const final = message({ text: 'Third answer', createdAt: new Date().toISOString() })
    stream.push(dataLine({ message: final }))
    stream.end()
    expect((await sent).kind).toBe('completed')
    await screen.findByText('Third answer')

    expect(renders.get(final.id)).toBeGreaterThan(0)
    expect(renders.get(earlier[1]!.id)).toBe(before.get(earlier[1]!.id))
    expect(renders.get(earlier[3]!.id)).toBe(before.get(earlier[3]!.id))
  })
})

describe('estimateRowHeight', () => {
  const pair = (question: string, answer: string, products = 0) =>
    buildChatRows([
      message({ sender: 'USER', text: question }),
      message({
        text: answer,
        messageAffiliates: Array.from({ length: products }, (_, i) => ({
          url: `https://shop.example.com/${i}`,
          title: 'Topper',
          imageUrl: null,
        })),
      }),
    ])[0]!

  it('grows with the answer’s lines and product cards, and with a narrower screen', () => {
    const short = estimateRowHeight(pair('Coffee?', 'Stop at noon.'), 1280)
    const long = estimateRowHeight(pair('Coffee?', 'Stop at noon. '.repeat(40)), 1280)
    const withCard = estimateRowHeight(pair('Coffee?', 'Stop at noon.', 1), 1280)
    expect(long).toBeGreaterThan(short + 100)
    expect(withCard).toBeGreaterThan(short)
    expect(estimateRowHeight(pair('Coffee?', 'Stop at noon. '.repeat(40)), 390)).toBeGreaterThan(long)
  })

  it('is close to a measured pair: a 480-character, two-paragraph answer on a wide screen', () => {
    const answer = `${'a'.repeat(300)}\n\n${'b'.repeat(178)}`
    // Measured 325 px in Chromium at 1280 px (scripts/bench-perf.ts's seeded conversation).
    expect(
      estimateRowHeight(pair('How late can I drink coffee without hurting my sleep?', answer), 1280),
    ).toBeCloseTo(325, -2)
  })
})
