import type { SpeechTiming } from '../../contract/speech-timing'
import { languageCode } from './language'
import { applyPronunciations } from './pronunciations'
import { type Speech, type SpeechRequest, SpeechUnavailableError, type TextToSpeech } from './provider'

/** spec 2 §9: eleven_turbo_v2 for English, eleven_turbo_v2_5 for every other language. */
export const elevenLabsModelFor = (language: string) =>
  languageCode(language) === 'en' ? 'eleven_turbo_v2' : 'eleven_turbo_v2_5'

/** The creator's tuning as ElevenLabs' voice_settings; absent when the voice keeps its own. */
function voiceSettingsOf(request: SpeechRequest): Record<string, number> | undefined {
  const settings: Record<string, number> = {}
  if (request.speed != null) settings.speed = request.speed
  if (request.stability != null) settings.stability = request.stability
  return Object.keys(settings).length ? settings : undefined
}

/** The most marks a timing carries (contract/speech-timing.ts): a longer text keeps its first ones. */
const MAX_MARKS = 4000

/**
 * ElevenLabs' character alignment (`/with-timestamps`) as the avatar's timing: each character with its start
 * and end in milliseconds. Null when the alignment is missing or does not line up.
 */
export function timingOfAlignment(alignment: unknown): SpeechTiming | null {
  const a = alignment as {
    characters?: unknown
    character_start_times_seconds?: unknown
    character_end_times_seconds?: unknown
  } | null
  const chars = a?.characters
  const starts = a?.character_start_times_seconds
  const ends = a?.character_end_times_seconds
  if (!Array.isArray(chars) || !Array.isArray(starts) || !Array.isArray(ends)) return null
  if (chars.length !== starts.length || chars.length !== ends.length || chars.length === 0) return null
  const marks: SpeechTiming['marks'] = []
  for (let i = 0; i < chars.length && marks.length < MAX_MARKS; i++) {
    const char = chars[i]
    const start = Number(starts[i])
    const end = Number(ends[i])
    if (
      typeof char !== 'string' ||
      !Number.isFinite(start) ||
      !Number.isFinite(end) ||
      start < 0 ||
      end < start
    )
      return null
    marks.push([char.slice(0, 8), Math.round(start * 1000), Math.round(end * 1000)])
  }
  return { kind: 'characters', marks }
}

/**
 * ElevenLabs text-to-speech with the clone's own voice id. When the avatar asks for timing, the
 * with-timestamps endpoint gives the same audio (base64) and when each character is heard; an answer
 * without a usable alignment still speaks, the mouth then following the voice's level.
 */
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
      return speak(request, request.timing === true, signal)
    },
  }

  async function speak(request: SpeechRequest, timed: boolean, signal?: AbortSignal): Promise<Speech> {
    const voice = encodeURIComponent(request.voiceId)
    const url = `${baseUrl}/v1/text-to-speech/${voice}${timed ? '/with-timestamps' : ''}?output_format=mp3_44100_128`
    const voiceSettings = voiceSettingsOf(request)
    const response = await doFetch(url, {
      method: 'POST',
      headers: {
        'xi-api-key': options.apiKey,
        'content-type': 'application/json',
        accept: timed ? 'application/json' : 'audio/mpeg',
      },
      body: JSON.stringify({
        text: applyPronunciations(request.text, request.pronunciations, 'ssml'),
        model_id: elevenLabsModelFor(request.language),
        ...(voiceSettings ? { voice_settings: voiceSettings } : {}),
      }),
      signal,
    })
    if (!response.ok) {
      const detail = await response.text().catch(() => '')
      throw new SpeechUnavailableError(`ElevenLabs answered ${response.status}: ${detail.slice(0, 200)}`)
    }
    if (!timed) {
      return {
        audio: Buffer.from(await response.arrayBuffer()),
        contentType: response.headers.get('content-type') ?? 'audio/mpeg',
      }
    }
    const body = (await response.json().catch(() => null)) as {
      audio_base64?: unknown
      alignment?: unknown
    } | null
    // A malformed with-timestamps answer: the plain endpoint still speaks, without timing.
    if (typeof body?.audio_base64 !== 'string' || body.audio_base64.length === 0)
      return { ...(await speak(request, false, signal)), timing: null }
    return {
      audio: Buffer.from(body.audio_base64, 'base64'),
      contentType: 'audio/mpeg',
      timing: timingOfAlignment(body.alignment),
    }
  }
}
