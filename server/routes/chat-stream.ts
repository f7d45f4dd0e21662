import type { FastifyBaseLogger } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { ErrorCode, OutboundMessage, UNLIMITED_QUOTA } from '../../contract'
import { ensureVisitor } from '../auth/visitor'
import { allowanceOf, paymentRequired, QuotaExceededError, subjectOf } from '../billing/usage'
import { citeAnswer } from '../brain/citations'
import type { PreparedAnswer } from '../brain/clone-brain'
import type { BrainSetup } from '../brain/create-brain'
import { HISTORY_TURNS_SENT } from '../brain/prompt'
import { resolveChatTarget } from '../chat/chat-target'
import { recentTurns, replyTime, storeExchange } from '../chat/conversation-store'
import { ChatEventStream, SSE_HEADERS, SSE_HEARTBEAT_MS } from '../chat/sse'
import type { Db } from '../db/client'
import { readAttachments } from '../uploads/attachments'
import type { UploadStore } from '../uploads/store'

export interface ChatStreamOptions {
  db: Db
  setup: BrainSetup
  /** Where attached files are read from (spec 1 §5 'Attachments'). */
  uploadStore: UploadStore
  /** PUBLIC_URL: attached file URLs may be absolute on its origin. */
  publicUrl: string
  /** The heartbeat period; 15 s in production (tests shorten it). */
  heartbeatMs?: number
}

/** Shown by the error event; the client then shows its own fallback message (spec 1 §8). */
export const ANSWER_FAILED = 'The clone could not come up with an answer.'

/** Why generation stopped: the visitor closed the connection (not an error worth logging). */
class VisitorLeft extends Error {
  constructor() {
    super('The visitor closed the chat stream')
    this.name = 'VisitorLeft'
  }
}

/**
 * spec 1 §7 'Chat stream'. Everything that can fail with a status (bad body or a file that is not one
 * of our complete uploads 400, unknown clone, instance or conversation 404) fails before the first
 * byte, as JSON. Once streaming, a failure becomes an error event. Nothing is stored until the answer
 * is complete; a visitor who leaves stops generation (and any upstream model request) at once and
 * leaves no rows behind.
 */
export const chatStreamRoutes: FastifyPluginAsyncZod<ChatStreamOptions> = async (
  app,
  { db, setup, uploadStore, publicUrl, heartbeatMs = SSE_HEARTBEAT_MS },
) => {
  const publicOrigin = new URL(publicUrl).origin
  app.post(
    '/api/clone/talk/messages/stream',
    // No response schema: the 200 answer is a stream (errors before it are JSON from the error handler).
    { schema: { body: OutboundMessage } },
    async (request, reply) => {
      const body = request.body
      const receivedAt = new Date()
      const { clone, documentsVersion, instanceId, conversationId, owner, attached } =
        await resolveChatTarget(db, request, body, publicOrigin)
      // Usage enforcement (spec 1 §4 'Paywall', §8): over the quota without overage is a 402 before any token.
      const allowance = await allowanceOf(db, clone, owner, instanceId)
      if (allowance.messageLimit !== UNLIMITED_QUOTA && allowance.used.messages >= allowance.messageLimit) {
        throw paymentRequired()
      }
      const history = conversationId ? await recentTurns(db, conversationId, HISTORY_TURNS_SENT) : []
      const attachments = await readAttachments(uploadStore, attached)
      const prepared = await setup.brain.prepare(clone, body.text, history, { documentsVersion, attachments })
      const visitorId = ensureVisitor(request, reply)

      const stream = new ChatEventStream(heartbeatMs)
      const generation = new AbortController()
      // 'close' on the response before we ended it means the visitor went away (issue: disconnect).
      reply.raw.once('close', () => {
        if (!stream.ended) generation.abort(new VisitorLeft())
      })
      // Gone already, while the sources were being retrieved: write nothing, store nothing.
      if (request.raw.socket?.destroyed === true) generation.abort(new VisitorLeft())
      reply.code(200).headers(SSE_HEADERS)
      reply.send(stream.body)

      void answerIntoStream({
        db,
        log: request.log,
        prepared,
        stream,
        signal: generation.signal,
        exchange: {
          cloneId: clone.id,
          instanceId,
          conversationId,
          visitorId,
          userId: owner.userId,
          attachedUploadIds: attached.map((upload) => upload.id),
          charge: {
            subject: subjectOf({ userId: owner.userId, visitorId })!,
            periodStart: allowance.periodStart,
            scope: allowance.scope,
            limit: allowance.messageLimit,
          },
          question: {
            text: body.text,
            files: body.files,
            locationId: body.locationId ?? null,
            createdAt: receivedAt,
          },
        },
      })
      return reply
    },
  )
}

interface AnswerJob {
  db: Db
  log: FastifyBaseLogger
  prepared: PreparedAnswer
  stream: ChatEventStream
  signal: AbortSignal
  exchange: Omit<Parameters<typeof storeExchange>[1], 'reply'>
}

async function answerIntoStream({ db, log, prepared, stream, signal, exchange }: AnswerJob): Promise<void> {
  try {
    let text = ''
    for await (const token of prepared.answerer.answer(prepared.input, signal)) {
      if (signal.aborted) break
      text += token
      stream.send({ current_token: token })
    }
    if (signal.aborted) return
    if (!text.trim()) throw new Error('The answerer produced no text')

    const { citations, affiliates } = citeAnswer(text, prepared.input.sources)
    const reply = { text, citations, affiliates, createdAt: replyTime(exchange.question.createdAt) }
    const stored = await storeExchange(db, { ...exchange, reply }, signal)
    stream.send({ message: stored.cloneMessage!, userMessage: stored.userMessage })
  } catch (error) {
    if (signal.aborted) return
    if (error instanceof QuotaExceededError) {
      // Lost the race for the last message of the quota: nothing was stored or counted.
      stream.send({ error: { code: ErrorCode.paymentRequired, message: error.message } })
      return
    }
    log.error({ err: error }, 'chat stream failed')
    stream.send({ error: { code: ErrorCode.internal, message: ANSWER_FAILED } })
  } finally {
    stream.end()
  }
}
