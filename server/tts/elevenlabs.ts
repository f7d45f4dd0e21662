import { languageCode } from './language'
import { applyPronunciations } from './pronunciations'
import { type Speech, type SpeechRequest, SpeechUnavailableError, type TextToSpeech } from './provider'

/** spec 2 §9: eleven_turbo_v2 for English, eleven_turbo_v2_5 for every other language. */
export const elevenLabsModelFor = (language: string) =>
  languageCode(language) === 'en' ? 'eleven_turbo_v2' : 'eleven_turbo_v2_5'

/** ElevenLabs text-to-speech with the clone's own voice id. */
export function createElevenLabsTts(options: {
  apiKey: string
  baseUrl?: string
  fetch?: typeof fetch
}): TextToSpeech {
  const baseUrl = (options.baseUrl ?? 'https://api.elevenlabs.io').replace(/\/+$/, '')
  const doFetch = options.fetch ?? fetch
  return {
    name: 'elevenlabs',
    async synthesize(request: SpeechRequest, signal?: AbortSignal): Promise<Speech> {
      const url = `${baseUrl}/v1/text-to-speech/${encodeURIComponent(request.voiceId)}?output_format=mp3_44100_128`
      const response = await doFetch(url, {
        method: 'POST',
        headers: { 'xi-api-key': options.apiKey, 'content-type': 'application/json', accept: 'audio/mpeg' },
        body: JSON.stringify({
          text: applyPronunciations(request.text, request.pronunciations, 'ssml'),
          model_id: elevenLabsModelFor(request.language),
        }),
        signal,
      })
      if (!response.ok) {
        const detail = await response.text().catch(() => '')
        throw new SpeechUnavailableError(`ElevenLabs answered ${response.status}: ${detail.slice(0, 200)}`)
      }
      return {
        audio: Buffer.from(await response.arrayBuffer()),
        contentType: response.headers.get('content-type') ?? 'audio/mpeg',
      }
    },
  }
}
