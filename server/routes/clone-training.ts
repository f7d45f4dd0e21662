import { and, desc, eq, lt, or } from 'drizzle-orm'
import type { FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { ApiErrorBody, ReviseRequest, ToneRequest, TrainingResponse } from '../../contract'
import { requireUser } from '../auth/identity'
import { applyRevision } from '../brain/revisions'
import { findMessageWithClone } from '../chat/conversation-store'
import { type CloneRow, requireClone } from '../clones/queries'
import { relationshipOf } from '../clones/relationships'
import type { Db } from '../db/client'
import { clones, cloneTraining, messages } from '../db/schema'
import { badRequest, forbidden, notFound } from '../errors'

/** The creator's notes on the clone's voice are kept to this length; the oldest notes give way first. */
export const TONE_FEEDBACK_MAX_LENGTH = 4000

/** New speaking-style notes join the earlier ones (one per line), so adjustments add up. */
export function mergeToneFeedback(existing: string | null, added: string): string {
  const lines = [...(existing ?? '').split('\n'), added.trim()].map((l) => l.trim()).filter(Boolean)
  while (lines.length > 1 && lines.join('\n').length > TONE_FEEDBACK_MAX_LENGTH) lines.shift()
  return lines.join('\n').slice(-TONE_FEEDBACK_MAX_LENGTH)
}

/** spec 1 §6: training the clone is for its creator only (401 signed out, 403 anyone else). */
async function requireCreator(db: Db, request: FastifyRequest, slug: string) {
  const user = requireUser(request)
  const clone = await requireClone(db, slug)
  if ((await relationshipOf(db, user.id, clone.id)) !== 'CREATOR') {
    throw forbidden('Only the creator of this clone can train it')
  }
  return { user, clone }
}

/** A clone answer of this clone, with the visitor's question before it (or null when there is none). */
async function findAnswer(db: Db, clone: CloneRow, messageId: string) {
  const found = await findMessageWithClone(db, messageId)
  if (!found || found.cloneId !== clone.id || found.message.sender !== 'CLONE') {
    throw notFound('Message not found')
  }
  const answer = found.message
  const [question] = await db
    .select({ text: messages.text })
    .from(messages)
    .where(
      and(
        eq(messages.conversationId, answer.conversationId),
        eq(messages.sender, 'USER'),
        or(
          lt(messages.createdAt, answer.createdAt),
          and(eq(messages.createdAt, answer.createdAt), lt(messages.id, answer.id)),
        ),
      ),
    )
    .orderBy(desc(messages.createdAt), desc(messages.id))
    .limit(1)
  return { answer, question: question?.text ?? null }
}

const errors = { 400: ApiErrorBody, 401: ApiErrorBody, 403: ApiErrorBody, 404: ApiErrorBody }

/**
 * The creator's command bar (spec 1 §2, §3, §7 improveCloneResponse and adjustCloneTone). Both take effect
 * at once: a revision becomes a creator-answer source of the clone (server/brain/revisions.ts), and a
 * speaking-style note joins the clone's toneFeedback, which the brain reads on every answer (brain/voice.ts).
 */
export const cloneTrainingRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.post(
    '/api/clone/training/revise',
    { schema: { body: ReviseRequest, response: { 201: TrainingResponse, ...errors } } },
    async (request, reply) => {
      const { slug, messageId, idealResponse } = request.body
      const { user, clone } = await requireCreator(db, request, slug)
      const { answer, question } = await findAnswer(db, clone, messageId)
      const id = await db.transaction(async (tx) => {
        const [row] = await tx
          .insert(cloneTraining)
          .values({
            cloneId: clone.id,
            userId: user.id,
            kind: 'revision',
            messageId: answer.id,
            userMessage: question,
            cloneMessage: answer.text,
            instruction: idealResponse,
          })
          .returning({ id: cloneTraining.id })
        await applyRevision(tx, {
          trainingId: row!.id,
          cloneId: clone.id,
          cloneName: clone.name,
          messageId: answer.id,
          question,
          idealResponse,
        })
        return row!.id
      })
      return reply.code(201).send({ id })
    },
  )

  app.post(
    '/api/clone/training/tone',
    { schema: { body: ToneRequest, response: { 201: TrainingResponse, ...errors } } },
    async (request, reply) => {
      const { slug, messageId, toneFeedback } = request.body
      const { user, clone } = await requireCreator(db, request, slug)
      const { answer, question } = await findAnswer(db, clone, messageId)
      // spec 1 §5: the earlier user message must exist. The stored texts are the server's, not the client's copy.
      if (question === null) throw badRequest('The earlier user message must exist')
      const id = await db.transaction(async (tx) => {
        const [row] = await tx
          .insert(cloneTraining)
          .values({
            cloneId: clone.id,
            userId: user.id,
            kind: 'tone',
            messageId: answer.id,
            userMessage: question,
            cloneMessage: answer.text,
            instruction: toneFeedback,
            applied: true,
          })
          .returning({ id: cloneTraining.id })
        const [current] = await tx
          .select({ toneFeedback: clones.toneFeedback })
          .from(clones)
          .where(eq(clones.id, clone.id))
          .for('update')
        await tx
          .update(clones)
          .set({
            toneFeedback: mergeToneFeedback(current?.toneFeedback ?? null, toneFeedback),
            updatedAt: new Date(),
          })
          .where(eq(clones.id, clone.id))
        return row!.id
      })
      return reply.code(201).send({ id })
    },
  )
}
