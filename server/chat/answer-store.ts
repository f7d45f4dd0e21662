import { randomUUID } from 'node:crypto'
import { setTimeout as delay } from 'node:timers/promises'
import { and, desc, eq, lt, ne } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import {
  type ChatMessage,
  type ConversationMedium,
  DEFAULT_CONVERSATION_TITLE,
  type MessageAffiliate,
} from '../../contract'
import type { Owner } from '../auth/visitor'
import { chargeMessage, type MessageCharge } from '../billing/usage'
import { type CitationDraft, withoutMarkers } from '../brain/citations'
import type { Db, DbKind, Tx } from '../db/client'
import { conversations, messageAffiliates, messageCitations, messages } from '../db/schema'
import { runPeriodically } from '../periodic'
import { markAttached } from '../uploads/attachments'
import { isOwner, QuestionAlreadyStored, replyTime } from './conversation-store'
import { type ConversationRow, type MessageRow, toChatMessage } from './message-view'

/*
 * The life of one answer (issue #11 'a question is lost when the server dies mid-answer'). The question is
 * stored before the first token, with its answer as a 'streaming' row; the answer becomes 'complete' when it
 * is delivered (and only then counts against the quota), 'interrupted' when it breaks off. A question carries
 * the client's id, unique, so a retry finds it instead of storing it again; a server that died mid-answer
 * leaves 'streaming' rows, which recoverInterruptedAnswers marks 'interrupted' at the next start.
 */

/** The answer row is no longer 'streaming': a retry took over, or the visitor stopped it. */
export class AnswerSuperseded extends Error {
  constructor() {
    super('The answer was superseded')
    this.name = 'AnswerSuperseded'
  }
}

export interface AskedQuestion {
  question: MessageRow
  conversation: ConversationRow
  /** Its latest answer: the complete one if any, otherwise the newest; undefined when it has none. */
  answer: MessageRow | undefined
}

/** A stored question by its client id, with its conversation and answer. */
export async function findAskedQuestion(
  db: Db | Tx,
  clientMessageId: string,
): Promise<AskedQuestion | undefined> {
  const [found] = await db
    .select({ question: messages, conversation: conversations })
    .from(messages)
    .innerJoin(conversations, eq(conversations.id, messages.conversationId))
    .where(eq(messages.clientMessageId, clientMessageId))
    .limit(1)
  if (!found) return undefined
  const answers = await db
    .select()
    .from(messages)
    .where(eq(messages.replyToId, found.question.id))
    .orderBy(desc(messages.createdAt), desc(messages.id))
  const answer = answers.find((a) => a.status === 'complete') ?? answers[0]
  return { ...found, answer }
}

/** Someone else's question (or one with another clone) already carries this client message id (409). */
export const CLIENT_ID_TAKEN = 'This message id belongs to another message.'

/** Whether the asker may see and retry this question: their own, in a conversation with this clone. */
export const mayRetry = (asked: AskedQuestion, owner: Owner, cloneId: string) =>
  asked.conversation.cloneId === cloneId && isOwner(asked.conversation, owner)

/** An answer that stays as it is: delivered, or stopped by the visitor. A retry replays it. */
export const isSettled = (answer: MessageRow | undefined): answer is MessageRow =>
  answer?.status === 'complete' || answer?.status === 'stopped'

export interface QuestionToStore {
  text: string
  files: string[]
  locationId: string | null
  createdAt: Date
  /** The client's id for the question; the server makes one for clients that send none. */
  clientMessageId: string
}

export interface AnswerToBegin {
  cloneId: string
  instanceId: string | null
  /** null starts a new conversation (medium WEB unless `medium` says, default title). */
  conversationId: string | null
  /** A new conversation's medium: EMBED when asked from an embed (server/chat/chat-target.ts). */
  medium?: ConversationMedium
  visitorId: string
  userId: string | null
  question: QuestionToStore
  /** The uploads behind `question.files` (checked by the route): stored with the question, they are kept. */
  attachedUploadIds: readonly string[]
}

