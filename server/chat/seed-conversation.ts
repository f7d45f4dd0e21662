import { asc, eq } from 'drizzle-orm'
import type { Owner } from '../auth/visitor'
import { citeAnswer } from '../brain/citations'
import { composeAnswer } from '../brain/compose'
import type { BrainSetup } from '../brain/create-brain'
import type { CloneRow } from '../clones/queries'
import type { Db } from '../db/client'
import {
  conversations,
  documents,
  messageAffiliates,
  messageCitations,
  messages,
  suggestedQuestions,
} from '../db/schema'

/** Rows per INSERT: well under PostgreSQL's 65,535 bind parameters for the widest table. */
const INSERT_BATCH = 200
/** Seeded exchanges are two minutes apart, the answer half a minute after its question. */
const EXCHANGE_GAP_MS = 120_000
const ANSWER_DELAY_MS = 30_000

export interface SeedConversationInput {
  clone: CloneRow
  owner: Owner
  /** How many messages: questions and answers alternate, starting with a question. */
  messages: number
}

/**
 * A long conversation for benchmarks and demos (the dev-only POST /dev/conversations/seed): numbered
 * questions drawn from the clone's suggested questions and its topics, each answered the way the local
 * brain answers it, with the citations and product cards a real answer stores. Written in a few bulk
 * inserts, so 1,000 messages take seconds, not a streamed answer each.
 */
export async function seedConversation(
  db: Db,
  brain: BrainSetup,
  { clone, owner, messages: count }: SeedConversationInput,
): Promise<{ id: string }> {
  const pool = await questionPool(db, brain, clone)
  // Answered before the transaction: retrieval reads the database outside it (PGlite has one connection).
  const answers = new Map<string, Awaited<ReturnType<typeof answerOf>>>()
  for (const question of pool) answers.set(question, await answerOf(brain, clone, question))
  const exchanges = Math.ceil(count / 2)
  const startAt = Date.now() - exchanges * EXCHANGE_GAP_MS

  return db.transaction(async (tx) => {
    const [conversation] = await tx
      .insert(conversations)
      .values({
        cloneId: clone.id,
        visitorId: owner.visitorId,
        userId: owner.userId,
        title: `${count} messages`,
        medium: 'WEB',
        createdAt: new Date(startAt),
        updatedAt: new Date(startAt + (exchanges - 1) * EXCHANGE_GAP_MS + ANSWER_DELAY_MS),
      })
      .returning({ id: conversations.id })
    const conversationId = conversation!.id

    const messageRows: (typeof messages.$inferInsert)[] = []
    const replies: { position: number; answer: Awaited<ReturnType<typeof answerOf>> }[] = []
    for (let i = 0; i < exchanges; i++) {
      const base = pool[i % pool.length]!
      const question = `Question ${i + 1} of ${exchanges}: ${base}`
      const at = startAt + i * EXCHANGE_GAP_MS
      messageRows.push({
        conversationId,
        sender: 'USER',
        text: question,
        sessionStart: i === 0,
        createdAt: new Date(at),
      })
      if (messageRows.length === count) break
      const answer = answers.get(base)!
      replies.push({ position: messageRows.length, answer })
      messageRows.push({
        conversationId,
        sender: 'CLONE',
        text: answer.text,
        hasSources: answer.citations.length > 0,
        createdAt: new Date(at + ANSWER_DELAY_MS),
      })
    }

    const ids: string[] = []
    for (let i = 0; i < messageRows.length; i += INSERT_BATCH) {
      const inserted = await tx
        .insert(messages)
        .values(messageRows.slice(i, i + INSERT_BATCH))
        .returning({ id: messages.id })
      ids.push(...inserted.map((r) => r.id))
    }

    const citationRows = replies.flatMap(({ position, answer }) =>
      answer.citations.map(({ timestamp, ...c }) => ({
        ...c,
        messageId: ids[position]!,
        timestampMs: timestamp,
      })),
    )
    for (let i = 0; i < citationRows.length; i += INSERT_BATCH) {
      await tx.insert(messageCitations).values(citationRows.slice(i, i + INSERT_BATCH))
    }
    const affiliateRows = replies.flatMap(({ position, answer }) =>
      answer.affiliates.map((a, order) => ({ ...a, messageId: ids[position]!, position: order })),
    )
    for (let i = 0; i < affiliateRows.length; i += INSERT_BATCH) {
      await tx.insert(messageAffiliates).values(affiliateRows.slice(i, i + INSERT_BATCH))
    }
    return { id: conversationId }
  })
}

/**
 * The clone's suggested questions, one question per topic and one per document of its material: enough
 * different answers that a long conversation does not repeat itself within a compression window.
 */
async function questionPool(db: Db, brain: BrainSetup, clone: CloneRow): Promise<string[]> {
  const suggested = await db
    .select({ question: suggestedQuestions.question })
    .from(suggestedQuestions)
    .where(eq(suggestedQuestions.cloneId, clone.id))
    .orderBy(asc(suggestedQuestions.position))
  const titles = await db
    .select({ title: documents.title })
    .from(documents)
    .where(eq(documents.cloneId, clone.id))
    .orderBy(asc(documents.title))
  const { topics } = await brain.indexes.get(clone.id)
  const pool = [
    ...suggested.map((r) => r.question),
    ...topics.map((topic) => `What should I know about ${topic}?`),
    ...titles.map((r) => `What do you say in “${r.title}”?`),
  ]
  return pool.length > 0 ? pool : [`What do you talk about, ${clone.name}?`]
}

/** The answer the local brain composes for a question, with its citations and product cards. */
async function answerOf(brain: BrainSetup, clone: CloneRow, question: string) {
  const prepared = await brain.brain.prepare(clone, question, [])
  const text = composeAnswer(prepared.input)
  return { text, ...citeAnswer(text, prepared.input.sources) }
}
