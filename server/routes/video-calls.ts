import { randomUUID } from 'node:crypto'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { ErrorCode } from '../../contract'
import { checkLanguage, findLanguage } from '../../contract/languages'
import {
  EndVideoCallRequest,
  StartVideoCallRequest,
  StartVideoCallResponse,
  VIDEO_RATE_LIMIT_RETRY_MS,
  VIDEO_RATE_LIMITED,
  VIDEO_TRANSCRIPTION_ENDPOINTING_MS,
  VideoFailureReport,
  VideoTranscriptUpdate,
} from '../../contract/video'
import { ensureVisitor, ownerOf } from '../auth/visitor'
import { subjectOf } from '../billing/usage'
import { requireOwnVideoCall } from '../calls/call-access'
import { callAllowanceOf, requireCallSeconds, secondsLeft } from '../calls/call-allowance'
import { CallParams, registerCallLifecycle } from '../calls/call-lifecycle'
import { storeCallLine } from '../calls/call-lines'
import { type CallTurnOptions, registerCallTurns } from '../calls/call-turns'
import { TAVUS_REPLICA_JOINED, TAVUS_SHUTDOWN, TavusCallback } from '../calls/tavus/tavus-callbacks'
import {
  storeTavusTranscript,
  TAVUS_TRANSCRIPTION_READY,
  TavusTranscript,
} from '../calls/tavus/tavus-transcript'
import {
  endVideoCall,
  findVideoCall,
  markReplicaJoined,
  openVideoCall,
  touchVideoCall,
  type VideoCallRow,
  videoElapsedSeconds,
} from '../calls/video-call-store'
import { storeVideoFailure } from '../calls/video-failures'
import { type VideoCallProvider, VideoProviderBusy, VideoProviderError } from '../calls/video-provider'
import { firstMessageFor } from '../calls/voice-settings'
import { requireClone, requireCloneById, requireInstance } from '../clones/queries'
import { AppError, badRequest, conflict, forbidden, notFound, rateLimited } from '../errors'

export interface VideoCallRoutesOptions extends CallTurnOptions {
  videoCalls: VideoCallProvider
}

export const VIDEO_NOT_ALLOWED = 'Video calls are not available for this clone.'
export const VIDEO_PROVIDER_FAILED = 'The video call could not start'

/** A local avatar call's transcript update claiming words the clone did not say (issue #27). */
export const NOT_THE_CLONES_WORDS = "These are not the clone's words in this call"
/** A Tavus call's lines after it ended: Tavus's own transcript is the call's record now (issue #27). */
export const TAVUS_CALL_OVER = 'This call is over: its transcript comes from Tavus'
/** The most a Tavus callback may weigh: a long call's whole transcript, with the persona's prompt. */
export const TAVUS_CALLBACK_BODY_LIMIT = 4 * 1024 * 1024
/**
 * Video calls (spec 2 §7): start (the local avatar, or a Tavus conversation), transcript updates, the local
 * avatar's turns and speech (server/calls/call-turns.ts), heartbeat, the end report and failure reports.
 * Recordings and the shared video page are in video-recordings.ts.
 */
