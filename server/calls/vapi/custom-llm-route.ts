import { createHash, randomUUID } from 'node:crypto'
import { PassThrough } from 'node:stream'
import { and, eq } from 'drizzle-orm'
import type { FastifyBaseLogger, FastifyReply } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { citeAnswer } from '../../brain/citations'
import type { PreparedAnswer } from '../../brain/clone-brain'
import type { BrainSetup } from '../../brain/create-brain'
import { HISTORY_TURNS_SENT } from '../../brain/prompt'
import { beginAnswer, completeAnswer, interruptAnswer } from '../../chat/answer-store'
import { QuestionAlreadyStored, recentTurns } from '../../chat/conversation-store'
import { SSE_HEADERS } from '../../chat/sse'
import type { Db } from '../../db/client'
import { clones, conversations, voiceCalls } from '../../db/schema'
import { conflict, notFound, unauthorized } from '../../errors'
import { applyPronunciations } from '../../tts/pronunciations'
import { voiceSettingsOf } from '../voice-settings'
import { SpokenText } from './spoken-text'
import { callSecret, secretMatches, VAPI_SECRET_HEADER, type VapiKeys } from './vapi-secrets'

/*
 * Vapi's custom language model (spec 2 §7 'Voice agent setup'): Vapi sends OpenAI's chat-completions request
 * to `{model.url}/chat/completions` with the assistant's metadata (metadataSendMode 'variable') and our
 * per-call secret in x-vapi-secret. The clone brain answers as it does in chat (same retrieval, same
 * answerer), streamed back as OpenAI chunks, and the exchange is stored in the call's conversation.
 */

export const VAPI_COMPLETIONS_PATH = '/api/interactions/vapi/chat/completions'
export const WRONG_VAPI_SECRET = 'This request does not carry the secret of its call.'

const Message = z.looseObject({
  role: z.string().max(40),
  content: z
    .union([z.string(), z.array(z.looseObject({ text: z.string().optional() })), z.null()])
    .optional(),
})

export const CompletionRequest = z.looseObject({
  messages: z.array(Message).max(2000),
  stream: z.boolean().optional(),
  metadata: z.looseObject({
    callId: z.uuid(),
    conversationId: z.uuid(),
    cloneSlug: z.string().min(1).max(64),
    locationId: z.string().max(200).nullish(),
  }),
  call: z.looseObject({ id: z.string().max(200).optional() }).optional(),
})

/** The text of a message's content (a string, or OpenAI's array of parts). */
const textOf = (content: z.infer<typeof Message>['content']) =>
  (typeof content === 'string' ? content : (content ?? []).map((p) => p.text ?? '').join(' ')).trim()

/** The answer to a turn of a call that has ended. */
export const CALL_ENDED_TEXT = 'This call has ended'

/** Bearer (a custom-llm credential) or our header (model.headers), whichever Vapi was told to send. */
function secretOf(headers: Record<string, string | string[] | undefined>): string | undefined {
  const own = headers[VAPI_SECRET_HEADER]
  if (typeof own === 'string') return own
  const auth = headers.authorization
  return typeof auth === 'string' && auth.startsWith('Bearer ') ? auth.slice(7) : undefined
}

/**
 * The visitor's n-th turn of a call has one id, so a request Vapi repeats finds its question stored
 * (the unique client message id) instead of storing it twice.
 */
