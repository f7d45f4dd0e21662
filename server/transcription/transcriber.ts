import type { TranscriptionResult } from '../../contract/calls'

/**
 * Speech to text (spec 2 §5 'Transcription', §7 POST /api/transcribe/groq). Configured by
 * TRANSCRIPTION_BASE_URL / TRANSCRIPTION_API_KEY (server/config.ts); without them the server offers none
 * and the renderer falls back to the browser's own recognition (GET /api/voice/capabilities).
 */
export interface TranscriptionRequest {
  audio: Buffer
  filename: string
  mimeType: string
  /** A language code of contract/languages.ts; the provider guesses when absent. */
  language?: string
}

export interface Transcriber {
  readonly name: string
  transcribe(request: TranscriptionRequest, signal?: AbortSignal): Promise<TranscriptionResult>
}

/** The provider refused the audio as unusable (a 400 or 413): spec 2 §5 calls this short audio. */
export class ShortAudioError extends Error {
  constructor(
    readonly upstreamStatus: number,
    detail: string,
  ) {
    super(`Transcription refused the audio (${upstreamStatus}): ${detail}`)
    this.name = 'ShortAudioError'
  }
}

/** The provider failed, answered nonsense or took too long. */
export class TranscriptionFailedError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options)
    this.name = 'TranscriptionFailedError'
  }
}
