import { asc, eq, inArray } from 'drizzle-orm'
import type { CallCitation, CallProduct } from '../../contract/calls'
import { withoutOwnFileUrls } from '../chat/attached-file-citations'
import { toCitation } from '../chat/message-view'
import type { Db } from '../db/client'
import { messageAffiliates, messageCitations, messages } from '../db/schema'

/*
 * A call's transcript with its sources (spec 2 §5/§7, audit P2-48): the call bundle (the owner's transcript
 * page) and the shared video page carry the answers' whole citations and products, so their markers open the
 * Sources overlay and the product cards show as in the chat, without one sources request per answer.
 */

export interface CallSources {
  citations: CallCitation[]
  products: CallProduct[]
}

/** spec 2 §5: a citation without a title, or not meant to be seen, is not listed. */
export const isListedCitation = (citation: { title: string; visible: boolean }) =>
  citation.visible && citation.title.trim().length > 0

/**
 * The citations and products of a call conversation's messages, by message, in their order. `audience`
 * 'shared': an attached file's own address (its owner's secret) is never shown (issue #15).
 */
export async function callSources(
  db: Db,
  conversationId: string,
  audience: 'owner' | 'shared' = 'owner',
): Promise<CallSources> {
  const ofConversation = db
    .select({ id: messages.id })
    .from(messages)
    .where(eq(messages.conversationId, conversationId))
  const [citationRows, productRows] = await Promise.all([
    db
      .select()
      .from(messageCitations)
      .where(inArray(messageCitations.messageId, ofConversation))
      .orderBy(asc(messageCitations.messageId), asc(messageCitations.index)),
    db
      .select()
      .from(messageAffiliates)
      .where(inArray(messageAffiliates.messageId, ofConversation))
      .orderBy(asc(messageAffiliates.messageId), asc(messageAffiliates.position)),
  ])
  const listed = citationRows
    .map((row) => ({ ...toCitation(row), messageId: row.messageId }))
    .filter(isListedCitation)
  return {
    citations: audience === 'shared' ? withoutOwnFileUrls(listed) : listed,
    products: productRows.map((row) => ({
      messageId: row.messageId,
      url: row.url,
      title: row.title,
      imageUrl: row.imageUrl,
    })),
  }
}
