import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { OutboundMessage } from '../../../../../contract/chat'
import type { ChatStreamAnswer } from '../../../../../renderer/src/api/chat'
import { STREAM_INACTIVITY_MS } from '../../../../../renderer/src/features/chat/chat.constants'
import { ChatStreamState } from '../../../../../renderer/src/features/chat/chat-stream.machine'
import { createChatStreamStore } from '../../../../../renderer/src/features/chat/chat-stream.store'
import { eventually } from '../../../../support/eventually'
import { CONVERSATION_ID, dataLine, manualStream, message, nextUuid } from '../../support/chat'

/** A store wired to a hand-fed stream, manual animation frames and recorded calls. */
function setup(answer?: ChatStreamAnswer) {
  const stream = manualStream()
  const frames: (() => void)[] = []
  const openStream = vi.fn(
    async (_message: unknown, _signal: AbortSignal): Promise<ChatStreamAnswer> =>
      answer ?? { ok: true, body: stream.stream },
  )
  const storeMessages = vi.fn(async (request: { userText: string; cloneText: string }) => ({
    conversationId: CONVERSATION_ID,
    messages: [
      message({ sender: 'USER', text: request.userText }),
      ...(request.cloneText ? [message({ text: request.cloneText })] : []),
    ],
  }))
  const requestTitle = vi.fn(async () => 'Caffeine timing')
  const store = createChatStreamStore({
    openStream,
    storeMessages,
    requestTitle,
    requestFrame: (callback) => frames.push(callback),
    cancelFrame: (handle) => {
      frames[handle - 1] = () => {}
    },
    newStamp: () => ({ id: nextUuid(), createdAt: new Date().toISOString() }),
    timezone: () => 'Europe/Berlin',
    log: () => {},
  })
  store.openSession({ slug: 'lena-hart' })
  const runFrames = () => {
    for (const frame of frames.splice(0)) frame()
  }
  return { store, stream, openStream, storeMessages, requestTitle, runFrames, frames }
}

afterEach(() => {
  vi.useRealTimers()
})

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/

/** The client message id the n-th stream call carried. */
const sentId = (openStream: ReturnType<typeof setup>['openStream'], n = 0) =>
  (openStream.mock.calls[n]?.[0] as OutboundMessage | undefined)?.clientMessageId

/** What the thread shows: sender, text and status of each message. */
const shown = (store: ReturnType<typeof setup>['store']) =>
  store.state.messages.map((m) => [m.sender, m.text, m.status])

