import { z } from 'zod/mini'
import { ChatMessage, Citation, MessageAffiliate } from './chat'
import { LanguageCode } from './languages'

/*
 * Voice calls and transcription (spec 2 §3, §7). The embedded default holds a call in the browser: the
 * renderer listens, transcribes, asks the clone one turn at a time and plays its answer sentence by
 * sentence. With VAPI_PUBLIC_KEY and VAPI_PRIVATE_KEY set, Vapi holds it and calls back our custom-LLM
 * endpoint and webhook. Either way the server owns the call row and counts its seconds once.
 */

/** GET /api/voice/capabilities: what this server offers, so the renderer never shows a dead button. */
export const VoiceCapabilities = z.object({
  /** 'server': POST /api/transcribe/groq works; 'none': use the browser's own recognition where it exists. */
  transcription: z.enum(['server', 'none']),
  /** Who holds a voice call: the local call (embedded default) or Vapi. */
  calls: z.enum(['local', 'vapi']),
})
export type VoiceCapabilities = z.infer<typeof VoiceCapabilities>

/** spec 2 §7 'Voice call start': POST /api/calls/voice. */
export const StartVoiceCallRequest = z.object({
  slug: z.string().check(z.minLength(1), z.maxLength(64)),
  cloneId: z.nullish(z.uuid()),
  instanceId: z.nullish(z.uuid()),
  /** Accepted for the spec's shape, never trusted: the server looks up the signed-in user's own (issue #26). */
  relationshipId: z.nullish(z.uuid()),
  userPreferredLanguage: LanguageCode,
  locationId: z.nullish(z.string().check(z.maxLength(200))),
})
export type StartVoiceCallRequest = z.input<typeof StartVoiceCallRequest>

/** spec 2 §3 'Voice call metadata' plus how to hold the call. */
export const StartVoiceCallResponse = z.object({
  callId: z.uuid(),
  conversationId: z.uuid(),
  startedAt: z.string(),
  language: z.string(),
  /** Voice seconds left when the call starts; -1 unlimited (creators, contributors, overage). */
  remainingSeconds: z.int(),
  /** The clone's first words in the call's language (issue #26 part 2: the creator's, else the greeting). */
  firstMessage: z.optional(z.string()),
  // A plain union, not z.discriminatedUnion: zod's discriminated union would join the profile's first load
  // (the zod module is in the first-load chunk, so every zod function a lazy chunk uses is there too).
  provider: z.union([
    z.object({ kind: z.literal('local') }),
    z.object({
      kind: z.literal('vapi'),
      publicKey: z.string(),
      /** The assistant for `vapi.start(assistant)`, built by the server (spec 2 §7, §9). */
      assistant: z.record(z.string(), z.unknown()),
    }),
  ]),
})
export type StartVoiceCallResponse = z.infer<typeof StartVoiceCallResponse>

/** POST /api/calls/voice/:callId/turns: one thing the visitor said; answered as the chat stream's events. */
export const VoiceTurnRequest = z.object({
  text: z.string().check(z.trim(), z.minLength(1), z.maxLength(4000)),
  clientMessageId: z.nullish(z.uuid()),
})
export type VoiceTurnRequest = z.input<typeof VoiceTurnRequest>

/** POST /api/calls/voice/:callId/speech: one sentence of the clone's answer as audio, in the clone's voice. */
export const VoiceSpeechRequest = z.object({
  text: z.string().check(z.trim(), z.minLength(1), z.maxLength(2000)),
})

/** Why a call ended (stored with the call). */
export const VoiceCallEndReason = z.enum([
  'hang-up',
  'left-screen',
  'quota-exhausted',
  'inactivity',
  'failed',
  'provider-ended',
])
export type VoiceCallEndReason = z.infer<typeof VoiceCallEndReason>

/** POST /api/calls/voice/:callId/end. */
export const EndVoiceCallRequest = z.object({ reason: VoiceCallEndReason })

/** The answer of heartbeat and end: what the call has used and what is left. */
export const VoiceCallProgress = z.object({
  callId: z.uuid(),
  /** Seconds counted so far (at end: the seconds charged, once). */
  durationSeconds: z.int(),
  /** Voice seconds left in the period after this call's seconds; -1 unlimited. */
  remainingSeconds: z.int(),
  ended: z.boolean(),
})
export type VoiceCallProgress = z.infer<typeof VoiceCallProgress>

