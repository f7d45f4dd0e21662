import { eq } from 'drizzle-orm'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { ApiErrorBody } from '../../contract'
import { OkResponse } from '../../contract/auth'
import { TrackedEventCounts, TrackedEventRequest } from '../../contract/events'
import { ownerOf } from '../auth/visitor'
import { findMessageWithClone } from '../chat/conversation-store'
import { requireClone } from '../clones/queries'
import type { Db } from '../db/client'
import { conversations } from '../db/schema'
import { requireCloneTeam } from '../embeds/access'
import { badRequest } from '../errors'
import { countTrackedEvents, recordTrackedEvent } from '../events/store'

const errors = { 400: ApiErrorBody, 401: ApiErrorBody, 404: ApiErrorBody }

/**
 * spec 1 §7 'Tracked events' (issue #15): POST /api/events records one (anyone may; rate-limited in
 * server/rate-limits.ts), and the clone's CREATOR or CONTRIBUTORs read the counts per type. Product link
 * clicks are recorded by the counted redirect (routes/affiliate.ts), once per click, not from here too.
 */
export const eventRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.post(
    '/api/events',
    { bodyLimit: 4 * 1024, schema: { body: TrackedEventRequest, response: { 200: OkResponse, ...errors } } },
    async (request) => {
      const { type, slug, messageId, conversationId } = request.body
      const clone = await requireClone(db, slug)
      let conversationOfMessage: string | undefined
      if (messageId) {
        const found = await findMessageWithClone(db, messageId)
        if (found?.cloneId !== clone.id) throw badRequest('This message is not one of this clone’s')
        conversationOfMessage = found.message.conversationId
      }
      if (conversationId) {
        const [found] = await db
          .select({ cloneId: conversations.cloneId })
          .from(conversations)
          .where(eq(conversations.id, conversationId))
          .limit(1)
        if (found?.cloneId !== clone.id) throw badRequest('This conversation is not one of this clone’s')
        if (conversationOfMessage && conversationOfMessage !== conversationId) {
          throw badRequest('This message is not in this conversation')
        }
      }
      await recordTrackedEvent(db, {
        cloneId: clone.id,
        type,
        owner: ownerOf(request),
        messageId,
        conversationId: conversationId ?? conversationOfMessage,
      })
      return { ok: true as const }
    },
  )

  app.get(
    '/api/studio/:slug/events',
    {
      schema: {
        params: z.object({ slug: z.string().min(1).max(100) }),
        response: { 200: TrackedEventCounts, ...errors },
      },
    },
    async (request) => {
      const { clone } = await requireCloneTeam(db, request, request.params.slug, 'read')
      return { counts: await countTrackedEvents(db, clone.id) }
    },
  )
}
