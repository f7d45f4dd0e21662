import { judgeTranscription, SHORT_AUDIO, type TranscriptionResult } from '../../../../contract/calls'
import { MAX_COMPRESSION_RATIO } from './dictation.constants'

/**
 * Every way a dictation can fail, one per text of spec 2 §8 'Dictation' (dictation.strings.ts). The
 * functions below map each concrete cause (a getUserMedia refusal, a recorder event, a server answer,
 * the transcription's metadata) to one of them.
 */
export type DictationFailure =
  | 'permission-denied'
  | 'permission-dismissed'
  | 'start-failed'
  | 'start-improper'
  | 'too-short'
  | 'no-speech'
  | 'low-confidence'
  | 'low-quality'
  | 'empty-text'
  | 'network'
  | 'recording-failed'
  | 'processing-failed'

/**
 * The failures that are the product's (or the browser's), not the visitor's: these are reported (spec 1 §7
 * 'failure reporter for voice memo'). A refusal, silence, a short or unclear recording and a lost connection
 * are only told to the visitor.
 */
const TECHNICAL_FAILURES: ReadonlySet<DictationFailure> = new Set([
  'start-failed',
  'start-improper',
  'recording-failed',
  'processing-failed',
])
export const isTechnicalFailure = (failure: DictationFailure) => TECHNICAL_FAILURES.has(failure)

/** The microphone could not be opened: what the visitor is told. */
export function failureOfMicrophone(
  /** MicrophoneError.failure from platform/microphone.ts */
  failure: 'denied' | 'not-found' | 'busy' | 'unsupported' | 'failed',
  /** The permission's state read after the refusal: 'denied' is a block, else the prompt was dismissed. */
  permission: 'granted' | 'denied' | 'prompt' | 'unknown',
): DictationFailure {
  if (failure !== 'denied') return 'start-failed'
  return permission === 'denied' ? 'permission-denied' : 'permission-dismissed'
}

/** A transcription the server returned: null when it is accepted (spec 2 §5 'Transcription acceptance'). */
export function failureOfTranscription(result: TranscriptionResult): DictationFailure | null {
  if (result.text.trim() === '') return 'empty-text'
  const verdict = judgeTranscription(result)
  if (!verdict.ok) {
    switch (verdict.reason) {
      case 'no-speech':
        return 'no-speech'
      case 'low-confidence':
        return 'low-confidence'
      case 'too-short':
      case 'only-punctuation':
        return 'low-quality'
    }
  }
  return result.compression_ratio > MAX_COMPRESSION_RATIO ? 'low-quality' : null
}

/** Text from the browser's own recognizer, which gives no confidence figures: only the text rules apply. */
export function failureOfRecognizedText(text: string): DictationFailure | null {
  if (text.trim() === '') return 'empty-text'
  return failureOfTranscription({ text, no_speech_prob: 0, avg_logprob: 0, compression_ratio: 1 })
}

const field = (error: unknown, name: 'code' | 'status') =>
  typeof error === 'object' && error !== null && name in error
    ? (error as Record<string, unknown>)[name]
    : undefined

/** The transcription request failed (an ApiError from api/voice.ts, or anything else). */
export function failureOfTranscribeError(error: unknown): DictationFailure {
  const code = field(error, 'code')
  // spec 2 §5: a 400 or 413 from transcription is the visitor's short recording.
  if (code === SHORT_AUDIO) return 'too-short'
  // api/client.ts: a fetch that never reached the server is status 0, code network_error.
  if (code === 'network_error' || field(error, 'status') === 0) return 'network'
  return 'processing-failed'
}

/** An error code of the browser's speech recognizer (SpeechRecognitionErrorEvent.error). */
export function failureOfRecognitionError(code: string): DictationFailure {
  switch (code) {
    case 'not-allowed':
      return 'permission-denied'
    case 'network':
      return 'network'
    case 'no-speech':
      return 'empty-text'
    case 'audio-capture':
      return 'recording-failed'
    default:
      return 'processing-failed'
  }
}
