import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { ApiErrorBody } from '../../contract'
import {
  CloneAnalytics,
  REVIEW_PAGE_SIZE,
  ReviewConversationDetail,
  ReviewConversationPage,
  ReviewConversationsQuery,
} from '../../contract/studio-review'
import type { Db } from '../db/client'
import { requireCloneTeam } from '../embeds/access'
import { cloneAnalytics } from '../studio/analytics'
import { listReviewConversations, reviewConversation } from '../studio/review'

const errors = { 400: ApiErrorBody, 401: ApiErrorBody, 404: ApiErrorBody }
const SlugParams = z.object({ slug: z.string().min(1).max(100) })
const ConversationParams = z.object({ slug: z.string().min(1).max(100), id: z.string().uuid() })

/**
 * The studio's conversation review and analytics (issue #16 'Run it'): read by the clone's CREATOR and
 * CONTRIBUTORs (requireCloneTeam 'read'); anyone else gets the 404 of a clone that does not exist.
 * Revising an answer goes through the chat's own creator-only route (POST /api/clone/training/revise).
 */
export const studioReviewRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/api/studio/:slug/conversations',
    {
      schema: {
        params: SlugParams,
        querystring: ReviewConversationsQuery,
        response: { 200: ReviewConversationPage, ...errors },
      },
    },
    async (request) => {
      const { clone } = await requireCloneTeam(db, request, request.params.slug, 'read')
      const { cursor, medium } = request.query
      return listReviewConversations(db, clone.id, { cursor, medium, limit: REVIEW_PAGE_SIZE })
    },
  )

  app.get(
    '/api/studio/:slug/conversations/:id',
    { schema: { params: ConversationParams, response: { 200: ReviewConversationDetail, ...errors } } },
    async (request) => {
      const { clone } = await requireCloneTeam(db, request, request.params.slug, 'read')
      return reviewConversation(db, clone.id, request.params.id)
    },
  )

  app.get(
    '/api/studio/:slug/analytics',
    { schema: { params: SlugParams, response: { 200: CloneAnalytics, ...errors } } },
    async (request) => {
      const { clone } = await requireCloneTeam(db, request, request.params.slug, 'read')
      return cloneAnalytics(db, clone.id)
    },
  )
}
