import { z } from 'zod/mini'
import type { BotCheckErrorCode } from './bot-check'

/** Every API error is answered as `{ error: { code, message } }` with the matching HTTP status. */
export const ApiErrorBody = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
  }),
})
export type ApiErrorBody = z.infer<typeof ApiErrorBody>

export const ErrorCode = {
  notFound: 'not_found',
  badRequest: 'bad_request',
  unauthorized: 'unauthorized',
  forbidden: 'forbidden',
  paymentRequired: 'payment_required',
  conflict: 'conflict',
  rateLimited: 'rate_limited',
  unavailable: 'unavailable',
  internal: 'internal',
} as const

/**
 * The transcription route's codes (spec 2 §5, §7). Apart from ErrorCode, which the renderer's first load
 * reads: the renderer matches these with contract/calls.ts (SHORT_AUDIO, TRANSCRIPTION_NOT_CONFIGURED).
 */
export const TranscriptionErrorCode = {
  /** Transcription refused the recording (400 or 413 upstream): too short to hear. */
  shortAudio: 'short_audio',
  /** The transcription provider failed or timed out (502). */
  transcriptionFailed: 'transcription_failed',
  /** No transcription provider is configured (503): the renderer uses the browser's recognition instead. */
  transcriptionNotConfigured: 'transcription_not_configured',
} as const

export type ErrorCode =
  | (typeof ErrorCode)[keyof typeof ErrorCode]
  | (typeof TranscriptionErrorCode)[keyof typeof TranscriptionErrorCode]
  | (typeof BotCheckErrorCode)[keyof typeof BotCheckErrorCode]
