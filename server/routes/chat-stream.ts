import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import type { FastifyReply } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { type ChatMessage, type FileRead, OutboundMessage, UNLIMITED_QUOTA } from '../../contract'
import { openWithLatestAnnouncement } from '../announcements/store'
import { ensureVisitor } from '../auth/visitor'
import { allowanceOf, paymentRequired, subjectOf } from '../billing/usage'
import type { BotCheck } from '../bot-check'
import type { Attachment } from '../brain/answerer'
import type { BrainSetup } from '../brain/create-brain'
import { HISTORY_TURNS_SENT } from '../brain/prompt'
import {
  type AnswerToBegin,
  type AskedQuestion,
  type BegunAnswer,
  beginAnswer,
  CLIENT_ID_TAKEN,
  findAskedQuestion,
  isSettled,
  mayRetry,
  restartAnswer,
} from '../chat/answer-store'
import { answerIntoStream, clientGone, openAnswerStream } from '../chat/answer-stream'
import { resolveChatTarget } from '../chat/chat-target'
import { QuestionAlreadyStored, recentTurns } from '../chat/conversation-store'
import { type MessageRow, toChatMessage } from '../chat/message-view'
import { SSE_HEADERS, SSE_HEARTBEAT_MS, sseEvent } from '../chat/sse'
import type { Db } from '../db/client'
import { messageAffiliates, messageCitations } from '../db/schema'
import { conflict } from '../errors'
import { requestLanguage } from '../i18n'
import { readAttachments } from '../uploads/attached-texts'
import { UNREADABLE_TEXT } from '../uploads/extract/limits'
import type { FileReader } from '../uploads/reader'
import type { UploadStore } from '../uploads/store'

export interface ChatStreamOptions {
  db: Db
  /** Anonymous messages need a bot-protection token (server/bot-check); a retry's question was checked. */
  botCheck: BotCheck
  setup: BrainSetup
  /** Reads attached files (spec 1 §5 'Attachments', issue #15); a message waits for its files. */
  fileReader: FileReader
  /** Where attached images are read from when the model sees images (setup.vision). */
  uploadStore: UploadStore
  /** PUBLIC_URL: attached file URLs may be absolute on its origin. */
  publicUrl: string
  /** The heartbeat period; 15 s in production (tests shorten it). */
  heartbeatMs?: number
}

export { ANSWER_FAILED } from '../chat/answer-stream'

/**
 * spec 1 §7 'Chat stream'. Everything that can fail with a status (bad body or a file that is not one
 * of our complete uploads 400, unknown clone, instance or conversation 404, a client message id of someone
 * else's question 409, over the quota 402) fails before the first byte, as JSON. Then the question is
 * stored with a 'streaming' answer before the first token (issue #11: a question is never lost), announced
 * by an `accepted` event to clients that sent a client message id. Once streaming, a failure becomes an
 * error event. The answer is stored 'complete', and counted, only when delivered whole; otherwise it is
 * marked 'interrupted' with what was written. A visitor who leaves stops generation (and any upstream model
 * request) at once. A retry with the same client message id replays a settled answer (nothing stored or
 * counted again), or answers the stored question anew.
 */
