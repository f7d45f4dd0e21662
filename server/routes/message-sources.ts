import { and, asc, eq } from 'drizzle-orm'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { ApiErrorBody, MessageSources } from '../../contract'
import { ownerOf } from '../auth/visitor'
import { isAttachedFileCitation, withoutOwnFileUrls } from '../chat/attached-file-citations'
import { findMessageWithClone, isOwner } from '../chat/conversation-store'
import { toCitation } from '../chat/message-view'
import { sharedFileUrls } from '../chat/sharing'
import type { Db } from '../db/client'
import { conversations, messageCitations, messages } from '../db/schema'
import { notFound } from '../errors'
import { Slug } from './clones'

/**
 * spec 1 §7 'Message sources' (the citations overlay). The message id is the capability: it is a
 * random uuid only ever shown to whoever can see the message (its owner, or a shared conversation),
 * and sources are the clone's public material, never the visitor's words.
 */
export const messageSourcesRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/api/clone/talk/messages/:messageId/sources',
    {
      schema: {
        params: z.object({ messageId: z.string().uuid() }),
        querystring: z.object({ slug: Slug.optional() }),
        response: { 200: MessageSources, 400: ApiErrorBody, 404: ApiErrorBody },
      },
    },
    async (request) => {
      const found = await findMessageWithClone(db, request.params.messageId)
      const { slug } = request.query
      if (!found || (slug && found.cloneSlug !== slug)) throw notFound('Message not found')
      const rows = await db
        .select()
        .from(messageCitations)
        .where(eq(messageCitations.messageId, found.message.id))
        .orderBy(asc(messageCitations.index))
      const citations = rows.map(toCitation)
      if (!citations.some(isAttachedFileCitation)) return { citations }
      // Issue #15: an attached file's own address is its owner's; a shared view's reader gets the share's.
      const [conversation] = await db
        .select()
        .from(conversations)
        .where(eq(conversations.id, found.message.conversationId))
      if (conversation && isOwner(conversation, ownerOf(request))) return { citations }
      const shared = conversation?.shareId
        ? sharedFileUrls(conversation.shareId, await sharedMessageFiles(db, conversation.id))
        : undefined
      return { citations: withoutOwnFileUrls(citations, shared) }
    },
  )
}

/** The files of a conversation's visitor messages, by message (what a shared view names by the share). */
const sharedMessageFiles = (db: Db, conversationId: string) =>
  db
    .select({ id: messages.id, files: messages.files })
    .from(messages)
    .where(and(eq(messages.conversationId, conversationId), eq(messages.sender, 'USER')))
