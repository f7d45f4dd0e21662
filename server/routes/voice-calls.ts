import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { z as zm } from 'zod/mini'
import {
  CallBundle,
  EndVoiceCallRequest,
  StartVoiceCallRequest,
  StartVoiceCallResponse,
  VoiceCapabilities,
  VoiceFailureReport,
} from '../../contract/calls'
import { checkLanguage } from '../../contract/languages'
import { ensureVisitor, ownerOf } from '../auth/visitor'
import { subjectOf } from '../billing/usage'
import { requireOwnCall } from '../calls/call-access'
import { callAllowanceOf, requireCallSeconds, secondsLeft } from '../calls/call-allowance'
import { callSources } from '../calls/call-bundle'
import { registerCallLifecycle } from '../calls/call-lifecycle'
import { storeCallLine } from '../calls/call-lines'
import {
  elapsedSeconds,
  endVoiceCall,
  findVoiceCallByConversation,
  openVoiceCall,
  touchVoiceCall,
  type VoiceCallRow,
} from '../calls/voice-call-store'
import { storeVoiceFailure } from '../calls/voice-failures'
import type { VoiceCallProvider } from '../calls/voice-provider'
import { callVoiceOf } from '../calls/voice-settings'
import { findOwnedConversation, loadConversationWithMessages } from '../chat/conversation-store'
import { requireClone, requireInstanceById } from '../clones/queries'
import { findRelationship } from '../clones/relationships'
import type { Db } from '../db/client'
import { badRequest, forbidden, notFound, unauthorized } from '../errors'

export interface VoiceCallRoutesOptions {
  db: Db
  voiceCalls: VoiceCallProvider
  /** Whether POST /api/transcribe/groq has a provider (GET /api/voice/capabilities says so). */
  transcription: boolean
  /** The clock (tests move it). */
  now?: () => Date
}

export const VOICE_NOT_ALLOWED = 'Voice calls are not available for this clone.'
/** spec 2 §9 'View transcript without login'. */
export const TRANSCRIPT_LOGIN_REQUIRED = 'Please log in to view conversation history'

/** The language is checked by the route (checkLanguage), so its 400 says exactly what spec 2 §5 says. */
const StartBody = zm.extend(StartVoiceCallRequest, {
  userPreferredLanguage: zm.string().check(zm.maxLength(200)),
})

/**
 * Voice calls held by the browser (spec 2 §7 'Voice call start' and the call's life): start, heartbeat,
 * end, failure reports, and the call part of a transcript. Turns and speech are in voice-turns.ts.
 */