export interface BegunAnswer {
  conversationId: string
  userMessage: ChatMessage
  /** The 'streaming' answer row the tokens belong to. */
  answerId: string
  questionAt: Date
}

async function insertStreamingAnswer(tx: Tx, question: MessageRow): Promise<string> {
  const [row] = await tx
    .insert(messages)
    .values({
      conversationId: question.conversationId,
      sender: 'CLONE',
      text: '',
      status: 'streaming',
      replyToId: question.id,
      locationId: question.locationId,
      createdAt: replyTime(question.createdAt),
    })
    .returning({ id: messages.id })
  return row!.id
}

/** A Postgres unique violation of this constraint (drizzle wraps the driver's error as its cause). */
function isUniqueViolation(error: unknown, constraint: string): boolean {
  const cause = (error as { cause?: unknown } | null)?.cause ?? error
  const { code, constraint: violated } = (cause ?? {}) as { code?: unknown; constraint?: unknown }
  return code === '23505' && violated === constraint
}

/**
 * Stores a new question (and its conversation when new) with a 'streaming' answer before the first token,
 * in one statement (the conversation's write as a WITH clause; ids made here), so the first token waits for
 * one round trip. Throws QuestionAlreadyStored, having written nothing, when its client id is taken (a
 * concurrent attempt stored it first).
 */
export async function beginAnswer(db: Db, input: AnswerToBegin): Promise<BegunAnswer> {
  const { question } = input
  const conversationId = input.conversationId ?? randomUUID()
  const questionId = randomUUID()
  const answerId = randomUUID()
  const store = async (q: Db) => {
    const conversationWrite = q.$with('conversation_write').as(
      input.conversationId
        ? q
            .update(conversations)
            .set({ updatedAt: question.createdAt })
            .where(eq(conversations.id, conversationId))
            .returning({ id: conversations.id })
        : q
            .insert(conversations)
            .values({
              id: conversationId,
              cloneId: input.cloneId,
              instanceId: input.instanceId,
              visitorId: input.visitorId,
              userId: input.userId,
              title: DEFAULT_CONVERSATION_TITLE,
              medium: input.medium ?? 'WEB',
              createdAt: question.createdAt,
              updatedAt: question.createdAt,
            })
            .returning({ id: conversations.id }),
    )
    const rows = await q
      .with(conversationWrite)
      .insert(messages)
      .values([
        {
          id: questionId,
          conversationId,
          sender: 'USER',
          text: question.text,
          files: question.files,
          locationId: question.locationId,
          sessionStart: input.conversationId === null,
          clientMessageId: question.clientMessageId,
          createdAt: question.createdAt,
        },
        {
          id: answerId,
          conversationId,
          sender: 'CLONE',
          text: '',
          status: 'streaming',
          replyToId: questionId,
          locationId: question.locationId,
          createdAt: replyTime(question.createdAt),
        },
      ])
      .returning()
    const userRow = rows.find((row) => row.id === questionId)!
    return { conversationId, userMessage: toChatMessage(userRow), answerId, questionAt: userRow.createdAt }
  }
  try {
    if (!input.attachedUploadIds.length) return await store(db)
    return await db.transaction(async (tx) => {
      await markAttached(tx, input.attachedUploadIds, question.createdAt)
      return store(tx)
    })
  } catch (error) {
    // One statement (or transaction): nothing was written, the new conversation neither.
    if (isUniqueViolation(error, 'messages_client_message_id_unique')) throw new QuestionAlreadyStored()
    throw error
  }
}

/**
 * A retry of a stored question whose answer did not complete: its unfinished answers give way to a new
 * 'streaming' one (an attempt still running elsewhere then fails to complete hers: AnswerSuperseded).
 */
