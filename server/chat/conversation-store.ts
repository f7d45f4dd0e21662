import { and, asc, desc, eq, inArray, lt, or } from 'drizzle-orm'
import {
  type ChatMessage,
  type ConversationMedium,
  type ConversationWithMessages,
  DEFAULT_CONVERSATION_TITLE,
  type MessageAffiliate,
  type MessageStatus,
} from '../../contract'
import type { Owner } from '../auth/visitor'
import type { ConversationTurn } from '../brain/answerer'
import type { CitationDraft } from '../brain/citations'
import type { Db } from '../db/client'
import { clones, conversations, messageAffiliates, messageCitations, messages } from '../db/schema'
import { markAttached } from '../uploads/attachments'
import {
  type ConversationRow,
  toChatMessage,
  toConversation,
  withCitationsAndAffiliates,
} from './message-view'

/** A question with this client id is already stored (another attempt, or the chat stream, stored it first). */
export class QuestionAlreadyStored extends Error {
  constructor() {
    super('A question with this client message id is already stored')
    this.name = 'QuestionAlreadyStored'
  }
}

/** Clone answers that stand as they are (the model sees these; unfinished ones are left out). */
const SETTLED: MessageStatus[] = ['complete', 'stopped']

/**
 * A conversation the asker owns, or undefined: someone else's conversation looks exactly like a
 * missing one (404, never 403), so ids cannot be probed.
 */
export async function findOwnedConversation(
  db: Db,
  id: string,
  owner: Owner,
  cloneId?: string,
): Promise<ConversationRow | undefined> {
  if (!owner.visitorId && !owner.userId) return undefined
  const [row] = await db
    .select()
    .from(conversations)
    .where(and(eq(conversations.id, id), cloneId ? eq(conversations.cloneId, cloneId) : undefined))
    .limit(1)
  return row && isOwner(row, owner) ? row : undefined
}

/**
 * A conversation that belongs to a user is theirs alone; the visitor cookie owns only conversations no
 * user has (so signing out, or another person signing in on the same browser, shows nobody's history).
 */
export function isOwner(row: Pick<ConversationRow, 'userId' | 'visitorId'>, owner: Owner): boolean {
  if (row.userId !== null) return owner.userId !== null && row.userId === owner.userId
  return owner.visitorId !== null && row.visitorId === owner.visitorId
}

export async function loadConversationWithMessages(
  db: Db,
  conversation: ConversationRow,
): Promise<ConversationWithMessages> {
  const rows = await db
    .select()
    .from(messages)
    .where(eq(messages.conversationId, conversation.id))
    .orderBy(asc(messages.createdAt), asc(messages.id))
  return {
    ...toConversation(conversation),
    messages: await withCitationsAndAffiliates(db, conversation.id, rows),
  }
}

/** A message with the clone it belongs to (through its conversation). */
export async function findMessageWithClone(db: Db, messageId: string) {
  const [row] = await db
    .select({ message: messages, cloneId: clones.id, cloneSlug: clones.slug })
    .from(messages)
    .innerJoin(conversations, eq(conversations.id, messages.conversationId))
    .innerJoin(clones, eq(clones.id, conversations.cloneId))
    .where(eq(messages.id, messageId))
    .limit(1)
  return row
}

/**
 * The last `limit` visitor and clone turns, oldest first, for retrieval and the model's context: answers
 * that broke off are left out, and with `before` (a retried question) only what came before it.
 */
export async function recentTurns(
  db: Db,
  conversationId: string,
  limit: number,
  before?: { createdAt: Date },
): Promise<ConversationTurn[]> {
  const rows = await db
    .select({ sender: messages.sender, text: messages.text })
    .from(messages)
    .where(
      and(
        eq(messages.conversationId, conversationId),
        or(eq(messages.sender, 'USER'), and(eq(messages.sender, 'CLONE'), inArray(messages.status, SETTLED))),
        before ? lt(messages.createdAt, before.createdAt) : undefined,
      ),
    )
    .orderBy(desc(messages.createdAt), desc(messages.id))
    .limit(limit)
  return rows.reverse().map((r) => ({ sender: r.sender === 'USER' ? 'USER' : 'CLONE', text: r.text }))
}

