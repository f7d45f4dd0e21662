import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { ErrorCode, SpeechRequestBody } from '../../contract'
import { speechVoiceOf } from '../calls/voice-settings'
import { requireClone } from '../clones/queries'
import type { Db } from '../db/client'
import { AppError, conflict } from '../errors'
import { SpeechUnavailableError, type TextToSpeech } from '../tts/provider'
import { clampSpokenText, speakableText } from '../tts/speakable-text'
import { createSpeechCache } from '../tts/speech-cache'

/** POST /api/tts { slug, text } → audio of the clone's voice (spec 1 §7 'Read aloud'). */
export const ttsRoutes: FastifyPluginAsyncZod<{ db: Db; tts: TextToSpeech }> = async (app, { db, tts }) => {
  const cache = createSpeechCache()

  app.post(
    '/api/tts',
    // The answer is audio, not JSON: only the body is schema-checked.
    { schema: { body: SpeechRequestBody } },
    async (request, reply) => {
      const clone = await requireClone(db, request.body.slug)
      // spec 1 §6: read aloud exists only for clones with a voice.
      if (!clone.voiceId) throw conflict('This clone has no voice')
      // The creator's voice and pronunciations (issue #26 part 2).
      const spoken = speechVoiceOf(clone, tts.name)
      const text = clampSpokenText(speakableText(request.body.text))
      if (!text) throw new AppError(400, ErrorCode.badRequest, 'There is nothing to read aloud')

      const key = cache.keyOf(tts.name, spoken.cacheVoice, clone.language, text)
      let speech = cache.get(key)
      if (!speech) {
        const abort = new AbortController()
        request.raw.once('close', () => abort.abort())
        try {
          speech = await tts.synthesize(
            {
              text,
              voiceId: spoken.voiceId ?? clone.voiceId,
              language: clone.language,
              pronunciations: spoken.pronunciations,
              speed: spoken.speed,
              stability: spoken.stability,
            },
            abort.signal,
          )
        } catch (error) {
          if (error instanceof SpeechUnavailableError) {
            request.log.error({ err: error }, 'text to speech unavailable')
            throw new AppError(503, ErrorCode.unavailable, 'Read aloud is not available right now')
          }
          throw error
        }
        cache.set(key, speech)
      }
      return reply
        .header('content-type', speech.contentType)
        .header('cache-control', 'private, max-age=3600')
        .send(speech.audio)
    },
  )
}
