import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { ApiErrorBody } from '../../contract'
import { ReplaceStudioQuestions, StudioQuestionList } from '../../contract/studio'
import type { Db } from '../db/client'
import { requireCloneTeam } from '../embeds/access'
import { listStudioQuestions, replaceStudioQuestions } from '../studio/questions'

const errors = { 400: ApiErrorBody, 401: ApiErrorBody, 404: ApiErrorBody }
const SlugParams = z.object({ slug: z.string().min(1).max(100) })

/**
 * The studio's suggested questions (spec 1 §2 '/studio/{slug}/build/questions', offered to the CREATOR or a
 * CONTRIBUTOR; issue #15): the list, and PUT to replace it whole so adding, removing and reordering are one
 * atomic change. Both may edit, so both pass requireCloneTeam's 'read' door; anyone else gets 404.
 * The profile reads the table on every request (GET /api/clones/:slug, the server-written page head), so
 * the new list shows at once.
 */
export const studioQuestionRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/api/studio/:slug/questions',
    { schema: { params: SlugParams, response: { 200: StudioQuestionList, ...errors } } },
    async (request) => {
      const { clone } = await requireCloneTeam(db, request, request.params.slug, 'read')
      return { questions: await listStudioQuestions(db, clone.id) }
    },
  )

  app.put(
    '/api/studio/:slug/questions',
    {
      schema: {
        params: SlugParams,
        body: ReplaceStudioQuestions,
        response: { 200: StudioQuestionList, ...errors },
      },
    },
    async (request) => {
      const { clone } = await requireCloneTeam(db, request, request.params.slug, 'read')
      return { questions: await replaceStudioQuestions(db, clone.id, request.body.questions) }
    },
  )
}