export function restartAnswer(db: Db, asked: AskedQuestion, now = new Date()): Promise<BegunAnswer> {
  return db.transaction(async (tx) => {
    const { question } = asked
    await dropUnfinishedAnswers(tx, question.id)
    const answerId = await insertStreamingAnswer(tx, question)
    await tx
      .update(conversations)
      .set({ updatedAt: now })
      .where(eq(conversations.id, question.conversationId))
    return {
      conversationId: question.conversationId,
      userMessage: toChatMessage(question),
      answerId,
      questionAt: question.createdAt,
    }
  })
}

function dropUnfinishedAnswers(tx: Tx, questionId: string) {
  return tx.delete(messages).where(and(eq(messages.replyToId, questionId), ne(messages.status, 'complete')))
}

export interface AnswerToComplete {
  answerId: string
  cloneId: string
  conversationId: string
  questionAt: Date
  reply: { text: string; citations: CitationDraft[]; affiliates: MessageAffiliate[] }
  /** Counts the delivered answer against the asker's quota in the same transaction (server/billing/usage.ts). */
  charge?: MessageCharge
}

/**
 * The answer is whole: its text, citations and products are stored and it becomes 'complete', counted
 * against the quota, in one transaction. Throws AnswerSuperseded when the row is no longer 'streaming',
 * QuotaExceededError when a parallel answer took the last message, and the signal's reason when it fires
 * before the commit: each rolls everything back, leaving the row 'streaming' for interruptAnswer.
 */
export function completeAnswer(db: Db, input: AnswerToComplete, signal?: AbortSignal): Promise<ChatMessage> {
  return db.transaction(async (tx) => {
    const { reply } = input
    const createdAt = replyTime(input.questionAt)
    const [row] = await tx
      .update(messages)
      .set({ status: 'complete', text: reply.text, hasSources: reply.citations.length > 0, createdAt })
      .where(and(eq(messages.id, input.answerId), eq(messages.status, 'streaming')))
      .returning()
    if (!row) throw new AnswerSuperseded()
    if (input.charge) await chargeMessage(tx, input.cloneId, input.charge)
    const citationRows = reply.citations.length
      ? await tx
          .insert(messageCitations)
          .values(
            reply.citations.map(({ timestamp, ...c }) => ({
              ...c,
              messageId: row.id,
              timestampMs: timestamp,
            })),
          )
          .returning()
      : []
    const affiliateRows = reply.affiliates.length
      ? await tx
          .insert(messageAffiliates)
          .values(reply.affiliates.map((a, position) => ({ ...a, messageId: row.id, position })))
          .returning()
      : []
    await tx
      .update(conversations)
      .set({ updatedAt: createdAt })
      .where(eq(conversations.id, input.conversationId))
    if (signal?.aborted) throw signal.reason
    return toChatMessage(row, citationRows, affiliateRows)
  })
}

/**
 * The answer broke off: it keeps the text written so far, marked 'interrupted' (never shown as complete).
 * Only a row still 'streaming' changes, so a completed, stopped or superseded answer stays as it is.
 */
export async function interruptAnswer(db: Db, answerId: string, partialText: string): Promise<void> {
  await db
    .update(messages)
    // Its citations were never stored, so its [n] markers would point nowhere.
    .set({ status: 'interrupted', text: withoutMarkers(partialText) })
    .where(and(eq(messages.id, answerId), eq(messages.status, 'streaming')))
}

/**
 * The visitor stopped the answer to a stored question (spec 1 §4 'Aborting stores any partial reply'):
 * its unfinished answers give way to the partial reply, kept as 'stopped' (none when the reply is empty).
 * A question already answered in full keeps its answer. Answers the messages as stored.
 */