export const videoCallRoutes: FastifyPluginAsyncZod<VideoCallRoutesOptions> = async (app, options) => {
  const { db, videoCalls, now = () => new Date() } = options

  app.post(
    '/api/calls/video',
    { schema: { body: StartVideoCallRequest, response: { 200: StartVideoCallResponse } } },
    async (request, reply) => {
      const body = request.body
      const checked = checkLanguage(body.language)
      if (!checked.ok) throw badRequest(checked.message)
      const clone = await requireClone(db, body.slug)
      if (!clone.allowVideo) throw forbidden(VIDEO_NOT_ALLOWED)
      const instanceId = body.instanceSlug
        ? (await requireInstance(db, clone.id, body.instanceSlug)).id
        : null
      const startedAt = now()
      const owner = ownerOf(request)
      const video = await callAllowanceOf(db, 'video', clone, owner, instanceId, startedAt)
      requireCallSeconds(video)

      const callId = randomUUID()
      const language = findLanguage(checked.code)!
      // The creator's first message in the call's language, else the greeting in it (issue #26 part 2).
      const firstMessage = firstMessageFor(clone, language.code)
      let room: Awaited<ReturnType<VideoCallProvider['open']>>
      try {
        // The room first: a visitor queued behind 'Rate limited' retries every 5 s (spec 2 §9), and no
        // retry may leave an empty call and conversation behind.
        room = await videoCalls.open({
          callId,
          clone: {
            name: clone.name,
            headline: clone.headline,
            description: clone.description,
            tone: clone.toneFeedback,
          },
          language: { code: language.code, name: language.name },
          question: body.question?.trim() || null,
          firstMessage,
        })
      } catch (error) {
        if (error instanceof VideoProviderBusy)
          throw rateLimited(VIDEO_RATE_LIMITED, VIDEO_RATE_LIMIT_RETRY_MS)
        if (error instanceof VideoProviderError) {
          request.log.error({ err: error }, 'video provider failed to start a call')
          throw new AppError(502, ErrorCode.unavailable, VIDEO_PROVIDER_FAILED)
        }
        throw error
      }
      const visitorId = ensureVisitor(request, reply)
      const call = await openVideoCall(db, {
        id: callId,
        cloneId: clone.id,
        instanceId,
        userId: owner.userId,
        visitorId,
        ledger: {
          subject: subjectOf({ userId: owner.userId, visitorId })!,
          periodStart: video.allowance.periodStart,
          scope: video.allowance.scope,
        },
        language: language.code,
        provider: videoCalls.kind,
        startedAt,
        tavus: room,
      })
      return {
        callId: call.id,
        conversationId: call.conversationId,
        startedAt: call.startedAt.toISOString(),
        language: call.language,
        remainingSeconds: secondsLeft(video),
        firstMessage,
        provider: { kind: videoCalls.kind },
        tavusConversationId: call.tavusConversationId,
        tavusConversationUrl: call.tavusConversationUrl,
        transcription: {
          language: call.language,
          endpointing: VIDEO_TRANSCRIPTION_ENDPOINTING_MS,
          profanity_filter: false,
        },
      }
    },
  )

  // spec 2 §7 'Transcript update': the local avatar's first message, or a visitor's line of a Tavus call while
  // it runs (the live view; Tavus's own transcript replaces them when it comes, tavus-transcript.ts).
  app.post(
    '/api/calls/video/:callId/transcript',
    { schema: { params: CallParams, body: VideoTranscriptUpdate } },
    async (request) => {
      const call = await requireOwnVideoCall(db, request, request.params.callId)
      const body = request.body
      if (body.tavus_conversation_id && body.tavus_conversation_id !== call.tavusConversationId)
        throw badRequest('This utterance belongs to another video call')
      // In a local avatar call the server answers every turn itself and stores it (call-turns.ts): the only
      // words of the clone the browser reports are its first message, which the server knows too. In a Tavus
      // call the clone's words come from Tavus's transcript alone. Anything else would put words in the
      // clone's mouth on the shared transcript (issue #27).
      if (body.participant === 'CLONE' && call.tavusConversationId) throw badRequest(NOT_THE_CLONES_WORDS)
      if (call.tavusConversationId && call.endedAt) throw conflict(TAVUS_CALL_OVER)
      if (body.participant === 'CLONE') {
        const clone = await requireCloneById(db, call.cloneId)
        if (body.text !== firstMessageFor(clone, call.language).trim()) throw badRequest(NOT_THE_CLONES_WORDS)
      }
      const stored = await storeCallLine(db, {
        conversationId: call.conversationId,
        sender: body.participant,
        text: body.text,
        at: new Date(body.timestamp),
      })
      await touchVideoCall(db, call.id, now())
      return stored
    },
  )

  // The local avatar's conversation: the voice call's turns and speech, held to the video quota.
  registerCallTurns(app, options, {
    prefix: '/api/calls/video',
    requireCall: (request, callId) => requireOwnVideoCall(db, request, callId),
    requireTime: async (clone, call, at) => {
      const video = await callAllowanceOf(db, 'video', clone, call, call.instanceId, at, call.id)
      requireCallSeconds(video, videoElapsedSeconds(call, at))
    },
    touch: (callId, at) => touchVideoCall(db, callId, at),
    speechTiming: true,
  })

  registerCallLifecycle<VideoCallRow, typeof EndVideoCallRequest>(app, db, now, {
    prefix: '/api/calls/video',
    allowance: 'video',
    endBody: EndVideoCallRequest,
    requireCall: (request, callId) => requireOwnVideoCall(db, request, callId),
    touch: (callId, at) => touchVideoCall(db, callId, at),
    elapsed: videoElapsedSeconds,
    // spec 2 §7 'End-of-video-call report': the boot time is kept; the seconds are the server's own.
    end: async (request, call, body, at) => {
      await endVideoCall(db, call.id, {
        endedAt: at,
        reason: body.reason,
        replicaBootDuration: body.replicaBootDuration,
      })
      if (call.tavusConversationId && !call.endedAt) {
        videoCalls.close({ conversationId: call.tavusConversationId }).catch((error: unknown) => {
          request.log.warn({ err: error }, 'ending the Tavus conversation failed')
        })
      }
    },
  })

  // Tavus's callbacks (calls/tavus/tavus-callbacks.ts), the server's own events of a Tavus call: the replica
  // joined (the charged time starts), the room shut (the call ends and is charged, if nothing ended it) and
  // the transcript is ready (the call's transcript, tavus-transcript.ts). Each changes nothing when replayed.
  app.post(
    '/api/calls/video/:callId/tavus/:token',
    {
      bodyLimit: TAVUS_CALLBACK_BODY_LIMIT,
      schema: {
        params: z.object({ callId: z.uuid(), token: z.string().check(z.maxLength(100)) }),
        body: TavusCallback,
      },
    },
    async (request) => {
      const { callId, token } = request.params
      if (!videoCalls.acceptsCallback?.(callId, token)) throw notFound()
      const call = await findVideoCall(db, callId)
      if (!call || call.tavusConversationId !== request.body.conversation_id) throw notFound()
      const at = now()
      if (request.body.event_type === TAVUS_REPLICA_JOINED) await markReplicaJoined(db, call.id, at)
      if (request.body.event_type === TAVUS_SHUTDOWN)
        await endVideoCall(db, call.id, { endedAt: at, reason: 'provider-ended' })
      if (request.body.event_type === TAVUS_TRANSCRIPTION_READY) {
        const transcript = TavusTranscript.safeParse(request.body.properties?.transcript)
        if (!transcript.success) throw badRequest('The transcript is not a list of messages')
        const stored = await storeTavusTranscript(db, call, transcript.data)
        request.log.info({ callId: call.id, stored }, 'Tavus transcript received')
      }
      return { ok: true as const }
    },
  )

  app.post('/api/calls/video/failures', { schema: { body: VideoFailureReport } }, async (request) => {
    const report = request.body
    request.log.warn({ videoFailure: report }, 'video call failure reported')
    await storeVideoFailure(db, report, ownerOf(request))
    return { ok: true as const }
  })
}