function turnId(callId: string, turn: number): string {
  const h = createHash('sha256').update(`vapi-turn:${callId}:${turn}`).digest('hex')
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}`
}

export const vapiCustomLlmRoutes: FastifyPluginAsyncZod<{
  db: Db
  setup: BrainSetup
  keys: VapiKeys | null
}> = async (app, { db, setup, keys }) => {
  app.post(
    VAPI_COMPLETIONS_PATH,
    // A long call's whole history comes with every turn.
    { bodyLimit: 4 * 1024 * 1024, schema: { body: CompletionRequest } },
    async (request, reply) => {
      if (!keys) throw notFound('Vapi is not configured')
      const body = request.body
      const { metadata } = body
      if (!secretMatches(secretOf(request.headers), callSecret(keys.llmSecret, metadata)))
        throw unauthorized(WRONG_VAPI_SECRET)
      const [target] = await db
        .select({ conversation: conversations, clone: clones })
        .from(conversations)
        .innerJoin(clones, eq(clones.id, conversations.cloneId))
        .where(and(eq(conversations.id, metadata.conversationId), eq(clones.slug, metadata.cloneSlug)))
        .limit(1)
      if (!target) throw notFound('No such call conversation')
      const { clone, conversation } = target
      // Only while its call is going (issue #27): the per-call secret stays in the browser after the end, and
      // answers after it would be neither metered nor limited.
      const [call] = await db
        .select({ language: voiceCalls.language, endedAt: voiceCalls.endedAt })
        .from(voiceCalls)
        .where(and(eq(voiceCalls.id, metadata.callId), eq(voiceCalls.conversationId, conversation.id)))
        .limit(1)
      if (!call) throw notFound('No such call')
      if (call.endedAt) throw conflict(CALL_ENDED_TEXT)

      const userTurns = body.messages.filter((m) => m.role === 'user' && textOf(m.content))
      const question = textOf(userTurns.at(-1)?.content)
      const completion = new Completion(clone.slug)
      if (!question) return completion.answerWhole(reply, body.stream === true, '')

      const history = await recentTurns(db, conversation.id, HISTORY_TURNS_SENT)
      // Issue #25: the call's language is the visitor's; the clone answers in it when it may.
      const prepared = await setup.brain.prepare(clone, question, history, { visitorLanguage: call.language })
      const begun = await beginAnswer(db, {
        cloneId: clone.id,
        instanceId: conversation.instanceId,
        conversationId: conversation.id,
        visitorId: conversation.visitorId ?? 'vapi',
        userId: conversation.userId,
        question: {
          text: question,
          files: [],
          locationId: metadata.locationId ?? null,
          createdAt: new Date(),
          clientMessageId: turnId(metadata.callId, userTurns.length),
        },
        attachedUploadIds: [],
      }).catch((error: unknown) => {
        // Stored already: a repeated request; answered without storing it again.
        if (error instanceof QuestionAlreadyStored) return null
        throw error
      })

      const generation = new AbortController()
      const pronounce = pronouncerOf(clone)
      const job = {
        db,
        log: request.log,
        prepared,
        signal: generation.signal,
        begun,
        cloneId: clone.id,
        pronounce,
      }
      if (body.stream !== true) {
        const text = await answer(job, () => {})
        return completion.answerWhole(reply, false, text)
      }
      const stream = new PassThrough()
      reply.raw.once('close', () => {
        if (!stream.writableEnded) generation.abort(new Error('Vapi closed the request'))
      })
      reply.code(200).headers(SSE_HEADERS).send(stream)
      const spoken = new SpokenText(pronounce)
      void answer(job, (token) => {
        const say = spoken.push(token)
        if (say) stream.write(completion.chunk({ content: say }))
      }).finally(() => {
        const rest = spoken.flush()
        if (rest) stream.write(completion.chunk({ content: rest }))
        stream.end(`${completion.chunk({}, 'stop')}data: [DONE]\n\n`)
      })
      return reply
    },
  )
}

interface AnswerJob {
  db: Db
  log: FastifyBaseLogger
  prepared: PreparedAnswer
  signal: AbortSignal
  begun: Awaited<ReturnType<typeof beginAnswer>> | null
  cloneId: string
  /** The creator's pronunciations in the words Vapi's voice says (issue #26 part 2). */
  pronounce?: (text: string) => string
}

/** Writes the answer token by token and stores it whole (or, broken off, as 'interrupted'); its text. */
async function answer(job: AnswerJob, onToken: (token: string) => void): Promise<string> {
  const { db, prepared, signal, begun } = job
  let text = ''
  let stored = false
  try {
    for await (const token of prepared.answerer.answer(prepared.input, signal)) {
      if (signal.aborted) break
      text += token
      onToken(token)
    }
    if (begun && !signal.aborted && text.trim()) {
      const { citations, affiliates } = citeAnswer(text, prepared.input.sources)
      // No message charge: a call counts its seconds (server/calls/voice-call-store.ts).
      await completeAnswer(db, { ...begun, cloneId: job.cloneId, reply: { text, citations, affiliates } })
      stored = true
    }
  } catch (error) {
    if (!signal.aborted) job.log.error({ err: error }, 'vapi custom-llm answer failed')
  } finally {
    if (begun && !stored) await interruptAnswer(db, begun.answerId, text).catch(() => {})
  }
  const spoken = new SpokenText(job.pronounce)
  return spoken.push(text) + spoken.flush()
}

/** The clone's pronunciations as its Vapi voice takes them: SSML phonemes on 11labs, respellings elsewhere. */
function pronouncerOf(clone: typeof clones.$inferSelect): ((text: string) => string) | undefined {
  const settings = voiceSettingsOf(clone)
  if (!settings.pronunciations.length) return undefined
  const target = settings.provider === '11labs' ? 'ssml' : 'text'
  return (text) => applyPronunciations(text, settings.pronunciations, target)
}

/** OpenAI's chat-completion shapes, as Vapi's OpenAI client reads them. */
class Completion {
  private readonly id = `chatcmpl-${randomUUID()}`
  private readonly created = Math.floor(Date.now() / 1000)
  constructor(private readonly model: string) {}

  chunk(delta: { content?: string }, finish: 'stop' | null = null): string {
    const choices = [{ index: 0, delta, finish_reason: finish }]
    const chunk = {
      id: this.id,
      object: 'chat.completion.chunk',
      created: this.created,
      model: this.model,
      choices,
    }
    return `data: ${JSON.stringify(chunk)}\n\n`
  }

  answerWhole(reply: FastifyReply, streamed: boolean, text: string) {
    if (streamed) {
      const body = `${text ? this.chunk({ content: text }) : ''}${this.chunk({}, 'stop')}data: [DONE]\n\n`
      return reply.code(200).headers(SSE_HEADERS).send(body)
    }
    return {
      id: this.id,
      object: 'chat.completion',
      created: this.created,
      model: this.model,
      // logprobs and refusal: required (nullable) in OpenAI's published CreateChatCompletionResponse.
      choices: [
        {
          index: 0,
          message: { role: 'assistant', content: text, refusal: null },
          logprobs: null,
          finish_reason: 'stop',
        },
      ],
    }
  }
}