/** How much a failure report's details may hold, as JSON (issue #27: anonymous reports of 1 MB were logged). */
export const MAX_FAILURE_DETAILS_CHARS = 4000

/** A failure report's free-form details: any JSON object up to MAX_FAILURE_DETAILS_CHARS. */
export const FailureDetails = z
  .record(z.string(), z.unknown())
  .check(
    z.refine(
      (details) => JSON.stringify(details).length <= MAX_FAILURE_DETAILS_CHARS,
      `details hold at most ${MAX_FAILURE_DETAILS_CHARS} characters`,
    ),
  )

/** spec 2 §7 'Voice failure report' (captureVoiceFailure): POST /api/calls/voice/failures. */
export const VoiceFailureReport = z.object({
  event_id: z.literal('voice_call_failure'),
  cause: z.string().check(z.maxLength(200)),
  message: z.string().check(z.maxLength(2000)),
  details: z.optional(FailureDetails),
  outcome: z.string().check(z.maxLength(100)),
  slug: z.string().check(z.minLength(1), z.maxLength(64)),
  callId: z.nullish(z.uuid()),
  conversationId: z.nullish(z.uuid()),
  instanceId: z.nullish(z.uuid()),
  userPreferredLanguage: z.nullish(z.string().check(z.maxLength(35))),
})
export type VoiceFailureReport = z.input<typeof VoiceFailureReport>

/** spec 2 §3 'Recording (transcription) result': the answer of POST /api/transcribe/groq. */
export const TranscriptionResult = z.object({
  text: z.string(),
  no_speech_prob: z.number(),
  avg_logprob: z.number(),
  compression_ratio: z.number(),
})
export type TranscriptionResult = z.infer<typeof TranscriptionResult>

/** spec 2 §5/§7: a 400 or 413 from transcription is a user error of this type. */
export const SHORT_AUDIO = 'short_audio'
/** The transcription route's answer when no provider is configured (503). */
export const TRANSCRIPTION_NOT_CONFIGURED = 'transcription_not_configured'

/** The largest recording the transcription route takes (25 MB, the OpenAI-compatible endpoints' own limit). */
export const MAX_TRANSCRIPTION_BYTES = 25 * 1024 * 1024

/**
 * spec 2 §5 'Transcription acceptance': no-speech probability under 0.6, average log-probability above -2,
 * text longer than 2 characters and not only punctuation.
 */
export const TRANSCRIPTION_ACCEPTANCE = {
  maxNoSpeechProb: 0.6,
  minAvgLogprob: -2,
  minTextLength: 3,
} as const

export type TranscriptionVerdict =
  | { ok: true; text: string }
  | { ok: false; reason: 'no-speech' | 'low-confidence' | 'too-short' | 'only-punctuation' }

export function judgeTranscription(result: TranscriptionResult): TranscriptionVerdict {
  const text = result.text.trim()
  if (!(result.no_speech_prob < TRANSCRIPTION_ACCEPTANCE.maxNoSpeechProb))
    return { ok: false, reason: 'no-speech' }
  if (!(result.avg_logprob > TRANSCRIPTION_ACCEPTANCE.minAvgLogprob))
    return { ok: false, reason: 'low-confidence' }
  if (text.length < TRANSCRIPTION_ACCEPTANCE.minTextLength) return { ok: false, reason: 'too-short' }
  if (!/[\p{L}\p{N}]/u.test(text)) return { ok: false, reason: 'only-punctuation' }
  return { ok: true, text }
}

/** A call's transcript page and shared view read the conversation; this is its call-specific part. */
export const CallBundle = z.object({
  conversationId: z.uuid(),
  medium: z.string(),
  startedAt: z.nullable(z.string()),
  durationSeconds: z.nullable(z.int()),
  recordingUrl: z.nullable(z.string()),
  messages: z.array(ChatMessage),
  /** The answers' sources (spec 2 §5/§7): whole, by message; empty-titled and invisible ones left out. */
  citations: z.array(z.extend(Citation, { messageId: z.uuid() })),
  /** The answers' product cards, by message, in their order. */
  products: z.array(z.extend(MessageAffiliate, { messageId: z.uuid() })),
})
export type CallBundle = z.infer<typeof CallBundle>
export type CallCitation = CallBundle['citations'][number]
export type CallProduct = CallBundle['products'][number]
