import { z } from 'zod/mini'
import { BOT_TOKEN_MAX_LENGTH } from './bot-check'
import { CitationType } from './knowledge'

/** spec 1 §3 'Citation'. `timestamp` is milliseconds into a video or episode. */
export const Citation = z.object({
  id: z.string(),
  index: z.int().check(z.gte(1), z.lte(99)),
  documentId: z.string(),
  documentTitle: z.string(),
  type: CitationType,
  title: z.string(),
  url: z.nullable(z.string()),
  tweetId: z.nullable(z.string()),
  timestamp: z.nullable(z.int()),
  text: z.string(),
  visible: z.boolean(),
  createdAt: z.string(),
})
export type Citation = z.infer<typeof Citation>

/**
 * A citation as a message carries it. The chat stream's final message (and a stored stopped reply) carry
 * whole citations; the messages of a conversation (GET conversation, the shared view) carry only what
 * labels the markers and counts the sources: index, documentId, type, title, url and visible. The cited
 * passage and the rest come with the message's sources (GET .../messages/:id/sources) when the Sources
 * overlay or a citation's preview opens, so a long conversation stays small (issue #11).
 */
export const MessageCitation = z.partial(Citation, {
  id: true,
  documentTitle: true,
  tweetId: true,
  timestamp: true,
  text: true,
  createdAt: true,
})
export type MessageCitation = z.infer<typeof MessageCitation>

export const MessageAffiliate = z.object({
  url: z.string(),
  title: z.string(),
  imageUrl: z.nullable(z.string()),
})
export type MessageAffiliate = z.infer<typeof MessageAffiliate>

/** spec 1 §3 'Message': sender OWNER marks a creator announcement ('Sent by {clone name}'). */
export const MessageSender = z.enum(['USER', 'CLONE', 'SYSTEM', 'OWNER'])
export type MessageSender = z.infer<typeof MessageSender>

export const ConversationMedium = z.enum([
  'WEB',
  'API',
  'EMAIL',
  'SMS',
  'WHATSAPP',
  'EMBED',
  'BROWSER_VOICE',
  'PHONE_VOICE',
  'VIDEO',
])
export type ConversationMedium = z.infer<typeof ConversationMedium>

/**
 * A clone answer's state (spec 1 §4 'Chat stream'): 'streaming' while it is written, 'complete' once
 * delivered, 'interrupted' when it broke off before its end (the question is kept and may be retried),
 * 'stopped' when the visitor stopped it (the partial reply is kept as it is).
 */
export const MessageStatus = z.enum(['streaming', 'complete', 'interrupted', 'stopped'])
export type MessageStatus = z.infer<typeof MessageStatus>

export const ChatMessage = z.object({
  id: z.uuid(),
  text: z.string(),
  sender: MessageSender,
  type: z.literal('text'),
  createdAt: z.string(),
  conversationId: z.uuid(),
  fromStudio: z.boolean(),
  sessionStart: z.boolean(),
  saved: z.boolean(),
  hasSources: z.boolean(),
  citations: z.array(MessageCitation),
  imageUrl: z.nullable(z.string()),
  files: z.array(z.string()),
  messageAffiliates: z.array(MessageAffiliate),
  /** Absent means 'complete' (a message made by the client, or by a server before statuses). */
  status: z.optional(MessageStatus),
  /** A visitor message's client id: a retry of its question sends it again. */
  clientMessageId: z.nullish(z.uuid()),
})
export type ChatMessage = z.infer<typeof ChatMessage>

/** spec 1 §7 'Chat stream' body: the outbound message. */
export const OutboundMessage = z.object({
  text: z.string().check(z.trim(), z.minLength(1), z.maxLength(8000)),
  slug: z.string().check(z.minLength(1), z.maxLength(64)),
  conversationId: z.nullish(z.uuid()),
  instanceId: z.nullish(z.uuid()),
  locationId: z.nullish(z.string().check(z.maxLength(200))),
  timezone: z.nullish(z.string().check(z.maxLength(64))),
  /**
   * The bot-protection token (contract/bot-check.ts): asked of anonymous visitors, a solved ALTCHA challenge
   * or a Turnstile token; signed-in users need none.
   */
  botToken: z.nullish(z.string().check(z.maxLength(BOT_TOKEN_MAX_LENGTH))),
  files: z._default(z.array(z.string().check(z.maxLength(2048))).check(z.maxLength(3)), []),
  /**
   * A uuid the client makes per question and sends again on a retry: the question is stored once, a
   * delivered answer is replayed, an interrupted one is answered anew. Optional for older clients.
   */
  clientMessageId: z.nullish(z.uuid()),
  /**
   * The client reads the `filesRead` event (issue #15); older clients refuse unknown events, so it is
   * sent only when asked for.
   */
  filesReadEvent: z.optional(z.boolean()),
})
export type OutboundMessage = z.input<typeof OutboundMessage>

