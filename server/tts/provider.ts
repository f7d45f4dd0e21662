import type { SpeechTiming } from '../../contract/speech-timing'
import type { Pronunciation } from '../../contract/voice-settings'

/** A text-to-speech provider: eSpeak NG on the machine by default, ElevenLabs when configured. */
export interface SpeechRequest {
  text: string
  /** The clone's voice id (ElevenLabs) — the embedded default picks a voice by language. */
  voiceId: string
  /** BCP-47-ish language code of the clone, e.g. 'en', 'es'. */
  language: string
  /** The clone's pronunciations (contract/voice-settings.ts), applied by each engine its own way. */
  pronunciations?: readonly Pronunciation[]
  /** Ask for the sounds' timing too (the local avatar's mouth), where the provider can give it. */
  timing?: boolean
  /** The creator's tuning (contract/voice-settings.ts): 1 is the voice's own pace; null or absent: default. */
  speed?: number | null
  /** 0..1, lower livelier (ElevenLabs); absent: the voice's default. */
  stability?: number | null
}

export interface Speech {
  audio: Buffer
  contentType: string
  /** When each sound is heard, where the provider says (contract/speech-timing.ts): the avatar's mouth. */
  timing?: SpeechTiming | null
}

export interface TextToSpeech {
  readonly name: string
  synthesize(request: SpeechRequest, signal?: AbortSignal): Promise<Speech>
}

export class SpeechUnavailableError extends Error {}
