import { z } from 'zod/mini'
import { CallBundle, FailureDetails } from './calls'
import { ChatMessage } from './chat'

/*
 * Video calls with the clone's avatar (spec 2 §3 'Video call metadata', §7). The embedded default is the
 * local avatar: the browser animates the clone's portrait and drives listen -> transcribe -> clone brain ->
 * TTS through our turn and speech routes. With TAVUS_API_KEY set, the server creates a Tavus conversation
 * and the browser joins its Daily room. Either way the server owns the call row and counts its video
 * seconds once. Not exported from contract/index.ts: only the video screen (a lazy chunk) reads it.
 */

/** spec 2 §8: the server's answer when the video provider is at capacity; the renderer queues (WAITING). */
export const VIDEO_RATE_LIMITED = 'Rate limited'
/** spec 2 §9 'rate-limit retry 5 s'. */
export const VIDEO_RATE_LIMIT_RETRY_MS = 5000
/** spec 2 §8 'Tooltips when quota is exhausted' (the 402 a video start answers past the quota). */
export const VIDEO_QUOTA_EXHAUSTED = 'You have exhausted your monthly video call quota with this Clone.'
/** spec 2 §9 'hard call limit 1 hour': no video call is charged more than that. */
export const MAX_VIDEO_CALL_SECONDS = 3600
/** spec 2 §7/§9 'Video transcription starts with the user's language, endpointing 500, profanity filter off'. */
export const VIDEO_TRANSCRIPTION_ENDPOINTING_MS = 500

/** POST /api/calls/video (spec 2 §7 'Video start: clone, language, question, instanceSlug'). */
export const StartVideoCallRequest = z.object({
  slug: z.string().check(z.minLength(1), z.maxLength(64)),
  instanceSlug: z.nullish(z.string().check(z.minLength(1), z.maxLength(64))),
  /** A language code or browser tag; the server checks it (contract/languages.ts checkLanguage). */
  language: z.string().check(z.maxLength(200)),
  /** The suggested question the visitor picked on the start overlay, if any ('Some Inspiration'). */
  question: z.nullish(z.string().check(z.maxLength(2000))),
})
export type StartVideoCallRequest = z.input<typeof StartVideoCallRequest>

/** What the browser passes to Daily's startTranscription (spec 2 §7): Deepgram's option names. */
export const VideoTranscriptionSettings = z.object({
  language: z.string(),
  endpointing: z.int(),
  profanity_filter: z.boolean(),
})

export const StartVideoCallResponse = z.object({
  callId: z.uuid(),
  conversationId: z.uuid(),
  startedAt: z.string(),
  language: z.string(),
  /** Video seconds left when the call starts; -1 unlimited (creators, contributors, overage). */
  remainingSeconds: z.int(),
  /** The clone's first words in the call's language (issue #26 part 2: the creator's, else the greeting). */
  firstMessage: z.optional(z.string()),
  // A plain union, as StartVoiceCallResponse (contract/calls.ts): no discriminated union in the first load.
  provider: z.union([z.object({ kind: z.literal('local') }), z.object({ kind: z.literal('tavus') })]),
  /** spec 2 §7: set for a Tavus call (the Daily room to join), null for the local avatar. */
  tavusConversationId: z.nullable(z.string()),
  tavusConversationUrl: z.nullable(z.string()),
  transcription: VideoTranscriptionSettings,
})
export type StartVideoCallResponse = z.infer<typeof StartVideoCallResponse>

/** POST /api/calls/video/:callId/transcript (spec 2 §7 'Transcript update'). */
export const VideoTranscriptUpdate = z.object({
  text: z.string().check(z.trim(), z.minLength(1), z.maxLength(4000)),
  participant: z.enum(['USER', 'CLONE']),
  tavus_conversation_id: z.nullish(z.string().check(z.maxLength(200))),
  /** ISO 8601: when it was said (the message's createdAt). */
  timestamp: z.iso.datetime({ offset: true }),
})
export type VideoTranscriptUpdate = z.input<typeof VideoTranscriptUpdate>

export const VideoCallEndReason = z.enum([
  'hang-up',
  'left-screen',
  'quota-exhausted',
  /** spec 2 §8 'Called ended due to 1-hour time limit.' */
  'time-limit',
  'inactivity',
  'failed',
  'provider-ended',
])
export type VideoCallEndReason = z.infer<typeof VideoCallEndReason>

/** POST /api/calls/video/:callId/end (spec 2 §7 'End-of-video-call report'). */
export const EndVideoCallRequest = z.object({
  reason: VideoCallEndReason,
  /** The browser's count, for its own display: the server charges its own measure (issue #26). */
  durationSeconds: z.optional(z.number().check(z.gte(0), z.lte(86_400))),
  replicaBootDuration: z.nullish(z.number().check(z.gte(0), z.lte(86_400))),
  tavusConversationId: z.nullish(z.string().check(z.maxLength(200))),
})
export type EndVideoCallRequest = z.input<typeof EndVideoCallRequest>

/** The answer of heartbeat and end: what the call has used and what is left (video seconds). */
export const VideoCallProgress = z.object({
  callId: z.uuid(),
  durationSeconds: z.int(),
  remainingSeconds: z.int(),
  ended: z.boolean(),
})
export type VideoCallProgress = z.infer<typeof VideoCallProgress>

/** POST /api/calls/video/:callId/recording: an upload of bucket 'recording' the caller completed. */
export const AttachRecordingRequest = z.object({ uploadId: z.uuid() })
export const AttachRecordingResponse = z.object({ recordingUrl: z.string() })

/** spec 2 §7 'Video failure report': POST /api/calls/video/failures. */
export const VideoFailureReport = z.object({
  event_id: z.string().check(z.minLength(1), z.maxLength(100)),
  cause: z.string().check(z.maxLength(200)),
  message: z.string().check(z.maxLength(2000)),
  outcome: z.string().check(z.maxLength(100)),
  slug: z.string().check(z.minLength(1), z.maxLength(64)),
  tavus_conversation_id: z.nullish(z.string().check(z.maxLength(200))),
  details: z.optional(FailureDetails),
  callId: z.nullish(z.uuid()),
  conversationId: z.nullish(z.uuid()),
})
export type VideoFailureReport = z.input<typeof VideoFailureReport>

/** GET /api/calls/video/shared/:shareId: the shared video page (spec 2 §2), read-only, no sign-in. */
export const SharedVideoCall = z.object({
  shareId: z.string(),
  clone: z.object({ slug: z.string(), instanceSlug: z.nullable(z.string()), name: z.string() }),
  startedAt: z.string(),
  durationSeconds: z.nullable(z.int()),
  /** A share-scoped address: dead once the conversation is unshared. Null when nothing was recorded. */
  recordingUrl: z.nullable(z.string()),
  messages: z.array(ChatMessage),
  citations: CallBundle.shape.citations,
  products: CallBundle.shape.products,
})
export type SharedVideoCall = z.infer<typeof SharedVideoCall>
