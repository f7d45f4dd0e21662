import { asc, inArray } from 'drizzle-orm'
import type { ChatMessage, Citation, Conversation, MessageAffiliate } from '../../contract'
import type { Db } from '../db/client'
import { type conversations, messageAffiliates, messageCitations, type messages } from '../db/schema'

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

const toAffiliate = (a: AffiliateRow): MessageAffiliate => ({
  url: a.url,
  title: a.title,
  imageUrl: a.imageUrl,
})

export function toChatMessage(
  row: MessageRow,
  citations: readonly CitationRow[] = [],
  affiliates: readonly AffiliateRow[] = [],
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
    citations: [...citations].sort((a, b) => a.index - b.index).map(toCitation),
    imageUrl: row.imageUrl,
    files: row.files,
    messageAffiliates: [...affiliates].sort((a, b) => a.position - b.position).map(toAffiliate),
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

/** Messages as the API shows them, with their citations and affiliate products, in the given order. */
export async function withCitationsAndAffiliates(
  db: Db,
  rows: readonly MessageRow[],
): Promise<ChatMessage[]> {
  if (rows.length === 0) return []
  const ids = rows.map((r) => r.id)
  const [citations, affiliates] = await Promise.all([
    db
      .select()
      .from(messageCitations)
      .where(inArray(messageCitations.messageId, ids))
      .orderBy(asc(messageCitations.index)),
    db
      .select()
      .from(messageAffiliates)
      .where(inArray(messageAffiliates.messageId, ids))
      .orderBy(asc(messageAffiliates.position)),
  ])
  return rows.map((row) =>
    toChatMessage(
      row,
      citations.filter((c) => c.messageId === row.id),
      affiliates.filter((a) => a.messageId === row.id),
    ),
  )
}
