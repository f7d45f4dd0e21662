import {
  CloneVoiceSettings,
  DEFAULT_VOICE_SETTINGS,
  VOICE_SETTING_PROVIDERS,
  type VoiceSettingProvider,
} from '../../contract/voice-settings'
import { badRequest } from '../errors'
import { wordPhonemeMappingOf } from '../tts/pronunciations'
import { callTexts } from './call-language'
import { UNSUPPORTED_VOICE_PROVIDER } from './vapi/assistant'
import type { VoiceCallStart } from './voice-provider'

/*
 * A clone's voice settings at call start and for its speech (issue #26 part 2, spec 2 §3 'Voice call
 * settings', §5 'Unsupported voice provider'): the provider and tuning Vapi's assistant reads
 * (server/calls/vapi/assistant.ts), the pronunciations every speaker applies (server/tts/pronunciations.ts)
 * and the first message in the call's language.
 */

interface CloneWithVoice {
  name: string
  voiceId: string | null
  voiceSettings?: CloneVoiceSettings | null
}

/** The stored settings, defaults filled in; a row written by an older build reads as the defaults. */
export function voiceSettingsOf(clone: Pick<CloneWithVoice, 'voiceSettings'>): CloneVoiceSettings {
  const parsed = CloneVoiceSettings.safeParse(clone.voiceSettings ?? DEFAULT_VOICE_SETTINGS)
  return parsed.success ? parsed.data : DEFAULT_VOICE_SETTINGS
}

export const isSupportedProvider = (provider: string): provider is VoiceSettingProvider =>
  (VOICE_SETTING_PROVIDERS as readonly string[]).includes(provider)

/** The clone's first line in this language: the creator's, else the product's greeting in that language. */
export function firstMessageFor(clone: CloneWithVoice, language: string): string {
  const own = voiceSettingsOf(clone).firstMessages[language]?.trim()
  return own || callTexts(language).greeting(clone.name)
}

/** The voice id the clone speaks with: the voice settings' own, else the clone's chosen voice. */
export const voiceIdOf = (clone: CloneWithVoice): string | null =>
  voiceSettingsOf(clone).voiceId?.trim() || clone.voiceId

/**
 * What POST /api/calls/voice passes to the call's provider: throws 400 'Unsupported voice provider' when the
 * stored provider is none of 11labs, cartesia, openai (spec 2 §5 'Voice config').
 */
export function callVoiceOf(
  clone: CloneWithVoice,
  language: string,
): Pick<VoiceCallStart['clone'], 'voiceSettings' | 'wordPhonemeMapping' | 'voiceId'> & {
  firstMessage: string
} {
  const settings = voiceSettingsOf(clone)
  if (!isSupportedProvider(settings.provider)) throw badRequest(UNSUPPORTED_VOICE_PROVIDER)
  const voiceSettings: Record<string, unknown> = { provider: settings.provider }
  if (settings.speed != null) voiceSettings.speed = settings.speed
  if (settings.stability != null) voiceSettings.stability = settings.stability
  if (settings.endpointing) voiceSettings.endpointing = settings.endpointing
  if (settings.transcriberModel) voiceSettings.transcriberModel = settings.transcriberModel
  voiceSettings.pronunciations = settings.pronunciations
  return {
    voiceId: voiceIdOf(clone),
    voiceSettings,
    wordPhonemeMapping: wordPhonemeMappingOf(settings.pronunciations),
    firstMessage: firstMessageFor(clone, language),
  }
}

/**
 * How the clone's speech is asked of the TTS (read aloud, the local call, the avatar's greeting): its voice,
 * its pronunciations, speed and stability, and the cache's voice key, which changes with them. The voice settings' own voice id
 * names a voice at the call provider: the TTS speaks with it only when it is that provider (ElevenLabs for
 * '11labs'); eSpeak NG keeps the clone's chosen voice.
 */
export function speechVoiceOf(clone: CloneWithVoice, ttsName: string) {
  const settings = voiceSettingsOf(clone)
  const ownVoice = settings.voiceId?.trim()
  const voiceId =
    ownVoice && ttsName === 'elevenlabs' && settings.provider === '11labs' ? ownVoice : clone.voiceId
  const { pronunciations } = settings
  const speed = settings.speed ?? null
  const stability = settings.stability ?? null
  const tuned = pronunciations.length > 0 || speed !== null || stability !== null
  const cacheVoice = tuned
    ? `${voiceId}|${JSON.stringify([pronunciations, speed, stability])}`
    : (voiceId ?? '')
  return { voiceId, pronunciations, speed, stability, cacheVoice }
}