export interface ExchangeToStore {
  cloneId: string
  instanceId: string | null
  /** null starts a new conversation (medium WEB unless `medium` says, default title). */
  conversationId: string | null
  /** A new conversation's medium: EMBED when asked from an embed (server/chat/chat-target.ts). */
  medium?: ConversationMedium
  visitorId: string
  /** The signed-in user who asks: a new conversation is theirs from the start. */
  userId?: string | null
  question: {
    text: string
    files: string[]
    locationId: string | null
    createdAt: Date
    /** The client's id for the question (unique: see server/chat/answer-store.ts). */
    clientMessageId?: string | null
  }
  /** The uploads behind `question.files` (checked by the route): stored with a message, they are kept. */
  attachedUploadIds?: readonly string[]
  /** null stores the visitor's message alone (a reply stopped before its first word). */
  reply: {
    text: string
    citations: CitationDraft[]
    affiliates: MessageAffiliate[]
    createdAt: Date
    /** 'stopped' for a partial reply the visitor stopped; 'complete' otherwise. */
    status?: MessageStatus
  } | null
}

export interface StoredExchange {
  conversationId: string
  userMessage: ChatMessage
  cloneMessage: ChatMessage | null
}

/**
 * Stores a visitor message and the clone's reply in one transaction, creating the conversation
 * when needed, so a failure or a disconnect never leaves half an exchange. An abort signal that
 * fires before the commit rolls everything back.
 */
export function storeExchange(
  db: Db,
  exchange: ExchangeToStore,
  signal?: AbortSignal,
): Promise<StoredExchange> {
  return db.transaction(async (tx) => {
    const { question, reply } = exchange
    if (exchange.attachedUploadIds?.length)
      await markAttached(tx, exchange.attachedUploadIds, question.createdAt)
    const lastAt = reply?.createdAt ?? question.createdAt
    let conversationId = exchange.conversationId
    if (!conversationId) {
      const [created] = await tx
        .insert(conversations)
        .values({
          cloneId: exchange.cloneId,
          instanceId: exchange.instanceId,
          visitorId: exchange.visitorId,
          userId: exchange.userId ?? null,
          title: DEFAULT_CONVERSATION_TITLE,
          medium: exchange.medium ?? 'WEB',
          createdAt: question.createdAt,
          updatedAt: lastAt,
        })
        .returning({ id: conversations.id })
      conversationId = created!.id
    } else {
      await tx.update(conversations).set({ updatedAt: lastAt }).where(eq(conversations.id, conversationId))
    }

    const [userRow] = await tx
      .insert(messages)
      .values({
        conversationId,
        sender: 'USER',
        text: question.text,
        files: question.files,
        locationId: question.locationId,
        sessionStart: exchange.conversationId === null,
        clientMessageId: question.clientMessageId ?? null,
        createdAt: question.createdAt,
      })
      .onConflictDoNothing({ target: messages.clientMessageId })
      .returning()
    // The question is stored already (the chat stream stored it first): the caller stores the reply to it.
    if (!userRow) throw new QuestionAlreadyStored()
    let cloneMessage: ChatMessage | null = null
    if (reply) {
      const [cloneRow] = await tx
        .insert(messages)
        .values({
          conversationId,
          sender: 'CLONE',
          text: reply.text,
          hasSources: reply.citations.length > 0,
          status: reply.status ?? 'complete',
          replyToId: userRow.id,
          locationId: question.locationId,
          createdAt: reply.createdAt,
        })
        .returning()
      const citationRows = reply.citations.length
        ? await tx
            .insert(messageCitations)
            .values(
              reply.citations.map(({ timestamp, ...c }) => ({
                ...c,
                messageId: cloneRow!.id,
                timestampMs: timestamp,
              })),
            )
            .returning()
        : []
      const affiliateRows = reply.affiliates.length
        ? await tx
            .insert(messageAffiliates)
            .values(reply.affiliates.map((a, position) => ({ ...a, messageId: cloneRow!.id, position })))
            .returning()
        : []
      cloneMessage = toChatMessage(cloneRow!, citationRows, affiliateRows)
    }
    // The visitor left while we were writing: keep nothing (issue: no half-written rows).
    if (signal?.aborted) throw signal.reason
    return { conversationId, userMessage: toChatMessage(userRow!), cloneMessage }
  })
}

/** A reply is stored strictly after the question it answers, so history sorts by time alone. */
export function replyTime(questionAt: Date, now = new Date()): Date {
  return now.getTime() > questionAt.getTime() ? now : new Date(questionAt.getTime() + 1)
}
