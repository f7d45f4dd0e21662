import type { ChatMessage } from '../../../../contract/chat'
import { chatStrings } from './chat.strings'

/*
 * spec 1 §4 'Chat stream' as data. Sending sets outbound pending (the text is queued, then sent); the first
 * token clears outbound pending and sets receiving; tokens are buffered; the final message appends the clone
 * message and clears the buffer; an error event or a broken stream resets the state and appends the fallback
 * clone message; aborting stores any partial reply as a clone message. A pure reducer: the store owns I/O,
 * timers and the once-per-frame flush of the buffer.
 */

export const ChatStreamState = {
  /** Nothing in flight: the prompt may send. */
  IDLE: 'IDLE',
  /** spec: 'outbound pending' — sent, no token yet. */
  OUTBOUND_PENDING: 'OUTBOUND_PENDING',
  /** spec: 'receiving' — tokens are arriving. */
  RECEIVING: 'RECEIVING',
} as const
export type ChatStreamState = (typeof ChatStreamState)[keyof typeof ChatStreamState]

export interface ChatStreamModel {
  state: ChatStreamState
  /** spec 1 §3 'Draft': the outbound pending flag. */
  outboundPending: boolean
  receiving: boolean
  /** The reply so far (not reactive: the store shows it at most once per animation frame). */
  buffer: string
  messages: readonly ChatMessage[]
  conversationId: string | null
  /** The user message in flight, as shown before the server confirms it. */
  pendingUserMessage: ChatMessage | null
}

/** Identity and time for a message the client makes itself (fallback, partial reply, optimistic user message). */
export interface LocalStamp {
  id: string
  createdAt: string
}

export type ChatStreamEvent =
  | { type: 'SEND'; userMessage: ChatMessage }
  | { type: 'TOKEN'; token: string }
  /** The final message; `userMessage` is the server's stored copy of what was sent. */
  | { type: 'FINAL'; message: ChatMessage; userMessage?: ChatMessage }
  /** An error event, a network failure, malformed data or a stream that ended without a final message. */
  | { type: 'FAIL'; stamp: LocalStamp }
  /** 30 s without data (spec 1 §8): the stream is aborted and treated as broken. */
  | { type: 'TIMEOUT'; stamp: LocalStamp }
  /** The visitor stopped the reply. */
  | { type: 'ABORT'; stamp: LocalStamp }
  /** The server refused the message (non-OK status): nothing was sent, so the user message is taken back. */
  | { type: 'REJECT' }
  /** The aborted exchange was stored: local copies are replaced by the stored ones. */
  | {
      type: 'PERSISTED'
      conversationId: string
      replace: readonly string[]
      messages: readonly ChatMessage[]
    }
  /** An existing conversation was loaded. */
  | { type: 'LOAD'; conversationId: string; messages: readonly ChatMessage[] }
  /** A fresh, empty conversation. */
  | { type: 'RESET' }

export type ChatStreamEventType = ChatStreamEvent['type']

/** Which events each state accepts, and the state they lead to. Anything else is ignored. */
export const chatStreamTransitions: Record<
  ChatStreamState,
  Partial<Record<ChatStreamEventType, ChatStreamState>>
> = {
  IDLE: {
    SEND: 'OUTBOUND_PENDING',
    PERSISTED: 'IDLE',
    LOAD: 'IDLE',
    RESET: 'IDLE',
  },
  OUTBOUND_PENDING: {
    TOKEN: 'RECEIVING',
    FINAL: 'IDLE',
    FAIL: 'IDLE',
    TIMEOUT: 'IDLE',
    ABORT: 'IDLE',
    REJECT: 'IDLE',
    RESET: 'IDLE',
  },
  RECEIVING: {
    TOKEN: 'RECEIVING',
    FINAL: 'IDLE',
    FAIL: 'IDLE',
    TIMEOUT: 'IDLE',
    ABORT: 'IDLE',
    RESET: 'IDLE',
  },
}

export const initialChatStreamModel = (): ChatStreamModel => ({
  state: ChatStreamState.IDLE,
  outboundPending: false,
  receiving: false,
  buffer: '',
  messages: [],
  conversationId: null,
  pendingUserMessage: null,
})

/** A message the client writes into the conversation itself. */
export function localMessage(
  sender: ChatMessage['sender'],
  text: string,
  stamp: LocalStamp,
  conversationId: string | null,
): ChatMessage {
  return {
    id: stamp.id,
    text,
    sender,
    type: 'text',
    createdAt: stamp.createdAt,
    // Until the server names the conversation the id is unknown; the nil uuid keeps the shape valid.
    conversationId: conversationId ?? '00000000-0000-0000-0000-000000000000',
    fromStudio: false,
    sessionStart: false,
    saved: false,
    hasSources: false,
    citations: [],
    imageUrl: null,
    files: [],
    messageAffiliates: [],
  }
}

const idle = (model: ChatStreamModel): ChatStreamModel => ({
  ...model,
  state: ChatStreamState.IDLE,
  outboundPending: false,
  receiving: false,
  buffer: '',
  pendingUserMessage: null,
})

/** The next model for an event; an event the current state does not accept returns the same model. */
export function chatStreamReducer(model: ChatStreamModel, event: ChatStreamEvent): ChatStreamModel {
  const next = chatStreamTransitions[model.state][event.type]
  if (!next) return model
  switch (event.type) {
    case 'SEND':
      return {
        ...model,
        state: next,
        outboundPending: true,
        receiving: false,
        buffer: '',
        pendingUserMessage: event.userMessage,
        messages: [...model.messages, event.userMessage],
      }
    case 'TOKEN':
      // spec 1 §4: the first token clears outbound pending.
      return {
        ...model,
        state: next,
        outboundPending: false,
        receiving: true,
        buffer: model.buffer + event.token,
      }
    case 'FINAL': {
      const pending = model.pendingUserMessage
      const messages = model.messages.map((m) =>
        pending && event.userMessage && m === pending ? event.userMessage : m,
      )
      return {
        ...idle(model),
        conversationId: event.message.conversationId,
        messages: [...messages, event.message],
      }
    }
    case 'FAIL':
    case 'TIMEOUT':
      return {
        ...idle(model),
        messages: [
          ...model.messages,
          localMessage('CLONE', chatStrings.fallbackReply, event.stamp, model.conversationId),
        ],
      }
    case 'ABORT':
      return {
        ...idle(model),
        messages: model.buffer
          ? [...model.messages, localMessage('CLONE', model.buffer, event.stamp, model.conversationId)]
          : model.messages,
      }
    case 'REJECT':
      return { ...idle(model), messages: model.messages.filter((m) => m !== model.pendingUserMessage) }
    case 'PERSISTED': {
      const replaced = new Set(event.replace)
      const kept = model.messages.filter((m) => !replaced.has(m.id))
      return { ...model, conversationId: event.conversationId, messages: [...kept, ...event.messages] }
    }
    case 'LOAD':
      return {
        ...initialChatStreamModel(),
        conversationId: event.conversationId,
        messages: [...event.messages],
      }
    case 'RESET':
      return initialChatStreamModel()
  }
}
