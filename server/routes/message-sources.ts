import { asc, eq } from 'drizzle-orm'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { ApiErrorBody, MessageSources } from '../../contract'
import { findMessageWithClone } from '../chat/conversation-store'
import { toCitation } from '../chat/message-view'
import type { Db } from '../db/client'
import { messageCitations } from '../db/schema'
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
      return { citations: rows.map(toCitation) }
    },
  )
}
