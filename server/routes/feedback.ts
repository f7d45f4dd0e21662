import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { ApiErrorBody, FeedbackRequest, FeedbackResponse } from '../../contract'
import { findCloneBySlug } from '../clones/queries'
import type { Db } from '../db/client'
import { feedback } from '../db/schema'

/**
 * spec 1 §7 sendFeedback { subject, feedback }: anyone may send feedback; a signed-in sender is
 * remembered, and so is the clone it was sent from (an unknown slug is simply not recorded).
 */
export const feedbackRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.post(
    '/api/feedback',
    {
      // The content is at most 1000 characters; a small body limit keeps abuse cheap.
      bodyLimit: 16 * 1024,
      schema: { body: FeedbackRequest, response: { 201: FeedbackResponse, 400: ApiErrorBody } },
    },
    async (request, reply) => {
      const { subject, feedback: content, slug } = request.body
      const clone = slug ? await findCloneBySlug(db, slug) : undefined
      const [row] = await db
        .insert(feedback)
        .values({ subject, content, cloneId: clone?.id ?? null, userId: request.identity.user?.id ?? null })
        .returning({ id: feedback.id })
      return reply.code(201).send({ id: row!.id })
    },
  )
}