export async function stopAnswer(db: Db, asked: AskedQuestion, partialText: string, now = new Date()) {
  const said = await streamedText(db, asked.question.id, Date.now() + STOP_SETTLE_MS)
  return db.transaction(async (tx): Promise<ChatMessage[]> => {
    const { question } = asked
    const current = await findAskedQuestion(tx, question.clientMessageId!)
    if (current?.answer?.status === 'complete') {
      return [toChatMessage(question), toChatMessage(current.answer)]
    }
    await dropUnfinishedAnswers(tx, question.id)
    const text = keptReply(withoutMarkers(partialText), said)
    const shown = [toChatMessage(question)]
    if (text) {
      const [row] = await tx
        .insert(messages)
        .values({
          conversationId: question.conversationId,
          sender: 'CLONE',
          text,
          status: 'stopped',
          replyToId: question.id,
          locationId: question.locationId,
          createdAt: replyTime(question.createdAt, now),
        })
        .returning()
      shown.push(toChatMessage(row!))
    }
    await tx
      .update(conversations)
      .set({ updatedAt: now })
      .where(eq(conversations.id, question.conversationId))
    return shown
  })
}

/** How long a stop waits for its stream to record what it had said (it does once the visitor's request closes). */
export const STOP_SETTLE_MS = 3000

/**
 * What the clone really said before a stop, as the stream recorded it when it broke off (interruptAnswer), or
 * null when nothing was recorded by `deadline` (a stream still going, on a server that died).
 */
async function streamedText(db: Db, questionId: string, deadline: number): Promise<string | null> {
  for (;;) {
    const rows = await db
      .select({ status: messages.status, text: messages.text })
      .from(messages)
      .where(and(eq(messages.replyToId, questionId), ne(messages.status, 'complete')))
      .orderBy(desc(messages.createdAt))
    const recorded = rows.find((row) => row.status !== 'streaming')
    if (recorded) return recorded.text
    if (rows.length === 0 || Date.now() >= deadline) return null
    await delay(STOP_POLL_MS)
  }
}
const STOP_POLL_MS = 100

/**
 * The partial reply a stop keeps (issue #27: a visitor could store, and then share, any text as the clone's):
 * what the visitor saw when it is the start of what the clone said, else what the clone said; nothing when
 * the server has no record of it.
 */
export function keptReply(claimed: string, said: string | null): string {
  if (!said) return ''
  // A stop in the middle of a citation marker ('… sleep [1') leaves its start on the visitor's screen.
  const seen = claimed.replace(/\s?\[\d{0,2}$/, '').trimEnd()
  return said.startsWith(seen) ? seen : said
}

/** How long an answer may stream before another server may take it for dead (PostgreSQL, several servers). */
export const STREAMING_ANSWER_STALE_MS = 10 * 60_000

/**
 * Marks answers left 'streaming' by a server that died as 'interrupted'. With `startedBefore`, only those
 * older than that (on a database shared by several servers, a younger one may still be streaming).
 */
export async function recoverInterruptedAnswers(db: Db, startedBefore?: Date): Promise<number> {
  const rows = await db
    .update(messages)
    .set({ status: 'interrupted' })
    .where(
      and(
        eq(messages.status, 'streaming'),
        startedBefore ? lt(messages.createdAt, startedBefore) : undefined,
      ),
    )
    .returning({ id: messages.id })
  return rows.length
}

/**
 * Answers a dead server left 'streaming' become 'interrupted'. PGlite belongs to this one process, so every
 * such row is dead once the app is ready (before it takes a request). On PostgreSQL other servers may be
 * streaming now: there only answers older than STREAMING_ANSWER_STALE_MS are taken, at start and every minute.
 */
export function startAnswerRecovery(app: FastifyInstance, db: Db, dbKind: DbKind): void {
  const report = (count: number) => {
    if (count > 0) app.log.warn({ count }, 'answers left streaming by a stopped server marked interrupted')
  }
  if (dbKind === 'pglite') {
    app.addHook('onReady', async () => report(await recoverInterruptedAnswers(db)))
    return
  }
  runPeriodically(app, 'interrupted answers sweep', 60_000, async () =>
    report(await recoverInterruptedAnswers(db, new Date(Date.now() - STREAMING_ANSWER_STALE_MS))),
  )
}