export const voiceCallRoutes: FastifyPluginAsyncZod<VoiceCallRoutesOptions> = async (
  app,
  { db, voiceCalls, transcription, now = () => new Date() },
) => {
  app.get('/api/voice/capabilities', { schema: { response: { 200: VoiceCapabilities } } }, async () => ({
    transcription: transcription ? ('server' as const) : ('none' as const),
    calls: voiceCalls.kind,
  }))

  app.post(
    '/api/calls/voice',
    { schema: { body: StartBody, response: { 200: StartVoiceCallResponse } } },
    async (request, reply) => {
      const body = request.body
      const language = checkLanguage(body.userPreferredLanguage)
      if (!language.ok) throw badRequest(language.message)
      const clone = await requireClone(db, body.slug)
      if (body.cloneId && body.cloneId !== clone.id) throw notFound('Clone not found')
      if (!clone.allowVoice) throw forbidden(VOICE_NOT_ALLOWED)
      // 'Unsupported voice provider' (spec 2 §5) before anything is opened or charged.
      const callVoice = callVoiceOf(clone, language.code)
      const instanceId = body.instanceId
        ? (await requireInstanceById(db, clone.id, body.instanceId)).id
        : null
      const startedAt = now()
      const owner = ownerOf(request)
      const voice = await callAllowanceOf(db, 'voice', clone, owner, instanceId, startedAt)
      requireCallSeconds(voice)

      const visitorId = ensureVisitor(request, reply)
      const call = await openVoiceCall(db, {
        cloneId: clone.id,
        instanceId,
        userId: owner.userId,
        visitorId,
        ledger: {
          subject: subjectOf({ userId: owner.userId, visitorId })!,
          periodStart: voice.allowance.periodStart,
          scope: voice.allowance.scope,
        },
        language: language.code,
        provider: voiceCalls.kind,
        startedAt,
      })
      const provider = await voiceCalls.providerFor({
        callId: call.id,
        conversationId: call.conversationId,
        clone: {
          id: clone.id,
          slug: clone.slug,
          name: clone.name,
          language: clone.language,
          voiceModel: clone.options.voiceModel ?? null,
          // The creator's voice settings (server/calls/voice-settings.ts, issue #26 part 2).
          voiceId: callVoice.voiceId,
          voiceSettings: callVoice.voiceSettings,
          wordPhonemeMapping: callVoice.wordPhonemeMapping,
        },
        language: language.code,
        userId: owner.userId,
        // spec 2 §5 relationshipId: the signed-in user's own relationship with the clone, looked up here
        // (issue #26); a client-sent id is never trusted.
        relationshipId: owner.userId
          ? ((await findRelationship(db, owner.userId, clone.id))?.id ?? null)
          : null,
        instanceId,
        locationId: body.locationId ?? null,
        // The creator's first message in the call's language, else the greeting in it (issues #25, #26).
        initialMessage: callVoice.firstMessage,
      })
      // The local call speaks its first message itself (renderer voice/local/greeting.ts): it opens the
      // transcript, as Vapi's own first message does.
      if (provider.kind === 'local') {
        await storeCallLine(db, {
          conversationId: call.conversationId,
          sender: 'CLONE',
          text: callVoice.firstMessage,
          at: call.startedAt,
        })
      }
      return {
        callId: call.id,
        conversationId: call.conversationId,
        startedAt: call.startedAt.toISOString(),
        language: call.language,
        remainingSeconds: secondsLeft(voice),
        firstMessage: callVoice.firstMessage,
        provider,
      }
    },
  )

  registerCallLifecycle<VoiceCallRow, typeof EndVoiceCallRequest>(app, db, now, {
    prefix: '/api/calls/voice',
    allowance: 'voice',
    endBody: EndVoiceCallRequest,
    requireCall: (request, callId) => requireOwnCall(db, request, callId),
    touch: (callId, at) => touchVoiceCall(db, callId, at),
    elapsed: elapsedSeconds,
    end: async (_request, call, body, at) => {
      await endVoiceCall(db, call.id, { endedAt: at, reason: body.reason })
    },
  })

  app.post('/api/calls/voice/failures', { schema: { body: VoiceFailureReport } }, async (request) => {
    const owner = ownerOf(request)
    const report = request.body
    // spec 2 §7 captureVoiceFailure: kept for support, and in the log where operators look first.
    request.log.warn({ voiceFailure: report }, 'voice call failure reported')
    await storeVoiceFailure(db, { report, userId: owner.userId, visitorId: owner.visitorId })
    return { ok: true as const }
  })

  app.get(
    '/api/calls/voice/by-conversation/:conversationId',
    { schema: { params: z.object({ conversationId: z.uuid() }), response: { 200: CallBundle } } },
    async (request) => {
      const owner = ownerOf(request)
      if (!owner.userId) throw unauthorized(TRANSCRIPT_LOGIN_REQUIRED)
      // Signed-in owner only (spec 2 §6): the visitor cookie alone does not open a transcript.
      const conversation = await findOwnedConversation(db, request.params.conversationId, {
        userId: owner.userId,
        visitorId: null,
      })
      if (!conversation) throw notFound('Conversation not found')
      const [call, full, sources] = await Promise.all([
        findVoiceCallByConversation(db, conversation.id),
        loadConversationWithMessages(db, conversation),
        callSources(db, conversation.id),
      ])
      return {
        conversationId: conversation.id,
        medium: conversation.medium,
        startedAt: (call?.startedAt ?? conversation.createdAt).toISOString(),
        durationSeconds: call?.durationSeconds ?? null,
        recordingUrl: call?.recordingUrl ?? conversation.recordingUrl,
        messages: full.messages,
        ...sources,
      }
    },
  )
}
