import type { Config } from './config'
import { createElevenLabsTts } from './tts/elevenlabs'
import { createEspeakTts } from './tts/espeak'
import type { TextToSpeech } from './tts/provider'

/**
 * Outside services behind one seam (ARCHITECTURE.md 'Embedded defaults and real providers'): each has an
 * embedded default that works on one machine, and a real provider chosen by configuration.
 */
export interface Providers {
  tts: TextToSpeech
}

export function createProviders(config: Config, overrides: Partial<Providers> = {}): Providers {
  return {
    tts:
      overrides.tts ??
      (config.ELEVENLABS_API_KEY
        ? createElevenLabsTts({ apiKey: config.ELEVENLABS_API_KEY, baseUrl: config.ELEVENLABS_BASE_URL })
        : createEspeakTts()),
  }
}
