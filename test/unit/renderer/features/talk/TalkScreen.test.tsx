// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { ChatMessage, ConversationWithMessages } from '../../../../../contract/chat'
import { conversationQueryKey } from '../../../../../renderer/src/api/chat'
import { chatStrings } from '../../../../../renderer/src/features/chat/chat.strings'
import { chatStream } from '../../../../../renderer/src/features/chat/chat-stream.store'
import { CONVERSATION_ID, dataLine, message } from '../../support/chat'
import { lenaHart, tomasRivera } from '../../support/clones'
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

const clones = () => [lenaHart(), tomasRivera()]

/** A stored conversation (GET conversation's answer) with these messages. */
const conversationOf = (messages: ChatMessage[]): ConversationWithMessages => ({
  id: CONVERSATION_ID,
  title: 'Coffee',
  medium: 'WEB',
  shareId: null,
  createdAt: '2025-01-01T08:00:00.000Z',
  updatedAt: '2025-01-01T08:00:05.000Z',
  hidden: false,
  recordingUrl: null,
  messages,
})
const prompt = () => screen.getByRole('textbox', { name: 'Message Lena Hart' })
const userBubbles = () => screen.queryAllByRole('article', { name: chatStrings.yourMessage })

describe('talk screen', () => {
  it('starts with the clone, up to 3 suggested questions and the custom warning', async () => {
    await renderApp('/lena-hart/talk', { fetch: fakeChatApi(clones()).fetch })
    expect(await screen.findByRole('heading', { level: 2, name: 'Lena Hart' })).toBeTruthy()
    await waitFor(() => expect(document.title).toBe('Lena Hart | Likeness'))
    expect(screen.getByText('Sleep scientist and author', { selector: 'p' })).toBeTruthy()
    const questions = within(screen.getByRole('region', { name: 'Suggested questions' })).getAllByRole(
      'button',
    )
    expect(questions.map((q) => q.textContent)).toEqual([
      'How much sleep do I need?',
      'Are naps good for me?',
      'What should I do before bed?',
    ])
    expect(screen.getByText(/not medical advice/)).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Record voice message' })).toBeTruthy()
  })

  it('hides suggestions and the warning when the clone turns them off', async () => {
    const tomas = tomasRivera({ options: { ...tomasRivera().options, suggestQuestions: false } })
    await renderApp('/tomas-rivera/talk', { fetch: fakeChatApi([tomas]).fetch })
    expect(await screen.findByRole('heading', { level: 2, name: 'Tomas Rivera' })).toBeTruthy()
    expect(screen.queryByRole('region', { name: 'Suggested questions' })).toBeNull()
    expect(screen.queryByRole('button', { name: chatStrings.suggestedQuestions })).toBeNull()
  })

  it('sends with Enter, shows the answer with citation labels, and moves to the conversation address', async () => {
    const api = fakeChatApi(clones())
    const { router } = await renderApp('/lena-hart/talk', { fetch: api.fetch })
    await screen.findByRole('heading', { level: 2, name: 'Lena Hart' })
    fireEvent.change(prompt(), { target: { value: 'How late can I drink coffee?' } })
    expect(screen.getByRole('button', { name: chatStrings.send })).toBeTruthy()
    fireEvent.keyDown(prompt(), { key: 'Enter' })
    await waitFor(() =>
      expect(router.state.location.pathname).toBe(`/lena-hart/talk/conversation/${CONVERSATION_ID}`),
    )
    expect(api.streamCalls).toEqual([{ text: 'How late can I drink coffee?', conversationId: null }])
    const answer = await screen.findByRole('article', { name: 'Lena Hart' })
    expect(answer.textContent).toContain('Have your last coffee 8 hours before bed')
    expect(within(answer).getByRole('button', { name: 'Source 1' })).toBeTruthy()
    expect(within(answer).getByRole('button', { name: 'Source 2' })).toBeTruthy()
    // Marker [3] is not in the text; the product card links through the affiliate redirect.
    const product = within(answer).getByRole('link', { name: /CoolCore Breathable Mattress Topper/ })
    expect(product.getAttribute('href')).toMatch(/^\/api\/affiliate\/product\/[^?]+\?to=/)
    expect(product.getAttribute('target')).toBe('_blank')
    expect((prompt() as HTMLTextAreaElement).value).toBe('')
    await waitFor(() => expect(screen.getByText('Coffee and sleep')).toBeTruthy())
  })

  it('Shift+Enter does not send; an empty prompt does not send', async () => {
    const api = fakeChatApi(clones())
    await renderApp('/lena-hart/talk', { fetch: api.fetch })
    await screen.findByRole('heading', { level: 2, name: 'Lena Hart' })
    fireEvent.keyDown(prompt(), { key: 'Enter' })
    fireEvent.change(prompt(), { target: { value: 'Line one' } })
    fireEvent.keyDown(prompt(), { key: 'Enter', shiftKey: true })
    await act(async () => {})
    expect(api.streamCalls).toEqual([])
  })

  it('turns "- " at the start of a line into a bullet as you type', async () => {
    await renderApp('/lena-hart/talk', { fetch: fakeChatApi(clones()).fetch })
    await screen.findByRole('heading', { level: 2, name: 'Lena Hart' })
    fireEvent.change(prompt(), { target: { value: 'Tips:\n- ' } })
    expect((prompt() as HTMLTextAreaElement).value).toBe('Tips:\n• ')
  })

  it('sends the message query exactly once, also in StrictMode, and removes it from the address', async () => {
    const api = fakeChatApi(clones())
    const { router } = await renderApp('/lena-hart/talk?message=Are%20naps%20good%3F', {
      fetch: api.fetch,
      strict: true,
    })
    await waitFor(() => expect(router.state.location.pathname).toContain('/talk/conversation/'))
    expect(router.state.location.search).not.toHaveProperty('message')
    await screen.findByRole('article', { name: 'Lena Hart' })
    expect(api.streamCalls).toEqual([{ text: 'Are naps good?', conversationId: null }])
    expect(userBubbles()).toHaveLength(1)
  })

  it('sends the q alias the same way', async () => {
    const api = fakeChatApi(clones())
    await renderApp('/lena-hart/talk?q=Coffee%20after%20lunch%3F', { fetch: api.fetch })
    await screen.findByRole('article', { name: 'Lena Hart' })
    expect(api.streamCalls.map((c) => c.text)).toEqual(['Coffee after lunch?'])
  })

  it('restores the draft and says why when the server refuses the message', async () => {
    const api = fakeChatApi(clones(), {
      streamResponse: () =>
        new Response(JSON.stringify({ error: { code: 'internal', message: 'down' } }), {
          status: 503,
          statusText: 'Service Unavailable',
        }),
    })
    await renderApp('/lena-hart/talk', { fetch: api.fetch })
    await screen.findByRole('heading', { level: 2, name: 'Lena Hart' })
    fireEvent.change(prompt(), { target: { value: 'Keep this text' } })
    fireEvent.keyDown(prompt(), { key: 'Enter' })
    expect(await screen.findByText('Failed to send message: Service Unavailable (503)')).toBeTruthy()
    expect((prompt() as HTMLTextAreaElement).value).toBe('Keep this text')
    expect(userBubbles()).toHaveLength(0)
  })

  it('shows the fallback reply and a toast for a malformed stream', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {})
    const api = fakeChatApi(clones(), {
      streamResponse: () =>
        new Response('data: {"current_token":"Hi"}\n\ndata: {broken\n\n', { status: 200 }),
    })
    await renderApp('/lena-hart/talk', { fetch: api.fetch })
    await screen.findByRole('heading', { level: 2, name: 'Lena Hart' })
    fireEvent.change(prompt(), { target: { value: 'Hello?' } })
    fireEvent.keyDown(prompt(), { key: 'Enter' })
    expect(await screen.findByText(chatStrings.streamFailed)).toBeTruthy()
    expect(await screen.findByText(chatStrings.fallbackReply)).toBeTruthy()
  })

  it('keeps the question after a broken stream, marks the partial answer interrupted, and Retry answers it', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {})
    const api = fakeChatApi(clones(), {
      // The first stream: stored, a few words, then the server is gone (the stream ends with no final event).
      streamResponse: (call) =>
        call.index === 0
          ? new Response(
              [
                dataLine({
                  accepted: {
                    conversationId: CONVERSATION_ID,
                    userMessage: message({
                      sender: 'USER',
                      text: call.text,
                      clientMessageId: call.clientMessageId,
                    }),
                  },
                }),
                dataLine({ current_token: 'Have your last ' }),
              ].join(''),
              { status: 200 },
            )
          : null,
    })
    const { router } = await renderApp('/lena-hart/talk', { fetch: api.fetch })
    await screen.findByRole('heading', { level: 2, name: 'Lena Hart' })
    fireEvent.change(prompt(), { target: { value: 'How late can I drink coffee?' } })
    fireEvent.keyDown(prompt(), { key: 'Enter' })

    expect(await screen.findByText(chatStrings.streamFailed)).toBeTruthy()
    const cut = await screen.findByRole('article', { name: 'Lena Hart' })
    expect(cut.textContent).toContain('Have your last')
    expect(within(cut).getByText(chatStrings.interrupted)).toBeTruthy()
    expect(within(cut).getByText(chatStrings.fallbackReply)).toBeTruthy()
    // An interrupted answer is not an answer to save or copy.
    expect(within(cut).queryByRole('button', { name: chatStrings.copyMessage })).toBeNull()
    expect(userBubbles()).toHaveLength(1)
    // The server stored the question: the page moves to its conversation, so a reload shows it.
    await waitFor(() =>
      expect(router.state.location.pathname).toBe(`/lena-hart/talk/conversation/${CONVERSATION_ID}`),
    )

    // Retry is a real button, reached with Tab like any other.
    const retry = within(cut).getByRole('button', { name: chatStrings.retry })
    expect(retry.tagName).toBe('BUTTON')
    retry.focus()
    expect(document.activeElement).toBe(retry)
    fireEvent.click(retry)
    const answer = await screen.findByText(/8 hours/)
    expect(answer).toBeTruthy()
    await waitFor(() => expect(screen.queryByText(chatStrings.interrupted)).toBeNull())
    expect(userBubbles()).toHaveLength(1)
    expect(screen.getAllByRole('article', { name: 'Lena Hart' })).toHaveLength(1)
    const [first, second] = api.streamCalls
    expect(second).toEqual({ text: first!.text, conversationId: CONVERSATION_ID })
  })

  it('shows an interrupted answer from history with the same mark and Retry', async () => {
    const question = message({
      sender: 'USER',
      text: 'Are naps good?',
      clientMessageId: '6f1c2d3e-4b5a-4c6d-8e7f-000000000009',
    })
    let retriedWith: string | null = null
    const api = fakeChatApi(clones(), {
      streamResponse: (call) => {
        retriedWith = call.clientMessageId
        return null
      },
      conversations: [
        {
          id: CONVERSATION_ID,
          title: 'Naps',
          medium: 'WEB',
          shareId: null,
          createdAt: '2025-01-01T08:00:00.000Z',
          updatedAt: '2025-01-01T08:00:05.000Z',
          hidden: false,
          recordingUrl: null,
          messages: [question, message({ text: 'Short naps', status: 'interrupted' })],
        },
      ],
    })
    await renderApp(`/lena-hart/talk/conversation/${CONVERSATION_ID}`, { fetch: api.fetch })
    const cut = await screen.findByRole('article', { name: 'Lena Hart' })
    expect(cut.textContent).toContain('Short naps')
    expect(within(cut).getByText(chatStrings.interrupted)).toBeTruthy()
    expect(within(cut).getByText(chatStrings.fallbackReply)).toBeTruthy()
    fireEvent.click(within(cut).getByRole('button', { name: chatStrings.retry }))
    expect(await screen.findByText(/8 hours/)).toBeTruthy()
    expect(retriedWith).toBe(question.clientMessageId)
    expect(userBubbles()).toHaveLength(1)
  })

  it('opens the Sources overlay from a citation label and from the Sources button', async () => {
    const api = fakeChatApi(clones())
    const { router } = await renderApp('/lena-hart/talk?message=Coffee%3F', { fetch: api.fetch })
    const answer = await screen.findByRole('article', { name: 'Lena Hart' })
    fireEvent.click(within(answer).getByRole('button', { name: 'Source 2' }))
    const dialog = await screen.findByRole('dialog', { name: 'Sources' })
    expect(within(dialog).getByText('My Morning Light Routine')).toBeTruthy()
    expect(within(dialog).getByText('1:04')).toBeTruthy()
    expect(within(dialog).getByRole('button', { name: 'Play video: My Morning Light Routine' })).toBeTruthy()
    expect(router.state.location.search).toMatchObject({ citations: { citation: 2 } })
    fireEvent.click(within(dialog).getByRole('button', { name: 'All sources' }))
    await waitFor(() =>
      expect(within(dialog).getByRole('heading', { name: 'Cited in this answer' })).toBeTruthy(),
    )
    expect(within(dialog).getByRole('heading', { name: 'Other relevant sources' })).toBeTruthy()
    expect(within(dialog).getByText('Teen Sleep')).toBeTruthy()
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }))
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Sources' })).toBeNull())
    fireEvent.click(within(answer).getByRole('button', { name: /^Sources/ }))
    expect(await screen.findByRole('dialog', { name: 'Sources' })).toBeTruthy()
  })

  it('restores an existing conversation from its address', async () => {
    const question = message({
      sender: 'USER',
      text: 'Earlier question',
      createdAt: '2025-01-01T08:00:00.000Z',
    })
    const answerMessage = message({ text: 'Earlier answer', createdAt: '2025-01-01T08:00:05.000Z' })
    const api = fakeChatApi(clones(), {
      conversations: [
        {
          id: CONVERSATION_ID,
          title: 'Naps',
          medium: 'WEB',
          shareId: null,
          createdAt: '2025-01-01T08:00:00.000Z',
          updatedAt: '2025-01-01T08:00:05.000Z',
          hidden: false,
          recordingUrl: null,
          messages: [question, answerMessage],
        },
      ],
    })
    await renderApp(`/lena-hart/talk/conversation/${CONVERSATION_ID}`, { fetch: api.fetch })
    expect(await screen.findByText('Earlier answer')).toBeTruthy()
    expect(screen.getByText('Earlier question')).toBeTruthy()
    expect(screen.getByText('Naps')).toBeTruthy()
  })

  it('loads a restored answer’s citation text when its sources open (a conversation carries none)', async () => {
    const answerMessage = message({
      text: 'Caffeine late in the day costs deep sleep [1].',
      hasSources: true,
      // As GET conversation answers: only what labels the marker (contract MessageCitation).
      citations: [
        {
          index: 1,
          documentId: 'd1',
          type: 'Website',
          title: 'Caffeine Cutoff: When to Drink Your Last Coffee',
          url: 'https://lenahart.example.com/articles/caffeine-cutoff',
          visible: true,
        },
      ],
    })
    const api = fakeChatApi(clones(), {
      conversations: [conversationOf([message({ sender: 'USER', text: 'Coffee?' }), answerMessage])],
    })
    await renderApp(`/lena-hart/talk/conversation/${CONVERSATION_ID}`, { fetch: api.fetch })
    const answer = await screen.findByRole('article', { name: 'Lena Hart' })
    expect(api.sourcesReads).toEqual([])
    fireEvent.click(within(answer).getByRole('button', { name: 'Source 1' }))
    const dialog = await screen.findByRole('dialog', { name: 'Sources' })
    expect(
      await within(dialog).findByText('Have your last caffeine at least 8 hours before bed.'),
    ).toBeTruthy()
    expect(api.sourcesReads).toEqual([answerMessage.id])
  })

  it('puts a finished answer into the cached conversation instead of fetching it again', async () => {
    const api = fakeChatApi(clones(), {
      conversations: [
        conversationOf([
          message({ sender: 'USER', text: 'Earlier question' }),
          message({ text: 'Earlier answer' }),
        ]),
      ],
    })
    const { queryClient } = await renderApp(`/lena-hart/talk/conversation/${CONVERSATION_ID}`, {
      fetch: api.fetch,
    })
    await screen.findByText('Earlier answer')
    fireEvent.change(prompt(), { target: { value: 'How late can I drink coffee?' } })
    fireEvent.keyDown(prompt(), { key: 'Enter' })
    await waitFor(() => expect(screen.getAllByRole('article', { name: 'Lena Hart' })).toHaveLength(2))
    expect(screen.getAllByRole('article', { name: 'Lena Hart' })[1]!.textContent).toContain(
      'Have your last coffee 8 hours before bed',
    )
    await waitFor(() =>
      expect(
        queryClient
          .getQueryData<ConversationWithMessages>(conversationQueryKey(CONVERSATION_ID))
          ?.messages.map((m) => m.text),
      ).toEqual([
        'Earlier question',
        'Earlier answer',
        'How late can I drink coffee?',
        'Have your last coffee **8 hours** before bed [1]. Morning light helps too [2].',
      ]),
    )
    // Read once, when the page opened: the answer did not make it fetch the conversation again.
    expect(api.conversationReads).toEqual([CONVERSATION_ID])
  })

  it('shows creator announcements and a timestamp between messages 8 hours apart', async () => {
    const api = fakeChatApi(clones(), {
      conversations: [
        {
          id: CONVERSATION_ID,
          title: 'Conversation',
          medium: 'WEB',
          shareId: null,
          createdAt: '2025-01-01T08:00:00.000Z',
          updatedAt: '2025-01-01T20:00:00.000Z',
          hidden: false,
          recordingUrl: null,
          messages: [
            message({ sender: 'USER', text: 'Morning question', createdAt: '2025-01-01T08:00:00.000Z' }),
            message({ text: 'Morning answer', createdAt: '2025-01-01T08:00:05.000Z' }),
            message({ sender: 'OWNER', text: 'New video out today!', createdAt: '2025-01-01T20:00:00.000Z' }),
          ],
        },
      ],
    })
    await renderApp(`/lena-hart/talk/conversation/${CONVERSATION_ID}`, { fetch: api.fetch })
    expect(await screen.findByText('New video out today!')).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Sent by Lena Hart' })).toBeTruthy()
    expect(document.querySelector('time')?.getAttribute('datetime')).toBe('2025-01-01T20:00:00.000Z')
    // The default title is not shown as a title.
    expect(screen.queryByText('Conversation', { selector: 'span' })).toBeNull()
  })

  it('closes the Sources overlay when the citation asked for does not exist', async () => {
    const missing = '33333333-3333-4333-8333-333333333333'
    const param = encodeURIComponent(JSON.stringify({ message: missing, citation: 9 }))
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    const { router } = await renderApp(`/lena-hart/talk?citations=${param}`, {
      fetch: fakeChatApi(clones()).fetch,
    })
    await waitFor(() => expect(router.state.location.search).not.toHaveProperty('citations'))
    expect(screen.queryByRole('dialog', { name: 'Sources' })).toBeNull()
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('Citation data not found'))
  })

  it('opens the Sources overlay from the address for a message not on screen', async () => {
    const other = '44444444-4444-4444-8444-444444444444'
    const param = encodeURIComponent(JSON.stringify({ message: other }))
    await renderApp(`/lena-hart/talk?citations=${param}`, { fetch: fakeChatApi(clones()).fetch })
    const dialog = await screen.findByRole('dialog', { name: 'Sources' })
    expect(await within(dialog).findByText('My Morning Light Routine')).toBeTruthy()
  })

  it('says when a conversation cannot be found', async () => {
    await renderApp(`/lena-hart/talk/conversation/${CONVERSATION_ID}`, { fetch: fakeChatApi(clones()).fetch })
    expect(await screen.findByRole('heading', { name: 'Conversation not found' })).toBeTruthy()
  })
})
