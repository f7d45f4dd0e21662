import { eq } from 'drizzle-orm'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { ApiErrorBody } from '../../contract'
import { ownerOf } from '../auth/visitor'
import { findOwnedConversation } from '../chat/conversation-store'
import type { Db } from '../db/client'
import { conversations } from '../db/schema'
import { notFound } from '../errors'

/**
 * Development-only helpers for end-to-end tests and demos. server/app.ts registers this plugin only when
 * NODE_ENV is not 'production'; nothing here exists in a production server.
 *
 * POST /dev/conversations/:id/backdate { updatedAt } moves one of the caller's own conversations to an
 * earlier time, so history's date groups (Today, Yesterday, 'MMMM d', 'MMMM d, yyyy') can be shown.
 */
export const devToolsRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.post(
    '/dev/conversations/:id/backdate',
    {
      schema: {
        params: z.object({ id: z.uuid() }),
        body: z.object({ updatedAt: z.iso.datetime({ offset: true }) }),
        response: { 200: z.object({ id: z.string(), updatedAt: z.string() }), 404: ApiErrorBody },
      },
    },
    async (request) => {
      const owned = await findOwnedConversation(db, request.params.id, ownerOf(request))
      if (!owned) throw notFound('Conversation not found')
      const updatedAt = new Date(request.body.updatedAt)
      await db.update(conversations).set({ updatedAt }).where(eq(conversations.id, owned.id))
      return { id: owned.id, updatedAt: updatedAt.toISOString() }
    },
  )
}
