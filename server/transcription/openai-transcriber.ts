import type { TranscriptionResult } from '../../contract/calls'
import { whisperLanguage } from '../../contract/language-providers'
import { ShortAudioError, type Transcriber, TranscriptionFailedError } from './transcriber'

/** spec 2 §9 'custom model time-out 30 s': no recording waits longer for its text. */
export const TRANSCRIPTION_TIMEOUT_MS = 30_000

export const GROQ_BASE_URL = 'https://api.groq.com/openai/v1'
export const GROQ_MODEL = 'whisper-large-v3-turbo'
export const OPENAI_MODEL = 'whisper-1'

/** The default model of an endpoint: Groq's fast Whisper on Groq, OpenAI's name everywhere else. */
export const defaultTranscriptionModel = (baseUrl: string) =>
  new URL(baseUrl).hostname === 'api.groq.com' ? GROQ_MODEL : OPENAI_MODEL

export interface OpenAiTranscriberOptions {
  /** e.g. https://api.groq.com/openai/v1 (the route is {base}/audio/transcriptions). */
  baseUrl: string
  apiKey?: string
  model: string
  timeoutMs?: number
}

interface VerboseSegment {
  start?: number
  end?: number
  avg_logprob?: number
  no_speech_prob?: number
  compression_ratio?: number
}

const num = (value: unknown): number | undefined =>
  typeof value === 'number' && Number.isFinite(value) ? value : undefined

/**
 * An OpenAI verbose_json answer as spec 2 §3 'Recording (transcription) result': the most doubtful
 * segment's no-speech probability (one silent stretch is enough to doubt it), the duration-weighted mean
 * log-probability and the mean compression ratio. No segments (nothing heard): no_speech_prob 1.
 */
export function fromVerboseJson(body: unknown): TranscriptionResult {
  const json = (body ?? {}) as { text?: unknown; segments?: unknown }
  if (typeof json.text !== 'string') throw new TranscriptionFailedError('The transcription has no text')
  const segments = (Array.isArray(json.segments) ? json.segments : []) as VerboseSegment[]
  const text = json.text.trim()
  if (segments.length === 0) {
    return { text, no_speech_prob: text ? 0 : 1, avg_logprob: 0, compression_ratio: 0 }
  }
  let noSpeech = 0
  let weighted = 0
  let weights = 0
  let ratios = 0
  for (const s of segments) {
    noSpeech = Math.max(noSpeech, num(s.no_speech_prob) ?? 0)
    const weight = Math.max(0, (num(s.end) ?? 0) - (num(s.start) ?? 0))
    weighted += (num(s.avg_logprob) ?? 0) * weight
    weights += weight
    ratios += num(s.compression_ratio) ?? 0
  }
  const plainMean = segments.reduce((sum, s) => sum + (num(s.avg_logprob) ?? 0), 0) / segments.length
  return {
    text,
    no_speech_prob: noSpeech,
    avg_logprob: weights > 0 ? weighted / weights : plainMean,
    compression_ratio: ratios / segments.length,
  }
}

/** POST {base}/audio/transcriptions, the OpenAI form every Whisper server speaks (Groq, OpenAI, whisper.cpp...). */
export function createOpenAiTranscriber(options: OpenAiTranscriberOptions): Transcriber {
  const url = `${options.baseUrl.replace(/\/+$/, '')}/audio/transcriptions`
  const timeoutMs = options.timeoutMs ?? TRANSCRIPTION_TIMEOUT_MS
  return {
    name: `openai-compatible:${options.model}`,
    async transcribe(request, signal) {
      const form = new FormData()
      form.append(
        'file',
        new Blob([new Uint8Array(request.audio)], { type: request.mimeType }),
        request.filename,
      )
      form.append('model', options.model)
      form.append('response_format', 'verbose_json')
      form.append('temperature', '0')
      // Whisper's own code (Filipino is 'tl' there): contract/language-providers.ts.
      if (request.language) form.append('language', whisperLanguage(request.language) ?? request.language)
      const timeout = AbortSignal.timeout(timeoutMs)
      let response: Response
      try {
        response = await fetch(url, {
          method: 'POST',
          body: form,
          headers: options.apiKey ? { authorization: `Bearer ${options.apiKey}` } : {},
          signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
        })
      } catch (error) {
        const why = timeout.aborted ? `timed out after ${timeoutMs} ms` : 'could not be reached'
        throw new TranscriptionFailedError(`The transcription service ${why}`, { cause: error })
      }
      const body = await response.text().catch(() => '')
      if (response.status === 400 || response.status === 413)
        throw new ShortAudioError(response.status, body.slice(0, 300))
      if (!response.ok)
        throw new TranscriptionFailedError(
          `The transcription service answered ${response.status}: ${body.slice(0, 300)}`,
        )
      let json: unknown
      try {
        json = JSON.parse(body)
      } catch (error) {
        throw new TranscriptionFailedError('The transcription service answered no JSON', { cause: error })
      }
      return fromVerboseJson(json)
    },
  }
}