export const chatStreamRoutes: FastifyPluginAsyncZod<ChatStreamOptions> = async (
  app,
  { db, botCheck, setup, fileReader, uploadStore, publicUrl, heartbeatMs = SSE_HEARTBEAT_MS },
) => {
  const publicOrigin = new URL(publicUrl).origin
  app.post(
    '/api/clone/talk/messages/stream',
    // No response schema: the 200 answer is a stream (errors before it are JSON from the error handler).
    { schema: { body: OutboundMessage } },
    async (request, reply) => {
      const body = request.body
      const receivedAt = new Date()
      const { clone, documentsVersion, instanceId, conversationId, owner, attached, medium } =
        await resolveChatTarget(db, request, body, publicOrigin)
      const asked = body.clientMessageId ? await findAskedQuestion(db, body.clientMessageId) : undefined
      if (asked && !mayRetry(asked, owner, clone.id)) throw conflict(CLIENT_ID_TAKEN)
      // A visitor who is not signed in shows a solved challenge (403 without); a retry of a question stored
      // already (the same client message id, the same owner) was checked when it was first sent.
      if (!asked) await botCheck.require(request, body.botToken)
      if (asked && isSettled(asked.answer)) {
        // Answered already: the same final event again, nothing stored or counted twice.
        return replay(reply, await messageWithSources(db, asked.answer), toChatMessage(asked.question))
      }
      // Usage enforcement (spec 1 §4 'Paywall', §8): over the quota without overage is a 402 before any token.
      const allowance = await allowanceOf(db, clone, owner, instanceId)
      if (allowance.messageLimit !== UNLIMITED_QUOTA && allowance.used.messages >= allowance.messageLimit) {
        throw paymentRequired()
      }
      // A retry answers the stored question, with what came before it as context.
      const questionText = asked?.question.text ?? body.text
      const historyOf = asked?.question.conversationId ?? conversationId
      const history = historyOf ? await recentTurns(db, historyOf, HISTORY_TURNS_SENT, asked?.question) : []
      // Issue #25: the clone answers in the visitor's language (the app's interface language) when it may.
      const visitorLanguage = requestLanguage(request.headers)
      const prepare = (attachments: Attachment[] = []) =>
        setup.brain.prepare(clone, questionText, history, { documentsVersion, attachments, visitorLanguage })
      // Without files the answer is prepared before anything is stored; attached files are read (or waited
      // for) once the stream is open, so the visitor sees 'Analyzing File' until they are (issue #15).
      const prepared = attached.length === 0 ? await prepare() : null
      const visitorId = ensureVisitor(request, reply)

      // Gone already, while the sources were being retrieved: nothing to answer to, nothing stored.
      if (clientGone(request)) return reply.code(200).headers(SSE_HEADERS).send('')
      // Stored before the first byte: a server that dies from here on leaves the question and an answer
      // marked 'streaming', which the next start marks 'interrupted'.
      const begun = await begin(db, asked, {
        cloneId: clone.id,
        instanceId,
        conversationId,
        medium,
        visitorId,
        userId: owner.userId,
        question: {
          text: body.text,
          files: body.files,
          locationId: body.locationId ?? null,
          createdAt: receivedAt,
          clientMessageId: body.clientMessageId ?? randomUUID(),
        },
        attachedUploadIds: attached.map((upload) => upload.id),
      })
      // A parallel attempt with the same id finished first.
      if (begun.kind === 'settled')
        return replay(reply, await messageWithSources(db, begun.answer), begun.userMessage)

      const { stream, signal } = openAnswerStream(request, reply, heartbeatMs)
      // Old clients know no `accepted` event: only clients that sent an id get it.
      if (body.clientMessageId) {
        stream.send({ accepted: { conversationId: begun.conversationId, userMessage: begun.userMessage } })
      }

      const readFilesThenPrepare = async () => {
        const attachments = await readAttachments(db, fileReader, attached, {
          signal,
          imagesFrom: setup.vision ? uploadStore : undefined,
        })
        if (body.clientMessageId && body.filesReadEvent) {
          stream.send({ filesRead: filesReadOf(body.files, attachments) })
        }
        return prepare(attachments)
      }

      void answerIntoStream({
        db,
        log: request.log,
        prepared: prepared ?? readFilesThenPrepare,
        stream,
        signal,
        answer: {
          answerId: begun.answerId,
          cloneId: clone.id,
          conversationId: begun.conversationId,
          questionAt: begun.questionAt,
          charge: {
            subject: subjectOf({ userId: owner.userId, visitorId })!,
            periodStart: allowance.periodStart,
            scope: allowance.scope,
            limit: allowance.messageLimit,
          },
        },
        userMessage: begun.userMessage,
      })
      return reply
    },
  )
}

type Begun =
  | (BegunAnswer & { kind: 'streaming' })
  | { kind: 'settled'; answer: MessageRow; userMessage: ChatMessage }

/** Stores the question and a 'streaming' answer, or restarts the answer of a stored question. */
async function begin(db: Db, asked: AskedQuestion | undefined, input: AnswerToBegin): Promise<Begun> {
  if (asked) return { kind: 'streaming', ...(await restartAnswer(db, asked)) }
  try {
    const begun = await beginAnswer(db, input)
    // spec 1 §2 creator announcements (issue #15): a new chat opens with the clone's latest recent one.
    if (!input.conversationId) await openWithLatestAnnouncement(db, input.cloneId, begun, input.medium)
    return { kind: 'streaming', ...begun }
  } catch (error) {
    if (!(error instanceof QuestionAlreadyStored)) throw error
    // Two attempts with one id at once: the other stored the question; this one takes over its answer.
    const stored = await findAskedQuestion(db, input.question.clientMessageId)
    if (!stored) throw error
    if (isSettled(stored.answer)) {
      return { kind: 'settled', answer: stored.answer, userMessage: toChatMessage(stored.question) }
    }
    return { kind: 'streaming', ...(await restartAnswer(db, stored)) }
  }
}

/** Each attached file as the message named it, read or not (attachments come in the same order). */
function filesReadOf(urls: readonly string[], attachments: readonly Attachment[]): FileRead[] {
  return attachments.map((file, i) =>
    file.text === null
      ? { url: urls[i] ?? file.url, state: 'failed', error: file.error ?? UNREADABLE_TEXT }
      : { url: urls[i] ?? file.url, state: 'ready' },
  )
}

/** A stream of one final event: an answer that was settled before this request. */
function replay(reply: FastifyReply, message: ChatMessage, userMessage: ChatMessage): FastifyReply {
  return reply.code(200).headers(SSE_HEADERS).send(sseEvent({ message, userMessage }))
}

/** A stored answer as the final event carries it: with its citations and products. */
async function messageWithSources(db: Db, row: MessageRow): Promise<ChatMessage> {
  const [citations, affiliates] = await Promise.all([
    db.select().from(messageCitations).where(eq(messageCitations.messageId, row.id)),
    db.select().from(messageAffiliates).where(eq(messageAffiliates.messageId, row.id)),
  ])
  return toChatMessage(row, citations, affiliates)
}
