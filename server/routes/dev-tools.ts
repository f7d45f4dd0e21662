import { asc, eq } from 'drizzle-orm'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { ApiErrorBody, DEFAULT_CONVERSATION_TITLE, type MessageAffiliate } from '../../contract'
import { ensureVisitor, ownerOf } from '../auth/visitor'
import { type CitationDraft, citeAnswer } from '../brain/citations'
import { CloneBrain } from '../brain/clone-brain'
import { KnowledgeIndexCache } from '../brain/knowledge-index'
import { LocalAnswerer } from '../brain/local-answerer'
import { findOwnedConversation } from '../chat/conversation-store'
import { findCloneBySlug } from '../clones/queries'
import type { Db } from '../db/client'
import {
  conversations,
  documents,
  messageAffiliates,
  messageCitations,
  messages,
  suggestedQuestions,
} from '../db/schema'
import { notFound } from '../errors'

/** The most messages one seed call writes (a long conversation for the benchmarks, not a load test). */
export const MAX_SEEDED_MESSAGES = 5_000
/** Questions asked when the clone has no suggested questions of its own. */
const FALLBACK_QUESTIONS = ['What do you talk about most?', 'How did you get started?']
/** Rows per insert statement: PostgreSQL takes at most 65,535 parameters in one. */
const ROWS_PER_INSERT = 400

/**
 * Development-only helpers for end-to-end tests, benchmarks and demos. server/app.ts registers this plugin
 * only when NODE_ENV is not 'production'; nothing here exists in a production server.
 *
 * POST /dev/conversations/:id/backdate { updatedAt } moves one of the caller's own conversations to an
 * earlier time, so history's date groups (Today, Yesterday, 'MMMM d', 'MMMM d, yyyy') can be shown.
 *
 * POST /dev/conversations/seed { cloneSlug, messages } writes a conversation of that many messages for the
 * caller (their account, else their visitor cookie, made when missing), visitor and clone in turn, a minute
 * apart and ending now. The clone's turns are real answers of the local brain, with their citations as the
 * chat stream stores them, to the clone's suggested questions and a question about each of its documents,
 * asked in turn. Answers `{ id }`.
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

  // The local brain without pacing: the seed writes answers, it does not stream them.
  const local = new LocalAnswerer(0)
  const brain = new CloneBrain(new KnowledgeIndexCache(db), local, local)

  app.post(
    '/dev/conversations/seed',
    {
      schema: {
        body: z.object({
          cloneSlug: z.string().min(1).max(200),
          messages: z.number().int().min(1).max(MAX_SEEDED_MESSAGES),
        }),
        response: { 200: z.object({ id: z.uuid() }), 404: ApiErrorBody },
      },
    },
    async (request, reply) => {
      const clone = await findCloneBySlug(db, request.body.cloneSlug)
      if (!clone) throw notFound('Clone not found')
      const visitorId = ensureVisitor(request, reply)
      const userId = request.identity.user?.id ?? null

      const asked = await db
        .select({ question: suggestedQuestions.question })
        .from(suggestedQuestions)
        .where(eq(suggestedQuestions.cloneId, clone.id))
        .orderBy(asc(suggestedQuestions.position))
      // The suggested questions, then one about each document: a long conversation covers the material.
      const titles = await db
        .select({ title: documents.title })
        .from(documents)
        .where(eq(documents.cloneId, clone.id))
        .orderBy(asc(documents.title))
      const questions = [
        ...(asked.length ? asked.map((q) => q.question) : FALLBACK_QUESTIONS),
        ...titles.map((d) => `What should I know about ${d.title}?`),
      ]
      const answers: SeedAnswer[] = []
      for (const question of questions) {
        const prepared = await brain.prepare(clone, question, [])
        let text = ''
        for await (const token of local.answer(prepared.input, new AbortController().signal)) text += token
        answers.push({ question, text, ...citeAnswer(text, prepared.input.sources) })
      }

      const count = request.body.messages
      const end = Date.now()
      const at = (i: number) => new Date(end - (count - 1 - i) * 60_000)
      const id = await db.transaction(async (tx) => {
        const [conversation] = await tx
          .insert(conversations)
          .values({
            cloneId: clone.id,
            visitorId,
            userId,
            title: DEFAULT_CONVERSATION_TITLE,
            medium: 'WEB',
            createdAt: at(0),
            updatedAt: at(count - 1),
          })
          .returning({ id: conversations.id })
        const conversationId = conversation!.id
        const rows = Array.from({ length: count }, (_, i) => {
          const answer = answers[Math.floor(i / 2) % answers.length]!
          const fromClone = i % 2 === 1
          return {
            conversationId,
            sender: fromClone ? ('CLONE' as const) : ('USER' as const),
            text: fromClone ? answer.text : answer.question,
            hasSources: fromClone && answer.citations.length > 0,
            sessionStart: i === 0,
            createdAt: at(i),
          }
        })
        const inserted: { id: string; sender: string; createdAt: Date }[] = []
        for (const batch of batches(rows)) {
          inserted.push(
            ...(await tx
              .insert(messages)
              .values(batch)
              .returning({ id: messages.id, sender: messages.sender, createdAt: messages.createdAt })),
          )
        }
        inserted.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime())
        const citationRows = inserted.flatMap((message, i) =>
          message.sender === 'CLONE'
            ? answers[Math.floor(i / 2) % answers.length]!.citations.map(({ timestamp, ...c }) => ({
                ...c,
                messageId: message.id,
                timestampMs: timestamp,
              }))
            : [],
        )
        for (const batch of batches(citationRows)) await tx.insert(messageCitations).values(batch)
        const affiliateRows = inserted.flatMap((message, i) =>
          message.sender === 'CLONE'
            ? answers[Math.floor(i / 2) % answers.length]!.affiliates.map((a, position) => ({
                ...a,
                messageId: message.id,
                position,
              }))
            : [],
        )
        for (const batch of batches(affiliateRows)) await tx.insert(messageAffiliates).values(batch)
        return conversationId
      })
      return { id }
    },
  )
}

interface SeedAnswer {
  question: string
  text: string
  citations: CitationDraft[]
  affiliates: MessageAffiliate[]
}

function* batches<T>(rows: readonly T[]): Generator<T[]> {
  for (let i = 0; i < rows.length; i += ROWS_PER_INSERT) yield rows.slice(i, i + ROWS_PER_INSERT)
}
