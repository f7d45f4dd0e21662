import fastifyMultipart from '@fastify/multipart'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { ErrorCode, TranscriptionErrorCode } from '../../contract'
import { MAX_TRANSCRIPTION_BYTES, TranscriptionResult } from '../../contract/calls'
import { checkLanguage } from '../../contract/languages'
import { AppError, badRequest } from '../errors'
import { ShortAudioError, type Transcriber, TranscriptionFailedError } from '../transcription/transcriber'

/** What MediaRecorder makes (webm/opus, mp4/aac, ogg/opus) and WAV; the OpenAI-compatible endpoints take them. */
const ACCEPTED_TYPES: Readonly<Record<string, string>> = {
  'audio/webm': 'audio/webm',
  'video/webm': 'audio/webm',
  'audio/wav': 'audio/wav',
  'audio/wave': 'audio/wav',
  'audio/x-wav': 'audio/wav',
  'audio/mp4': 'audio/mp4',
  'audio/ogg': 'audio/ogg',
}
const EXTENSION: Readonly<Record<string, string>> = {
  'audio/webm': 'webm',
  'audio/wav': 'wav',
  'audio/mp4': 'mp4',
  'audio/ogg': 'ogg',
}
/** Fewer bytes than a WAV header and a few samples: nothing a provider could hear. */
export const MIN_AUDIO_BYTES = 64

export const SHORT_AUDIO_TEXT = 'The recording is too short to transcribe.'
export const TRANSCRIPTION_FAILED_TEXT = 'The recording could not be transcribed. Please try again.'
export const TRANSCRIPTION_NOT_CONFIGURED_TEXT = 'Transcription is not available on this server.'
export const UNSUPPORTED_AUDIO_TEXT = 'Send the recording as WebM, WAV, MP4 or Ogg audio.'

const shortAudio = () => new AppError(400, TranscriptionErrorCode.shortAudio, SHORT_AUDIO_TEXT)

/**
 * spec 2 §7 POST /api/transcribe/groq: a recording (multipart `file`, optional `language`) to text with the
 * confidence figures the renderer judges it by (contract judgeTranscription). The form is checked first; then
 * 503 without a provider, 400 short_audio when the provider refuses the audio (spec 2 §5: its 400 or 413),
 * 502 when it fails or takes over 30 s.
 */
export const transcriptionRoutes: FastifyPluginAsyncZod<{ transcriber: Transcriber | null }> = async (
  app,
  { transcriber },
) => {
  await app.register(fastifyMultipart, {
    limits: {
      files: 1,
      fileSize: MAX_TRANSCRIPTION_BYTES,
      fields: 2,
      parts: 3,
      fieldSize: 100,
      headerPairs: 50,
    },
  })

  app.post(
    '/api/transcribe/groq',
    { schema: { response: { 200: TranscriptionResult } } },
    async (request) => {
      if (!request.isMultipart()) throw badRequest('Send the recording as a multipart form')
      let audio: Buffer | undefined
      let filename = ''
      let mimeType = ''
      let language: string | undefined
      try {
        for await (const part of request.parts()) {
          if (part.type === 'field') {
            if (part.fieldname === 'language') language = String(part.value)
            continue
          }
          if (part.fieldname !== 'file') throw badRequest(`Unexpected file field '${part.fieldname}'`)
          mimeType = ACCEPTED_TYPES[part.mimetype.split(';', 1)[0]!.trim().toLowerCase()] ?? ''
          if (!mimeType) {
            part.file.resume()
            throw new AppError(415, ErrorCode.badRequest, UNSUPPORTED_AUDIO_TEXT)
          }
          filename = part.filename || `audio.${EXTENSION[mimeType]}`
          audio = await part.toBuffer()
        }
      } catch (error) {
        if (error instanceof AppError) throw error
        if (error instanceof app.multipartErrors.RequestFileTooLargeError) throw shortAudioTooLarge()
        const status = (error as { statusCode?: unknown }).statusCode
        if (typeof status === 'number' && status < 500) throw error
        throw badRequest('The multipart form is malformed or incomplete')
      }
      if (!audio) throw badRequest("The form has no 'file'")
      if (audio.length < MIN_AUDIO_BYTES) throw shortAudio()
      let code: string | undefined
      if (language !== undefined) {
        const checked = checkLanguage(language)
        if (!checked.ok) throw badRequest(checked.message)
        code = checked.code
      }
      if (!transcriber)
        throw new AppError(
          503,
          TranscriptionErrorCode.transcriptionNotConfigured,
          TRANSCRIPTION_NOT_CONFIGURED_TEXT,
        )

      const abort = new AbortController()
      request.raw.once('close', () => abort.abort())
      try {
        return await transcriber.transcribe({ audio, filename, mimeType, language: code }, abort.signal)
      } catch (error) {
        if (error instanceof ShortAudioError) throw shortAudio()
        if (error instanceof TranscriptionFailedError) {
          request.log.error({ err: error }, 'transcription failed')
          throw new AppError(502, TranscriptionErrorCode.transcriptionFailed, TRANSCRIPTION_FAILED_TEXT)
        }
        throw error
      }
    },
  )
}

/** Over the endpoints' own 25 MB limit: a 413 upstream would be short_audio too (spec 2 §5), so say so here. */
const shortAudioTooLarge = () =>
  new AppError(
    413,
    TranscriptionErrorCode.shortAudio,
    'The recording is too long to transcribe (25 MB at most).',
  )
