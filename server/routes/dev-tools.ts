import { eq } from 'drizzle-orm'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { ApiErrorBody } from '../../contract'
import { ensureVisitor, ownerOf } from '../auth/visitor'
import type { BrainSetup } from '../brain/create-brain'
import { findOwnedConversation } from '../chat/conversation-store'
import { seedConversation } from '../chat/seed-conversation'
import { requireClone } from '../clones/queries'
import type { Db } from '../db/client'
import { conversations } from '../db/schema'
import { notFound } from '../errors'

/**
 * Development-only helpers for end-to-end tests and demos. server/app.ts registers this plugin only when
 * NODE_ENV is not 'production'; nothing here exists in a production server.
 *
 * POST /dev/conversations/:id/backdate { updatedAt } moves one of the caller's own conversations to an
 * earlier time, so history's date groups (Today, Yesterday, 'MMMM d', 'MMMM d, yyyy') can be shown.
 *
 * POST /dev/conversations/seed { cloneSlug, messages } makes the caller a conversation of that many
 * messages (numbered questions and the local brain's answers, with their citations), for the perf
 * benchmark (scripts/bench-perf.ts) and demos of long conversations.
 */
export const devToolsRoutes: FastifyPluginAsyncZod<{ db: Db; brain: BrainSetup }> = async (
  app,
  { db, brain },
) => {
  app.post(
    '/dev/conversations/seed',
    {
      schema: {
        body: z.object({
          cloneSlug: z.string().min(1).max(64),
          messages: z.number().int().min(1).max(5_000),
        }),
        response: { 200: z.object({ id: z.string() }), 404: ApiErrorBody },
      },
    },
    async (request, reply) => {
      const clone = await requireClone(db, request.body.cloneSlug)
      const visitorId = ensureVisitor(request, reply)
      const owner = { ...ownerOf(request), visitorId }
      return seedConversation(db, brain, { clone, owner, messages: request.body.messages })
    },
  )

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
