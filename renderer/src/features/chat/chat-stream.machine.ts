import type { ChatMessage } from '../../../../contract/chat'

/*
 * spec 1 §4 'Chat stream' as data. Sending sets outbound pending (the text is queued, then sent); the first
 * token clears outbound pending and sets receiving; tokens are buffered; the final message appends the clone
 * message and clears the buffer; an error event or a broken stream resets the state and keeps the reply so far
 * as an interrupted answer under the question (shown with spec 1 §8's fallback text and a Retry, which asks
 * again with the same client message id); aborting stores any partial reply as a clone message. A pure reducer: the store owns I/O,
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
  /** The interrupted answer a retry in flight replaces (put back if the server refuses the retry). */
  retriedReply: ChatMessage | null
}

/** Identity and time for a message the client makes itself (fallback, partial reply, optimistic user message). */
export interface LocalStamp {
  id: string
  createdAt: string
}

export type ChatStreamEvent =
  | { type: 'SEND'; userMessage: ChatMessage }
  /** Asks again for an interrupted answer: its question stays, the interrupted reply makes way. */
  | { type: 'RETRY'; question: ChatMessage; reply: ChatMessage }
  /** The server stored the question (before any token): its stored copy, in this conversation. */
  | { type: 'ACCEPTED'; conversationId: string; userMessage: ChatMessage }
  | { type: 'TOKEN'; token: string }
  /** The final message; `userMessage` is the server's stored copy of what was sent. */
  | { type: 'FINAL'; message: ChatMessage; userMessage?: ChatMessage }
  /**
   * An error event, a network failure, malformed data or a stream that ended without a final message: the
   * question stays and the reply so far is kept, marked interrupted (the visitor may retry it).
   */
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
  /** Creator announcements (sender OWNER) arrived for the open conversation (spec 1 §2; issue #15). */
  | { type: 'ANNOUNCED'; conversationId: string; messages: readonly ChatMessage[] }
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
    RETRY: 'OUTBOUND_PENDING',
    PERSISTED: 'IDLE',
    LOAD: 'IDLE',
    // Only while idle: a streaming answer is never disturbed (the next poll brings it again).
    ANNOUNCED: 'IDLE',
    RESET: 'IDLE',
  },
  OUTBOUND_PENDING: {
    ACCEPTED: 'OUTBOUND_PENDING',
    TOKEN: 'RECEIVING',
    FINAL: 'IDLE',
    FAIL: 'IDLE',
    TIMEOUT: 'IDLE',
    ABORT: 'IDLE',
    REJECT: 'IDLE',
    RESET: 'IDLE',
  },
  RECEIVING: {
    ACCEPTED: 'RECEIVING',
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
  retriedReply: null,
})

/**
 * An answer that broke off, or that a server which died left mid-stream (loaded from history): the
 * visitor may retry it. Never shown as complete.
 */
export const isRetryable = (message: Pick<ChatMessage, 'sender' | 'status'>) =>
  message.sender === 'CLONE' && (message.status === 'interrupted' || message.status === 'streaming')

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
  retriedReply: null,
})

/** The reply so far, kept as an interrupted answer (spec 1 §8's fallback text says so under it). */
const interruptedReply = (model: ChatStreamModel, stamp: LocalStamp): ChatMessage => ({
  ...localMessage('CLONE', model.buffer, stamp, model.conversationId),
  status: 'interrupted',
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
    case 'RETRY':
      return {
        ...model,
        state: next,
        outboundPending: true,
        receiving: false,
        buffer: '',
        pendingUserMessage: event.question,
        retriedReply: event.reply,
        messages: model.messages.filter((m) => m !== event.reply),
      }
    case 'ACCEPTED': {
      const pending = model.pendingUserMessage
      return {
        ...model,
        conversationId: event.conversationId,
        pendingUserMessage: event.userMessage,
        messages: model.messages.map((m) => (m === pending ? event.userMessage : m)),
      }
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
      return { ...idle(model), messages: [...model.messages, interruptedReply(model, event.stamp)] }
    case 'ABORT':
      return {
        ...idle(model),
        messages: model.buffer
          ? [...model.messages, localMessage('CLONE', model.buffer, event.stamp, model.conversationId)]
          : model.messages,
      }
    case 'REJECT':
      // A refused retry leaves the question stored and its interrupted answer as it was.
      if (model.retriedReply) return { ...idle(model), messages: [...model.messages, model.retriedReply] }
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
    case 'ANNOUNCED':
      return withAnnouncements(model, event.conversationId, event.messages)
    case 'RESET':
      return initialChatStreamModel()
  }
}

/** The open conversation with the announcements it does not show yet, each in its place by time. */
function withAnnouncements(
  model: ChatStreamModel,
  conversationId: string,
  arrived: readonly ChatMessage[],
): ChatStreamModel {
  if (model.conversationId !== conversationId) return model
  const shown = new Set(model.messages.map((m) => m.id))
  const fresh = arrived.filter((m) => m.sender === 'OWNER' && !shown.has(m.id))
  if (fresh.length === 0) return model
  const messages = [...model.messages]
  for (const message of fresh) {
    const at = messages.findIndex((m) => m.createdAt > message.createdAt)
    messages.splice(at === -1 ? messages.length : at, 0, message)
  }
  return { ...model, messages }
}
