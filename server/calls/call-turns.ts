import { randomUUID } from 'node:crypto'
import type { FastifyRequest } from 'fastify'
import { ErrorCode } from '../../contract'
import { VoiceSpeechRequest, VoiceTurnRequest } from '../../contract/calls'
import { encodeSpeechTiming, SPEECH_TIMING_HEADER } from '../../contract/speech-timing'
import type { App } from '../app-type'
import type { BrainSetup } from '../brain/create-brain'
import { HISTORY_TURNS_SENT } from '../brain/prompt'
import { beginAnswer, CLIENT_ID_TAKEN } from '../chat/answer-store'
import { answerIntoStream, clientGone, openAnswerStream } from '../chat/answer-stream'
import { QuestionAlreadyStored, recentTurns } from '../chat/conversation-store'
import { SSE_HEADERS, SSE_HEARTBEAT_MS } from '../chat/sse'
import { type CloneRow, requireCloneById, requireCloneForChatById } from '../clones/queries'
import type { Db } from '../db/client'
import { AppError, conflict } from '../errors'
import { SpeechUnavailableError, type TextToSpeech } from '../tts/provider'
import { clampSpokenText, speakableText } from '../tts/speakable-text'
import { createSpeechCache } from '../tts/speech-cache'
import { CallParams } from './call-lifecycle'
import { speechVoiceOf } from './voice-settings'

export interface CallTurnOptions {
  db: Db
  setup: BrainSetup
  tts: TextToSpeech
  heartbeatMs?: number
  now?: () => Date
}

/** What turns and speech read of a call, voice or video. */
export interface HeldCall {
  id: string
  conversationId: string
  cloneId: string
  instanceId: string | null
  userId: string | null
  visitorId: string | null
  language: string
  endedAt: Date | null
}

/** How one kind of call (voice, video) is found, kept alive and held to its quota. */
export interface CallKind<C extends HeldCall> {
  /** The routes' prefix: `${prefix}/:callId/turns` and `${prefix}/:callId/speech`. */
  prefix: string
  /** The asker's own call, else 404. */
  requireCall(request: FastifyRequest, callId: string): Promise<C>
  /** 402 when the call's seconds are used up (counting the running call's, not charged until its end). */
  requireTime(clone: CloneRow, call: C, at: Date): Promise<void>
  /** The call is still there (the inactivity sweeper leaves it open). */
  touch(callId: string, at: Date): Promise<unknown>
  /** The speech carries its sounds' timing (the local avatar's mouth); a voice call needs none. */
  speechTiming?: boolean
}

export const CALL_ENDED = 'This call has ended.'

/** The open call's clone with its documents version (the knowledge index is picked by it). */
const requireOpen = (call: HeldCall) => {
  if (call.endedAt) throw conflict(CALL_ENDED)
}

/**
 * A local call's conversation (spec 2 §7), voice or video: what the visitor said goes in as a turn and the
 * clone's answer streams back exactly as the chat stream's events (server/chat/answer-stream.ts), stored in
 * the call's conversation; the browser then asks for each sentence as speech in the clone's voice. Turns
 * charge no messages: the call's seconds pay for it (the call stores).
 */
export function registerCallTurns<C extends HeldCall>(
  app: App,
  { db, setup, tts, heartbeatMs = SSE_HEARTBEAT_MS, now = () => new Date() }: CallTurnOptions,
  kind: CallKind<C>,
): void {
  app.post(
    `${kind.prefix}/:callId/turns`,
    { schema: { params: CallParams, body: VoiceTurnRequest } },
    async (request, reply) => {
      const call = await kind.requireCall(request, request.params.callId)
      requireOpen(call)
      const at = now()
      const { clone, documentsVersion } = await requireCloneForChatById(db, call.cloneId)
      // The seconds of this call count although they are charged only at its end.
      await kind.requireTime(clone, call, at)
      await kind.touch(call.id, at)

      const { text, clientMessageId } = request.body
      const history = await recentTurns(db, call.conversationId, HISTORY_TURNS_SENT)
      // Issue #25: the call's language is the visitor's; the clone answers in it when it may.
      const prepared = await setup.brain.prepare(clone, text, history, {
        documentsVersion,
        visitorLanguage: call.language,
      })
      if (clientGone(request)) return reply.code(200).headers(SSE_HEADERS).send('')
      let begun: Awaited<ReturnType<typeof beginAnswer>>
      try {
        begun = await beginAnswer(db, {
          cloneId: clone.id,
          instanceId: call.instanceId,
          conversationId: call.conversationId,
          visitorId: call.visitorId ?? '',
          userId: call.userId,
          question: {
            text,
            files: [],
            locationId: null,
            createdAt: new Date(),
            clientMessageId: clientMessageId ?? randomUUID(),
          },
          attachedUploadIds: [],
        })
      } catch (error) {
        if (error instanceof QuestionAlreadyStored) throw conflict(CLIENT_ID_TAKEN)
        throw error
      }
      const { stream, signal } = openAnswerStream(request, reply, heartbeatMs)
      if (clientMessageId) {
        stream.send({ accepted: { conversationId: begun.conversationId, userMessage: begun.userMessage } })
      }
      void answerIntoStream({
        db,
        log: request.log,
        prepared,
        stream,
        signal,
        // No charge: a turn is paid for by the call's seconds.
        answer: {
          answerId: begun.answerId,
          cloneId: clone.id,
          conversationId: begun.conversationId,
          questionAt: begun.questionAt,
        },
        userMessage: begun.userMessage,
      })
      return reply
    },
  )

  const cache = createSpeechCache()
  app.post(
    `${kind.prefix}/:callId/speech`,
    // The answer is audio, not JSON: only the body is schema-checked.
    { schema: { params: CallParams, body: VoiceSpeechRequest } },
    async (request, reply) => {
      const call = await kind.requireCall(request, request.params.callId)
      requireOpen(call)
      const clone = await requireCloneById(db, call.cloneId)
      if (!clone.voiceId) throw conflict('This clone has no voice')
      // The creator's voice and pronunciations (issue #26 part 2).
      const spoken = speechVoiceOf(clone, tts.name)
      const text = clampSpokenText(speakableText(request.body.text))
      if (!text) throw new AppError(400, ErrorCode.badRequest, 'There is nothing to say')
      // The call's language, not the clone's: the visitor chose it (spec 2 §5).
      const timed = kind.speechTiming === true
      const key = cache.keyOf(tts.name, `${spoken.cacheVoice}${timed ? '|timed' : ''}`, call.language, text)
      let speech = cache.get(key)
      if (!speech) {
        const abort = new AbortController()
        request.raw.once('close', () => abort.abort())
        try {
          speech = await tts.synthesize(
            {
              text,
              voiceId: spoken.voiceId ?? clone.voiceId,
              language: call.language,
              pronunciations: spoken.pronunciations,
              speed: spoken.speed,
              stability: spoken.stability,
              timing: timed,
            },
            abort.signal,
          )
        } catch (error) {
          if (!(error instanceof SpeechUnavailableError)) throw error
          request.log.error({ err: error }, 'text to speech unavailable in a call')
          throw new AppError(503, ErrorCode.unavailable, 'The clone cannot speak right now')
        }
        cache.set(key, speech)
      }
      // The avatar's mouth follows the sounds' timing (contract/speech-timing.ts), where the voice gives it.
      if (speech.timing) reply.header(SPEECH_TIMING_HEADER, encodeSpeechTiming(speech.timing))
      return reply
        .header('content-type', speech.contentType)
        .header('cache-control', 'no-store')
        .send(speech.audio)
    },
  )
}
