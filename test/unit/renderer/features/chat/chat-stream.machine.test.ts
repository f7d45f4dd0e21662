import { describe, expect, it } from 'vitest'
import {
  type ChatStreamEvent,
  type ChatStreamModel,
  ChatStreamState,
  chatStreamReducer,
  chatStreamTransitions,
  initialChatStreamModel,
  isRetryable,
} from '../../../../../renderer/src/features/chat/chat-stream.machine'
import { CONVERSATION_ID, message } from '../../support/chat'

const stamp = { id: '99999999-9999-4999-8999-999999999999', createdAt: '2025-01-01T10:00:05.000Z' }
const userMessage = message({ sender: 'USER', text: 'How late can I drink coffee?' })
const run = (events: ChatStreamEvent[], from: ChatStreamModel = initialChatStreamModel()) =>
  events.reduce(chatStreamReducer, from)

const sent = () => run([{ type: 'SEND', userMessage }])
const receiving = () =>
  run(
    [
      { type: 'TOKEN', token: 'Cut ' },
      { type: 'TOKEN', token: 'off' },
    ],
    sent(),
  )

describe('chat stream machine (spec 1 §4)', () => {
  it('names the states as the spec does', () => {
    expect(Object.keys(chatStreamTransitions)).toEqual(['IDLE', 'OUTBOUND_PENDING', 'RECEIVING'])
  })

  it('IDLE --SEND--> OUTBOUND_PENDING: outbound pending, the user message queued', () => {
    const model = sent()
    expect(model.state).toBe(ChatStreamState.OUTBOUND_PENDING)
    expect(model.outboundPending).toBe(true)
    expect(model.receiving).toBe(false)
    expect(model.messages).toEqual([userMessage])
    expect(model.pendingUserMessage).toBe(userMessage)
  })

  it('OUTBOUND_PENDING --TOKEN--> RECEIVING: the first token clears outbound pending', () => {
    const model = run([{ type: 'TOKEN', token: 'Cut ' }], sent())
    expect(model.state).toBe(ChatStreamState.RECEIVING)
    expect(model.outboundPending).toBe(false)
    expect(model.receiving).toBe(true)
    expect(model.buffer).toBe('Cut ')
  })

  it('RECEIVING --TOKEN--> RECEIVING: tokens are buffered', () => {
    expect(receiving().buffer).toBe('Cut off')
    expect(receiving().messages).toHaveLength(1)
  })

  it('RECEIVING --FINAL--> IDLE: appends the clone message, clears the buffer, takes the conversation id', () => {
    const final = message({ text: 'Cut off caffeine 8 hours before bed [1].' })
    const stored = message({ sender: 'USER', text: userMessage.text })
    const model = run([{ type: 'FINAL', message: final, userMessage: stored }], receiving())
    expect(model.state).toBe(ChatStreamState.IDLE)
    expect(model.buffer).toBe('')
    expect(model.outboundPending || model.receiving).toBe(false)
    expect(model.messages).toEqual([stored, final])
    expect(model.conversationId).toBe(CONVERSATION_ID)
  })

  it('OUTBOUND_PENDING --FINAL--> IDLE: a final message without tokens', () => {
    const final = message({ text: 'Short' })
    const model = run([{ type: 'FINAL', message: final }], sent())
    expect(model.messages).toEqual([userMessage, final])
  })

  it.each(['FAIL', 'TIMEOUT'] as const)(
    'RECEIVING --%s--> IDLE: keeps the question and the reply so far, marked interrupted',
    (type) => {
      const model = run([{ type, stamp }], receiving())
      expect(model.state).toBe(ChatStreamState.IDLE)
      expect(model.buffer).toBe('')
      expect(model.messages.map((m) => [m.sender, m.text, m.status])).toEqual([
        ['USER', userMessage.text, undefined],
        ['CLONE', 'Cut off', 'interrupted'],
      ])
      expect(model.messages[0]).toBe(userMessage)
      expect(isRetryable(model.messages[1]!)).toBe(true)
    },
  )

  it.each(['FAIL', 'TIMEOUT'] as const)(
    'OUTBOUND_PENDING --%s--> IDLE: an empty interrupted reply',
    (type) => {
      const model = run([{ type, stamp }], sent())
      expect(model.messages.at(-1)).toMatchObject({
        id: stamp.id,
        sender: 'CLONE',
        text: '',
        status: 'interrupted',
      })
      expect(model.outboundPending).toBe(false)
    },
  )

  it('OUTBOUND_PENDING --ACCEPTED--> OUTBOUND_PENDING: the stored question replaces the local one', () => {
    const stored = message({ sender: 'USER', text: userMessage.text, clientMessageId: stamp.id })
    const model = run([{ type: 'ACCEPTED', conversationId: CONVERSATION_ID, userMessage: stored }], sent())
    expect(model.state).toBe(ChatStreamState.OUTBOUND_PENDING)
    expect(model.messages).toEqual([stored])
    expect(model.pendingUserMessage).toBe(stored)
    expect(model.conversationId).toBe(CONVERSATION_ID)
    // Then the answer breaks: the question stays, in its conversation.
    const failed = run(
      [
        { type: 'TOKEN', token: 'Cut' },
        { type: 'FAIL', stamp },
      ],
      model,
    )
    expect(failed.messages.map((m) => m.id)).toEqual([stored.id, stamp.id])
    expect(failed.conversationId).toBe(CONVERSATION_ID)
  })

  it('IDLE --RETRY--> OUTBOUND_PENDING: the question stays once, the interrupted reply makes way', () => {
    const failed = run([{ type: 'FAIL', stamp }], receiving())
    const reply = failed.messages[1]!
    const model = run([{ type: 'RETRY', question: userMessage, reply }], failed)
    expect(model.state).toBe(ChatStreamState.OUTBOUND_PENDING)
    expect(model.outboundPending).toBe(true)
    expect(model.messages).toEqual([userMessage])
    expect(model.pendingUserMessage).toBe(userMessage)

    const final = message({ text: 'Cut off caffeine by 2 pm.' })
    const stored = message({ sender: 'USER', text: userMessage.text })
    const answered = run(
      [
        { type: 'TOKEN', token: 'Cut off' },
        { type: 'FINAL', message: final, userMessage: stored },
      ],
      model,
    )
    expect(answered.messages).toEqual([stored, final])
  })

  it('a refused RETRY keeps the question and puts the interrupted reply back', () => {
    const failed = run([{ type: 'FAIL', stamp }], receiving())
    const reply = failed.messages[1]!
    const model = run([{ type: 'RETRY', question: userMessage, reply }, { type: 'REJECT' }], failed)
    expect(model.state).toBe(ChatStreamState.IDLE)
    expect(model.messages).toEqual([userMessage, reply])
    expect(model.retriedReply).toBeNull()
  })

  it('RECEIVING --ABORT--> IDLE: the partial reply becomes a clone message', () => {
    const model = run([{ type: 'ABORT', stamp }], receiving())
    expect(model.state).toBe(ChatStreamState.IDLE)
    expect(model.messages.at(-1)).toMatchObject({ id: stamp.id, sender: 'CLONE', text: 'Cut off' })
  })

  it('OUTBOUND_PENDING --ABORT--> IDLE: nothing arrived, nothing is added', () => {
    const model = run([{ type: 'ABORT', stamp }], sent())
    expect(model.messages).toEqual([userMessage])
  })

  it('OUTBOUND_PENDING --REJECT--> IDLE: the user message is taken back', () => {
    const model = run([{ type: 'REJECT' }], sent())
    expect(model.state).toBe(ChatStreamState.IDLE)
    expect(model.messages).toEqual([])
  })

  it('IDLE --PERSISTED--> IDLE: local copies are replaced by the stored ones', () => {
    const aborted = run([{ type: 'ABORT', stamp }], receiving())
    const stored = [message({ sender: 'USER', text: userMessage.text }), message({ text: 'Cut off' })]
    const model = run(
      [
        {
          type: 'PERSISTED',
          conversationId: CONVERSATION_ID,
          replace: [userMessage.id, stamp.id],
          messages: stored,
        },
      ],
      aborted,
    )
    expect(model.messages).toEqual(stored)
    expect(model.conversationId).toBe(CONVERSATION_ID)
  })

  it('IDLE --LOAD--> IDLE and any --RESET--> IDLE', () => {
    const loaded = run([{ type: 'LOAD', conversationId: CONVERSATION_ID, messages: [userMessage] }])
    expect(loaded.messages).toEqual([userMessage])
    expect(loaded.conversationId).toBe(CONVERSATION_ID)
    expect(run([{ type: 'RESET' }], receiving())).toEqual(initialChatStreamModel())
  })

  it('ignores what a state does not accept: no second send while pending, no tokens when idle', () => {
    const pending = sent()
    expect(chatStreamReducer(pending, { type: 'SEND', userMessage })).toBe(pending)
    const idle = initialChatStreamModel()
    expect(chatStreamReducer(idle, { type: 'TOKEN', token: 'x' })).toBe(idle)
    expect(chatStreamReducer(idle, { type: 'FINAL', message: message() })).toBe(idle)
    expect(chatStreamReducer(receiving(), { type: 'REJECT' })).toEqual(receiving())
    expect(chatStreamReducer(pending, { type: 'LOAD', conversationId: CONVERSATION_ID, messages: [] })).toBe(
      pending,
    )
  })

  describe('IDLE --ANNOUNCED--> IDLE (creator announcements, issue #15)', () => {
    const at = (createdAt: string, overrides = {}) => message({ createdAt, ...overrides })
    const question = at('2025-01-01T10:00:00.000Z', { sender: 'USER' })
    const answer = at('2025-01-01T10:00:02.000Z')
    const loaded = () =>
      run([{ type: 'LOAD', conversationId: CONVERSATION_ID, messages: [question, answer] }])

    it('adds new announcements of the open conversation in their place by time, each once', () => {
      const late = at('2025-01-01T11:00:00.000Z', { sender: 'OWNER', text: 'New dates' })
      const between = at('2025-01-01T10:00:01.000Z', { sender: 'OWNER', text: 'Earlier' })
      const event = { type: 'ANNOUNCED', conversationId: CONVERSATION_ID, messages: [between, late] } as const
      const model = run([event, event], loaded())
      expect(model.messages).toEqual([question, between, answer, late])
      expect(model.state).toBe(ChatStreamState.IDLE)
    })

    it('ignores them mid-answer, for another conversation, and anything not from the owner', () => {
      const note = at('2025-01-01T11:00:00.000Z', { sender: 'OWNER' })
      const pending = receiving()
      expect(
        chatStreamReducer(pending, { type: 'ANNOUNCED', conversationId: CONVERSATION_ID, messages: [note] }),
      ).toBe(pending)
      const idle = loaded()
      const other = {
        type: 'ANNOUNCED',
        conversationId: '22222222-2222-4222-8222-222222222222',
        messages: [note],
      } as const
      expect(chatStreamReducer(idle, other)).toBe(idle)
      const clone = at('2025-01-01T11:00:00.000Z')
      expect(
        chatStreamReducer(idle, { type: 'ANNOUNCED', conversationId: CONVERSATION_ID, messages: [clone] }),
      ).toBe(idle)
    })
  })
})