/** One attached file once read (issue #15): `url` is as the message named it. */
export const FileRead = z.object({
  url: z.string(),
  state: z.enum(['ready', 'failed']),
  error: z.optional(z.string()),
})
export type FileRead = z.infer<typeof FileRead>

/**
 * Each `data: {json}` line of the chat stream is one of these (comment lines such as the
 * heartbeat `: ping` carry no event). The final event holds the stored clone message and, as
 * `userMessage`, the stored copy of what the visitor sent (its server id, for save and sources).
 */
export const StreamEvent = z.union([
  z.object({ current_token: z.string() }),
  /**
   * First, before any token, when the request carried a clientMessageId: the question is stored (in this
   * conversation), so a stream that breaks later can be retried without losing it.
   */
  z.object({ accepted: z.object({ conversationId: z.uuid(), userMessage: ChatMessage }) }),
  /**
   * Issue #15 'Every attached file is read': after `accepted`, before any token, once the attached files
   * have been read, to clients that asked for it (OutboundMessage.filesReadEvent). A failed file carries the
   * reason it could not be read; the answer follows either way.
   */
  z.object({ filesRead: z.array(FileRead) }),
  z.object({ message: ChatMessage, userMessage: z.optional(ChatMessage) }),
  z.object({ error: z.object({ code: z.string(), message: z.string() }) }),
])
export type StreamEvent = z.infer<typeof StreamEvent>

export const Conversation = z.object({
  id: z.uuid(),
  title: z.string(),
  medium: ConversationMedium,
  shareId: z.nullable(z.string()),
  createdAt: z.string(),
  updatedAt: z.string(),
  hidden: z.boolean(),
  recordingUrl: z.nullable(z.string()),
})
export type Conversation = z.infer<typeof Conversation>

export const ConversationWithMessages = z.extend(Conversation, { messages: z.array(ChatMessage) })
export type ConversationWithMessages = z.infer<typeof ConversationWithMessages>

export const TitleRequest = z.object({
  message: z.string().check(z.trim(), z.minLength(1), z.maxLength(8000)),
})
export type TitleRequest = z.infer<typeof TitleRequest>
export const TitleResponse = z.object({ title: z.string() })
export type TitleResponse = z.infer<typeof TitleResponse>

/**
 * spec 1 §7 storeMessageInConversation: when the visitor stops a reply (spec 1 §4 'Aborting stores
 * any partial reply'), the client stores its message and the partial answer. An empty cloneText
 * stores the visitor's message only.
 */
export const StoreMessagesRequest = z.object({
  slug: z.string().check(z.minLength(1), z.maxLength(64)),
  conversationId: z.nullish(z.uuid()),
  instanceId: z.nullish(z.uuid()),
  userText: z.string().check(z.trim(), z.minLength(1), z.maxLength(8000)),
  /** The files the visitor's message carried (uploads of ours, as in OutboundMessage). */
  userFiles: z._default(z.array(z.string().check(z.maxLength(2048))).check(z.maxLength(3)), []),
  cloneText: z.string().check(z.maxLength(32_000)),
  /** The stopped question's client id (as sent to the stream): its stored copy is kept, not doubled. */
  clientMessageId: z.nullish(z.uuid()),
})
export type StoreMessagesRequest = z.input<typeof StoreMessagesRequest>
export const StoreMessagesResponse = z.object({
  conversationId: z.uuid(),
  messages: z.array(ChatMessage),
})
export type StoreMessagesResponse = z.infer<typeof StoreMessagesResponse>

export const MessageSources = z.object({ citations: z.array(Citation) })
export type MessageSources = z.infer<typeof MessageSources>

// ---- History and sharing (spec 1 §2 'History', §4 'Conversations', §7 'Other calls') ----

/** spec 1 §5 / §9: a conversation title is 1 to 100 characters (after trimming). */
export const CONVERSATION_TITLE_MAX = 100
/**
 * The title a conversation starts with (spec 1 §3): the server stores it, and the client replaces it after
 * the first message and shows no title while it is still this one.
 */