describe('chat stream store', () => {
  it('sends a valid outbound message and shows outbound pending until the first token', async () => {
    const { store, openStream } = setup()
    store.setDraft('How late can I drink coffee?')
    void store.send('How late can I drink coffee?', { fromDraft: true })
    expect(store.state.state).toBe(ChatStreamState.OUTBOUND_PENDING)
    expect(store.state.outboundPending).toBe(true)
    expect(store.state.draft.text).toBe('')
    expect(store.state.messages.map((m) => m.sender)).toEqual(['USER'])
    expect(openStream.mock.calls[0]?.[0]).toEqual({
      text: 'How late can I drink coffee?',
      slug: 'lena-hart',
      conversationId: null,
      instanceId: null,
      locationId: null,
      timezone: 'Europe/Berlin',
      files: [],
      clientMessageId: expect.stringMatching(UUID),
    })
    // The question shown carries the same id: a retry sends it again.
    expect(store.state.messages[0]?.clientMessageId).toBe(sentId(openStream))
  })

  it('buffers tokens and shows them at most once per animation frame', async () => {
    const { store, stream, runFrames, frames } = setup()
    void store.send('Hi')
    stream.push(dataLine({ current_token: 'Cut ' }))
    stream.push(dataLine({ current_token: 'off ' }))
    stream.push(dataLine({ current_token: 'at 2 pm' }))
    await eventually(() => expect(store.bufferedText()).toBe('Cut off at 2 pm'))
    expect(store.state.receiving).toBe(true)
    expect(store.state.outboundPending).toBe(false)
    expect(store.state.streaming.text).toBe('')
    expect(frames).toHaveLength(1)
    runFrames()
    expect(store.state.streaming.text).toBe('Cut off at 2 pm')
  })

  it('appends the final message, clears the buffer and sets the title of a new conversation', async () => {
    const { store, stream, requestTitle } = setup()
    const sending = store.send('How late can I drink coffee?')
    const final = message({ text: 'By 2 pm [1].' })
    const storedUser = message({ sender: 'USER', text: 'How late can I drink coffee?' })
    stream.push(dataLine({ current_token: 'By 2 pm' }))
    stream.push(dataLine({ message: final, userMessage: storedUser }))
    const outcome = await sending
    expect(outcome).toEqual({
      kind: 'completed',
      message: final,
      conversationId: CONVERSATION_ID,
      newConversation: true,
    })
    expect(store.state.state).toBe(ChatStreamState.IDLE)
    expect(store.state.streaming.text).toBe('')
    expect(store.state.messages).toEqual([storedUser, final])
    expect(store.state.conversationId).toBe(CONVERSATION_ID)
    expect(requestTitle).toHaveBeenCalledWith('How late can I drink coffee?')
    await eventually(() => expect(store.state.title).toBe('Caffeine timing'))
  })

  it('does not ask for a title when the conversation already has one', async () => {
    const { store, stream, requestTitle } = setup()
    store.openSession({ slug: 'lena-hart', conversationId: CONVERSATION_ID })
    store.loadConversation({
      id: CONVERSATION_ID,
      title: 'Naps',
      medium: 'WEB',
      shareId: null,
      createdAt: '2025-01-01T10:00:00.000Z',
      updatedAt: '2025-01-01T10:00:00.000Z',
      hidden: false,
      recordingUrl: null,
      messages: [],
    })
    const sending = store.send('Hi')
    stream.push(dataLine({ message: message() }))
    expect((await sending).kind).toBe('completed')
    expect(requestTitle).not.toHaveBeenCalled()
    expect(store.state.title).toBe('Naps')
  })

  it('blocks a second send while a response is pending', async () => {
    const { store, openStream } = setup()
    void store.send('One')
    expect(await store.send('Two')).toEqual({ kind: 'blocked' })
    expect(openStream).toHaveBeenCalledTimes(1)
  })

  it('does not send empty text or an outbound message that fails the schema', async () => {
    const { store, openStream } = setup()
    expect(await store.send('   ')).toEqual({ kind: 'empty' })
    store.setDraft('x'.repeat(9000))
    expect(await store.send('x'.repeat(9000), { fromDraft: true })).toEqual({ kind: 'invalid' })
    expect(store.state.draft.text).toHaveLength(9000)
    expect(store.state.messages).toEqual([])
    expect(openStream).not.toHaveBeenCalled()
  })

  it('restores the draft on a non-OK answer', async () => {
    const { store } = setup({
      ok: false,
      status: 500,
      statusText: 'Internal Server Error',
      code: 'internal',
      message: 'x',
    })
    store.setDraft('Keep me')
    const outcome = await store.send('Keep me', { fromDraft: true })
    expect(outcome).toEqual({
      kind: 'rejected',
      status: 500,
      statusText: 'Internal Server Error',
      paymentRequired: false,
    })
    expect(store.state.draft.text).toBe('Keep me')
    expect(store.state.messages).toEqual([])
    expect(store.state.state).toBe(ChatStreamState.IDLE)
  })

  it('treats 402 as usage enforcement and still never loses the draft', async () => {
    const { store } = setup({
      ok: false,
      status: 402,
      statusText: 'Payment Required',
      code: null,
      message: null,
    })
    const outcome = await store.send('Paywalled question', { fromDraft: true })
    expect(outcome).toMatchObject({ kind: 'rejected', status: 402, paymentRequired: true })
    expect(store.state.draft.text).toBe('Paywalled question')
  })

  it.each([
    [
      'an error event',
      [dataLine({ current_token: 'Par' }), dataLine({ error: { code: 'internal', message: 'brain down' } })],
    ],
    ['malformed data', [dataLine({ current_token: 'Par' }), 'data: {not json\n\n']],
    ['an unknown event', [dataLine({ surprise: true })]],
  ])('keeps the question and the reply so far, interrupted, on %s', async (_name, chunks) => {
    const { store, stream } = setup()
    const sending = store.send('Hi')
    for (const chunk of chunks) stream.push(chunk)
    const outcome = await sending
    expect(outcome).toMatchObject({ kind: 'failed', conversationId: null, newConversation: true })
    expect(store.state.state).toBe(ChatStreamState.IDLE)
    expect(store.state.streaming.text).toBe('')
    const partial = chunks.length > 1 ? 'Par' : ''
    expect(shown(store)).toEqual([
      ['USER', 'Hi', undefined],
      ['CLONE', partial, 'interrupted'],
    ])
  })

  it('keeps the partial answer, interrupted, when the stream ends without a final message', async () => {
    const { store, stream } = setup()
    const sending = store.send('Hi')
    stream.push(dataLine({ current_token: 'Half an ans' }))
    stream.end()
    expect((await sending).kind).toBe('failed')
    expect(shown(store)).toEqual([
      ['USER', 'Hi', undefined],
      ['CLONE', 'Half an ans', 'interrupted'],
    ])
  })

  it('keeps the question, with an interrupted answer, when the connection breaks', async () => {
    const { store, stream } = setup()
    const sending = store.send('Hi')
    stream.fail(new TypeError('network error'))
    expect((await sending).kind).toBe('failed')
    expect(shown(store)).toEqual([
      ['USER', 'Hi', undefined],
      ['CLONE', '', 'interrupted'],
    ])
  })

  it('keeps the question, with an interrupted answer, when the request cannot reach the server', async () => {
    const { store, openStream } = setup()
    openStream.mockRejectedValueOnce(new TypeError('Failed to fetch'))
    expect((await store.send('Hi')).kind).toBe('failed')
    expect(shown(store).at(-1)).toEqual(['CLONE', '', 'interrupted'])
    expect(store.state.messages[0]?.text).toBe('Hi')
  })

  it('keeps the partial reply when the visitor stops, and stores it', async () => {
    const { store, stream, storeMessages, runFrames, openStream } = setup()
    const sending = store.send('Tell me everything')
    stream.push(dataLine({ current_token: 'First, ' }))
    stream.push(dataLine({ current_token: 'caffeine' }))
    await eventually(() => expect(store.bufferedText()).toBe('First, caffeine'))
    runFrames()
    void store.stop()
    // At once: idle, the partial reply shown as a clone message, nothing streaming.
    expect(store.state.state).toBe(ChatStreamState.IDLE)
    expect(store.state.streaming.text).toBe('')
    expect(store.state.messages.map((m) => [m.sender, m.text])).toEqual([
      ['USER', 'Tell me everything'],
      ['CLONE', 'First, caffeine'],
    ])
    const outcome = await sending
    expect(outcome).toEqual({ kind: 'aborted', conversationId: CONVERSATION_ID, newConversation: true })
    expect(storeMessages).toHaveBeenCalledWith({
      slug: 'lena-hart',
      conversationId: null,
      instanceId: null,
      userText: 'Tell me everything',
      userFiles: [],
      cloneText: 'First, caffeine',
      // The stream may have stored the question already: the server keeps that copy, not a second.
      clientMessageId: sentId(openStream),
    })
    // The stored copies replace the local ones.
    expect(store.state.conversationId).toBe(CONVERSATION_ID)
    expect(store.state.messages.map((m) => m.text)).toEqual(['Tell me everything', 'First, caffeine'])
    expect(store.state.messages.every((m) => m.conversationId === CONVERSATION_ID)).toBe(true)
  })

  it('stops before any token: the question alone is stored', async () => {
    const { store, storeMessages } = setup()
    const sending = store.send('Quick one')
    void store.stop()
    expect((await sending).kind).toBe('aborted')
    expect(storeMessages).toHaveBeenCalledWith(
      expect.objectContaining({ userText: 'Quick one', cloneText: '' }),
    )
    expect(store.state.messages.map((m) => m.sender)).toEqual(['USER'])
  })

  it('ignores events that arrive after a stop', async () => {
    const { store, stream } = setup()
    const sending = store.send('Hi')
    stream.push(dataLine({ current_token: 'A' }))
    await eventually(() => expect(store.bufferedText()).toBe('A'))
    void store.stop()
    // The reader cancelled the stream; a late final message can no longer arrive, or is ignored if it does.
    expect(() => stream.push(dataLine({ message: message({ text: 'Full answer' }) }))).toThrow()
    await sending
    expect(store.state.messages.map((m) => m.text)).toEqual(['Hi', 'A'])
  })

  describe('inactivity watchdog', () => {
    beforeEach(() => {
      vi.useFakeTimers()
    })

    it('aborts after 30 s without data and keeps the reply so far, interrupted', async () => {
      const { store, stream } = setup()
      const sending = store.send('Hi')
      await vi.advanceTimersByTimeAsync(1)
      stream.push(dataLine({ current_token: 'Thinking' }))
      await vi.advanceTimersByTimeAsync(STREAM_INACTIVITY_MS - 1)
      expect(store.state.state).toBe(ChatStreamState.RECEIVING)
      await vi.advanceTimersByTimeAsync(1)
      expect(store.state.state).toBe(ChatStreamState.IDLE)
      expect(await sending).toEqual({ kind: 'timeout', conversationId: null, newConversation: true })
      expect(shown(store).at(-1)).toEqual(['CLONE', 'Thinking', 'interrupted'])
    })

    it('counts heartbeats as data', async () => {
      const { store, stream } = setup()
      const sending = store.send('Hi')
      for (let i = 0; i < 4; i += 1) {
        await vi.advanceTimersByTimeAsync(STREAM_INACTIVITY_MS - 1000)
        stream.push(': ping\n\n')
      }
      await vi.advanceTimersByTimeAsync(1)
      expect(store.state.state).toBe(ChatStreamState.OUTBOUND_PENDING)
      stream.push(dataLine({ message: message({ text: 'Done' }) }))
      expect((await sending).kind).toBe('completed')
    })

    it('times out while waiting for the answer to start', async () => {
      const { store, openStream } = setup()
      openStream.mockImplementationOnce(
        (_message: unknown, signal: AbortSignal) =>
          new Promise((_resolve, reject) => signal.addEventListener('abort', () => reject(signal.reason))),
      )
      const sending = store.send('Hi')
      await vi.advanceTimersByTimeAsync(STREAM_INACTIVITY_MS)
      expect(await sending).toEqual({ kind: 'timeout', conversationId: null, newConversation: true })
    })

    it('clears the watchdog once the answer is complete', async () => {
      const { store, stream } = setup()
      const sending = store.send('Hi')
      stream.push(dataLine({ message: message({ text: 'Done' }) }))
      await vi.advanceTimersByTimeAsync(1)
      expect((await sending).kind).toBe('completed')
      await vi.advanceTimersByTimeAsync(STREAM_INACTIVITY_MS * 2)
      expect(store.state.messages.map((m) => m.text)).toEqual(['Hi', 'Done'])
    })
  })

  describe('interrupted answers and Retry (issue #11)', () => {
    /** Sends 'How late?' and breaks the stream after the question was stored and a few tokens came. */
    async function interrupted() {
      const ctx = setup()
      const sending = ctx.store.send('How late?')
      const clientMessageId = sentId(ctx.openStream)!
      const storedQuestion = message({ sender: 'USER', text: 'How late?', clientMessageId })
      ctx.stream.push(
        dataLine({ accepted: { conversationId: CONVERSATION_ID, userMessage: storedQuestion } }),
      )
      ctx.stream.push(dataLine({ current_token: 'Cut off ' }))
      // The connection drops once these were read (an errored stream drops what is still queued).
      await eventually(() => expect(ctx.store.bufferedText()).toBe('Cut off '))
      ctx.stream.fail(new TypeError('network error'))
      const outcome = await sending
      return { ...ctx, outcome, clientMessageId, storedQuestion }
    }

    /** The next stream the store opens, fed by hand. */
    function nextStream(openStream: ReturnType<typeof setup>['openStream']) {
      const next = manualStream()
      openStream.mockResolvedValueOnce({ ok: true, body: next.stream })
      return next
    }

    it('keeps the stored question in its conversation, and says where it is', async () => {
      const { store, outcome, storedQuestion } = await interrupted()
      expect(outcome).toMatchObject({
        kind: 'failed',
        conversationId: CONVERSATION_ID,
        newConversation: true,
      })
      expect(store.state.conversationId).toBe(CONVERSATION_ID)
      expect(store.state.messages[0]).toEqual(storedQuestion)
      expect(shown(store)).toEqual([
        ['USER', 'How late?', undefined],
        ['CLONE', 'Cut off ', 'interrupted'],
      ])
    })

    it('retries with the same client message id, and the answer replaces the interrupted one', async () => {
      const { store, openStream, clientMessageId, storedQuestion, requestTitle } = await interrupted()
      const next = nextStream(openStream)
      const interruptedId = store.state.messages[1]!.id
      const retrying = store.retry(interruptedId)
      // At once: the question stays (once), the interrupted reply gives way to the pending one.
      expect(store.state.state).toBe(ChatStreamState.OUTBOUND_PENDING)
      expect(store.state.messages).toEqual([storedQuestion])
      expect(openStream.mock.calls[1]?.[0]).toMatchObject({
        text: 'How late?',
        conversationId: CONVERSATION_ID,
        clientMessageId,
        files: [],
      })
      const final = message({ text: 'Cut off caffeine by 2 pm.' })
      next.push(dataLine({ accepted: { conversationId: CONVERSATION_ID, userMessage: storedQuestion } }))
      next.push(dataLine({ current_token: 'Cut off caffeine by 2 pm.' }))
      next.push(dataLine({ message: final, userMessage: storedQuestion }))
      expect(await retrying).toMatchObject({ kind: 'completed', message: final, newConversation: false })
      expect(shown(store)).toEqual([
        ['USER', 'How late?', undefined],
        ['CLONE', 'Cut off caffeine by 2 pm.', undefined],
      ])
      // The question was the conversation's first: its title is set now that it has an answer.
      expect(requestTitle).toHaveBeenCalledWith('How late?')
    })

    it('a retry that breaks again leaves one question and one interrupted answer', async () => {
      const { store, openStream } = await interrupted()
      const next = nextStream(openStream)
      const retrying = store.retry(store.state.messages[1]!.id)
      next.push(dataLine({ current_token: 'Again ' }))
      next.end()
      expect((await retrying).kind).toBe('failed')
      expect(shown(store)).toEqual([
        ['USER', 'How late?', undefined],
        ['CLONE', 'Again ', 'interrupted'],
      ])
    })

    it('a refused retry (402) keeps the question and its interrupted answer, and leaves the draft alone', async () => {
      const { store, openStream } = await interrupted()
      openStream.mockResolvedValueOnce({
        ok: false,
        status: 402,
        statusText: 'Payment Required',
        code: null,
        message: null,
      })
      store.setDraft('Something else')
      const before = shown(store)
      expect(await store.retry(store.state.messages[1]!.id)).toMatchObject({ kind: 'rejected', status: 402 })
      expect(shown(store)).toEqual(before)
      expect(store.state.draft.text).toBe('Something else')
    })

    it('retries only the interrupted answer that ends the thread, and only when idle', async () => {
      const { store, openStream } = await interrupted()
      expect(await store.retry(store.state.messages[0]!.id)).toEqual({ kind: 'blocked' })
      expect(await store.retry('00000000-0000-4000-8000-00000000ffff')).toEqual({ kind: 'blocked' })
      const next = nextStream(openStream)
      const id = store.state.messages[1]!.id
      void store.retry(id)
      expect(await store.retry(id)).toEqual({ kind: 'blocked' })
      next.push(dataLine({ message: message({ text: 'Done' }) }))
      await eventually(() => expect(store.state.state).toBe(ChatStreamState.IDLE))
      expect(openStream).toHaveBeenCalledTimes(2)
    })

    it("retries an interrupted answer loaded from history with its question's stored id and files", async () => {
      const { store, openStream } = setup()
      const question = message({
        sender: 'USER',
        text: 'And naps?',
        clientMessageId: '6f1c2d3e-4b5a-4c6d-8e7f-000000000001',
        files: ['http://localhost/api/uploads/files/k/notes.txt'],
      })
      const cut = message({ text: 'Naps help', status: 'interrupted' })
      store.openSession({ slug: 'lena-hart', conversationId: CONVERSATION_ID })
      store.loadConversation({
        id: CONVERSATION_ID,
        title: 'Naps',
        medium: 'WEB',
        shareId: null,
        createdAt: '2025-01-01T10:00:00.000Z',
        updatedAt: '2025-01-01T10:00:00.000Z',
        hidden: false,
        recordingUrl: null,
        messages: [question, cut],
      })
      const next = nextStream(openStream)
      const retrying = store.retry(cut.id)
      expect(openStream.mock.calls[0]?.[0]).toMatchObject({
        text: 'And naps?',
        conversationId: CONVERSATION_ID,
        clientMessageId: question.clientMessageId,
        files: question.files,
      })
      next.push(dataLine({ message: message({ text: 'Naps help, if short.' }), userMessage: question }))
      expect((await retrying).kind).toBe('completed')
      expect(store.state.messages.map((m) => m.text)).toEqual(['And naps?', 'Naps help, if short.'])
    })
  })

  describe('sessions', () => {
    it('keeps the messages when the page moves to the conversation it just created', async () => {
      const { store, stream } = setup()
      const sending = store.send('Hi')
      stream.push(dataLine({ message: message({ text: 'Hello' }) }))
      await sending
      store.openSession({ slug: 'lena-hart', conversationId: CONVERSATION_ID })
      expect(store.state.messages).toHaveLength(2)
      expect(store.state.session.loaded).toBe(true)
    })

    it('is idempotent for the same target (StrictMode effects)', () => {
      const { store } = setup()
      void store.send('Hi')
      store.openSession({ slug: 'lena-hart' })
      expect(store.state.state).toBe(ChatStreamState.OUTBOUND_PENDING)
    })

    it('starts over for another conversation and loads it once', () => {
      const { store } = setup()
      store.openSession({ slug: 'lena-hart', conversationId: CONVERSATION_ID })
      expect(store.state.session.loaded).toBe(false)
      const conversation = {
        id: CONVERSATION_ID,
        title: 'Conversation',
        medium: 'WEB' as const,
        shareId: null,
        createdAt: '2025-01-01T10:00:00.000Z',
        updatedAt: '2025-01-01T10:00:00.000Z',
        hidden: false,
        recordingUrl: null,
        messages: [message({ sender: 'USER', text: 'Q' }), message({ text: 'A' })],
      }
      store.loadConversation(conversation)
      expect(store.state.messages.map((m) => m.text)).toEqual(['Q', 'A'])
      expect(store.state.session.loaded).toBe(true)
      store.loadConversation({ ...conversation, messages: [] })
      expect(store.state.messages).toHaveLength(2)
    })

    it('Start New Conversation stops the reply in flight and empties the chat', async () => {
      const { store, stream, storeMessages } = setup()
      const sending = store.send('Hi')
      stream.push(dataLine({ current_token: 'Part' }))
      await eventually(() => expect(store.bufferedText()).toBe('Part'))
      store.startNewConversation()
      expect(store.state.messages).toEqual([])
      expect(store.state.state).toBe(ChatStreamState.IDLE)
      expect((await sending).kind).toBe('aborted')
      expect(storeMessages).toHaveBeenCalledTimes(1)
      // The stored exchange belongs to the old conversation: the new one stays empty.
      expect(store.state.messages).toEqual([])
      expect(store.state.conversationId).toBeNull()
    })
  })
})
