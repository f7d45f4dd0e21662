import { asc, eq, inArray } from 'drizzle-orm'
import type { ChatMessage, Citation, Conversation, MessageAffiliate, MessageCitation } from '../../contract'
import type { Db } from '../db/client'
import { type conversations, messageAffiliates, messageCitations, messages } from '../db/schema'

export type MessageRow = typeof messages.$inferSelect
export type CitationRow = typeof messageCitations.$inferSelect
export type AffiliateRow = typeof messageAffiliates.$inferSelect
export type ConversationRow = typeof conversations.$inferSelect

export const toCitation = (c: CitationRow): Citation => ({
  id: c.id,
  index: c.index,
  documentId: c.documentId,
  documentTitle: c.documentTitle,
  type: c.type,
  title: c.title,
  url: c.url,
  tweetId: c.tweetId,
  timestamp: c.timestampMs,
  text: c.text,
  visible: c.visible,
  createdAt: c.createdAt.toISOString(),
})

/** The columns of a citation a conversation's message carries (contract MessageCitation): no passage text. */
const citationSummaryColumns = {
  messageId: messageCitations.messageId,
  index: messageCitations.index,
  documentId: messageCitations.documentId,
  type: messageCitations.type,
  title: messageCitations.title,
  url: messageCitations.url,
  visible: messageCitations.visible,
}

const toAffiliate = (a: AffiliateRow): MessageAffiliate => ({
  url: a.url,
  title: a.title,
  imageUrl: a.imageUrl,
})

/** A stored message with its whole citations (the chat stream's final message, a stored stopped reply). */
export const toChatMessage = (
  row: MessageRow,
  citations: readonly CitationRow[] = [],
  affiliates: readonly AffiliateRow[] = [],
): ChatMessage =>
  messageView(
    row,
    [...citations].sort((a, b) => a.index - b.index).map(toCitation),
    [...affiliates].sort((a, b) => a.position - b.position),
  )

function messageView(
  row: MessageRow,
  citations: MessageCitation[],
  affiliates: readonly AffiliateRow[],
): ChatMessage {
  return {
    id: row.id,
    text: row.text,
    sender: row.sender,
    type: 'text',
    createdAt: row.createdAt.toISOString(),
    conversationId: row.conversationId,
    fromStudio: row.fromStudio,
    sessionStart: row.sessionStart,
    saved: row.saved,
    hasSources: row.hasSources,
    citations,
    imageUrl: row.imageUrl,
    files: row.files,
    messageAffiliates: affiliates.map(toAffiliate),
    status: row.status,
    clientMessageId: row.clientMessageId,
  }
}

export const toConversation = (c: ConversationRow): Conversation => ({
  id: c.id,
  title: c.title,
  medium: c.medium,
  shareId: c.shareId,
  createdAt: c.createdAt.toISOString(),
  updatedAt: c.updatedAt.toISOString(),
  hidden: c.hidden,
  recordingUrl: c.recordingUrl,
})

/**
 * A conversation's messages as it shows them (GET conversation, the shared view): `rows` (of conversation
 * `conversationId`, in their order) with their affiliate products and citation summaries; the citations'
 * text comes with the message's sources. Citations and products are read by conversation, not by a list
 * of a thousand message ids.
 */
export async function withCitationsAndAffiliates(
  db: Db,
  conversationId: string,
  rows: readonly MessageRow[],
): Promise<ChatMessage[]> {
  if (rows.length === 0) return []
  const citationsOf = await citationSummariesOf(db, conversationId)
  const affiliates = await db
    .select()
    .from(messageAffiliates)
    .where(inArray(messageAffiliates.messageId, ofConversation(db, conversationId)))
    .orderBy(asc(messageAffiliates.position))
  const affiliatesOf = groupBy(affiliates, (a) => a.messageId)
  return rows.map((row) => messageView(row, citationsOf.get(row.id) ?? [], affiliatesOf.get(row.id) ?? []))
}

/** The ids of a conversation's messages, as a subquery. */
const ofConversation = (db: Db, conversationId: string) =>
  db.select({ id: messages.id }).from(messages).where(eq(messages.conversationId, conversationId))

/**
 * The citation summaries (contract MessageCitation) of every message of a conversation, by message id, in
 * their order; read by conversation, not by a list of message ids. The studio's review shows them too.
 */
export async function citationSummariesOf(
  db: Db,
  conversationId: string,
): Promise<Map<string, MessageCitation[]>> {
  const citations = await db
    .select(citationSummaryColumns)
    .from(messageCitations)
    .where(inArray(messageCitations.messageId, ofConversation(db, conversationId)))
    .orderBy(asc(messageCitations.index))
  const summariesOf = new Map<string, MessageCitation[]>()
  for (const [messageId, group] of groupBy(citations, (c) => c.messageId)) {
    summariesOf.set(
      messageId,
      group.map(({ messageId: _, ...summary }) => summary),
    )
  }
  return summariesOf
}

function groupBy<T>(items: readonly T[], key: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>()
  for (const item of items) {
    const group = groups.get(key(item))
    if (group) group.push(item)
    else groups.set(key(item), [item])
  }
  return groups
}