export const DEFAULT_CONVERSATION_TITLE = 'Conversation'
export const ConversationTitle = z
  .string()
  .check(z.trim(), z.minLength(1), z.maxLength(CONVERSATION_TITLE_MAX))

/** One history entry. `isSharer` is true only for the owner of a shared conversation (spec 1 §6). */
export const ConversationListItem = z.extend(Conversation, {
  isSharer: z.boolean(),
  /** The public share link, for the sharer only; null when not shared. */
  shareUrl: z.nullable(z.string()),
})
export type ConversationListItem = z.infer<typeof ConversationListItem>

export const HISTORY_PAGE_SIZE_DEFAULT = 20
export const HISTORY_PAGE_SIZE_MAX = 50

/** GET /api/clone/talk/conversations: the caller's conversations with one clone (or instance). */
export const ConversationHistoryQuery = z.object({
  slug: z.string().check(z.minLength(1), z.maxLength(64)),
  instanceSlug: z.optional(z.string().check(z.minLength(1), z.maxLength(64))),
  cursor: z.optional(z.string().check(z.maxLength(200))),
  limit: z._default(
    z.coerce.number().check(z.int(), z.gte(1), z.lte(HISTORY_PAGE_SIZE_MAX)),
    HISTORY_PAGE_SIZE_DEFAULT,
  ),
})
export type ConversationHistoryQuery = z.input<typeof ConversationHistoryQuery>

/** Newest-updated first; `nextCursor` is null on the last page. */
export const ConversationHistoryPage = z.object({
  conversations: z.array(ConversationListItem),
  nextCursor: z.nullable(z.string()),
})
export type ConversationHistoryPage = z.infer<typeof ConversationHistoryPage>

/** spec 1 §7 updateConversationTitle {id, title, updatedAt, optional hidden}: rename and/or archive. */
export const UpdateConversationRequest = z
  .object({
    title: z.optional(ConversationTitle),
    hidden: z.optional(z.boolean()),
    /** When given, the conversation's new updatedAt (never later than the server's clock). */
    updatedAt: z.optional(z.iso.datetime({ offset: true })),
  })
  .check(
    z.refine((b) => b.title !== undefined || b.hidden !== undefined, {
      message: 'Give a title or hidden',
    }),
  )
export type UpdateConversationRequest = z.input<typeof UpdateConversationRequest>

/** spec 1 §7 shareConversation answers shared.id; the public link comes with it. */
export const ShareConversationResponse = z.object({
  shared: z.object({ id: z.string(), url: z.string() }),
})
export type ShareConversationResponse = z.infer<typeof ShareConversationResponse>

export const UnshareConversationResponse = z.object({ id: z.uuid(), shareId: z.null() })
export type UnshareConversationResponse = z.infer<typeof UnshareConversationResponse>

/** A share id: random, url-safe, never the conversation id. */
export const ShareId = z.string().check(z.regex(/^[A-Za-z0-9_-]{8,64}$/))

/** GET /api/clone/talk/shared/:shareId: a shared conversation, read-only and public. */
export const SharedConversation = z.object({
  shareId: z.string(),
  title: z.string(),
  medium: ConversationMedium,
  createdAt: z.string(),
  updatedAt: z.string(),
  clone: z.object({ slug: z.string(), instanceSlug: z.nullable(z.string()) }),
  messages: z.array(ChatMessage),
})
export type SharedConversation = z.infer<typeof SharedConversation>

/**
 * spec 1 §7 'Continue shared conversation' {shareId, text, slug}: answers the caller's new conversation.
 * The text is not stored here: the client sends it through the chat stream so its answer streams.
 */
export const ContinueSharedRequest = z.object({
  slug: z.string().check(z.minLength(1), z.maxLength(64)),
  text: z.optional(z.string().check(z.trim(), z.maxLength(8000))),
})
export type ContinueSharedRequest = z.input<typeof ContinueSharedRequest>
export const ContinueSharedResponse = z.object({ conversationId: z.uuid() })
export type ContinueSharedResponse = z.infer<typeof ContinueSharedResponse>

/** spec 1 §7 toggleMessageSave. */
export const MessageSavedRequest = z.object({ saved: z.boolean() })
export type MessageSavedRequest = z.infer<typeof MessageSavedRequest>
export const MessageSavedResponse = z.object({ id: z.uuid(), saved: z.boolean() })
export type MessageSavedResponse = z.infer<typeof MessageSavedResponse>
