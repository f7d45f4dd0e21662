import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify'
import { type ChatMessage, ErrorCode } from '../../contract'
import { QuotaExceededError } from '../billing/usage'
import { citeAnswer } from '../brain/citations'
import type { PreparedAnswer } from '../brain/clone-brain'
import type { Db } from '../db/client'
import { AnswerSuperseded, type AnswerToComplete, completeAnswer, interruptAnswer } from './answer-store'
import { ChatEventStream, SSE_HEADERS } from './sse'

/*
 * Streaming one stored answer (spec 1 §7 'Chat stream'), shared by the chat stream and a voice call's turns
 * (spec 2 §7): the answer row exists ('streaming') before this starts; tokens go out as `current_token`
 * events, and the answer is completed (and charged, when a charge is given) or marked interrupted.
 */

/** Shown by the error event; the client then shows its own fallback message (spec 1 §8). */
export const ANSWER_FAILED = 'The clone could not come up with an answer.'

/** Why generation stopped: the visitor closed the connection (not an error worth logging). */
export class VisitorLeft extends Error {
  constructor() {
    super('The visitor closed the chat stream')
    this.name = 'VisitorLeft'
  }
}

/** Whether the client is gone already (its socket closed while the answer was being prepared). */
export const clientGone = (request: FastifyRequest) => request.raw.socket?.destroyed === true

/**
 * Starts the 200 event stream on `reply`: the signal fires when the visitor goes away before the stream
 * ended, which stops generation (and any upstream model request) at once.
 */
export function openAnswerStream(
  request: FastifyRequest,
  reply: FastifyReply,
  heartbeatMs: number,
): { stream: ChatEventStream; signal: AbortSignal } {
  const stream = new ChatEventStream(heartbeatMs)
  const generation = new AbortController()
  // 'close' on the response before we ended it means the visitor went away (issue: disconnect).
  reply.raw.once('close', () => {
    if (!stream.ended) generation.abort(new VisitorLeft())
  })
  if (clientGone(request)) generation.abort(new VisitorLeft())
  reply.code(200).headers(SSE_HEADERS)
  reply.send(stream.body)
  return { stream, signal: generation.signal }
}

export interface AnswerJob {
  db: Db
  log: FastifyBaseLogger
  /** The answer to write, or how to prepare it once the stream is open (attached files are read first). */
  prepared: PreparedAnswer | (() => Promise<PreparedAnswer>)
  stream: ChatEventStream
  signal: AbortSignal
  answer: Omit<AnswerToComplete, 'reply'>
  userMessage: ChatMessage
}

export async function answerIntoStream(job: AnswerJob): Promise<void> {
  const { db, log, stream, signal, answer } = job
  let text = ''
  let delivered = false
  // What an unfinished answer keeps: the text so far, or none when it was written but not paid for.
  let kept: () => string = () => text
  try {
    const prepared = typeof job.prepared === 'function' ? await job.prepared() : job.prepared
    if (signal.aborted) return
    for await (const token of prepared.answerer.answer(prepared.input, signal)) {
      if (signal.aborted) break
      text += token
      stream.send({ current_token: token })
    }
    if (signal.aborted) return
    if (!text.trim()) throw new Error('The answerer produced no text')

    const { citations, affiliates } = citeAnswer(text, prepared.input.sources)
    const message = await completeAnswer(db, { ...answer, reply: { text, citations, affiliates } }, signal)
    delivered = true
    stream.send({ message, userMessage: job.userMessage })
  } catch (error) {
    if (signal.aborted) return
    if (error instanceof QuotaExceededError) {
      // Lost the race for the last message of the quota: the answer was not delivered, nor counted.
      kept = () => ''
      stream.send({ error: { code: ErrorCode.paymentRequired, message: error.message } })
      return
    }
    if (error instanceof AnswerSuperseded) {
      // A retry of the same question (or the visitor's stop) took over this answer.
      stream.send({ error: { code: ErrorCode.conflict, message: ANSWER_FAILED } })
      return
    }
    log.error({ err: error }, 'chat stream failed')
    stream.send({ error: { code: ErrorCode.internal, message: ANSWER_FAILED } })
  } finally {
    if (!delivered) {
      await interruptAnswer(db, answer.answerId, kept()).catch((error: unknown) =>
        log.error({ err: error }, 'could not mark an answer interrupted'),
      )
    }
    stream.end()
  }
}
