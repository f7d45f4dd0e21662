/*
 * When the visitor is speaking, from the microphone's level (spec 2 §4 'Speech detection', §9 'Voice call
 * speech'): speaking once the level rises above 0.01, the utterance over after 1 s below it. Pure: the audio
 * graph polls the level and feeds it here with the time, so the rules are tested with level sequences.
 */

export const SPEECH_DETECTION = {
  /** spec 2 §9 'audio analyser size 256'. */
  analyserSize: 256,
  /** spec 2 §9 'audio level observer ... 100 ms for voice'. */
  pollMs: 100,
  /** spec 2 §4/§9 'speaking threshold audio level 0.01'. */
  speakingThreshold: 0.01,
  /** spec 2 §4 'speech ends after 1 s silence'. */
  silenceMs: 1000,
  /**
   * spec 2 §4/§9 'volume scaled by 0.15'. Read as the level that fills the indicator: a speaking voice's RMS
   * sits around 0.02 to 0.2, so volume = min(1, level / 0.15) gives the 0..1 the call screen draws, where
   * multiplying by 0.15 would leave it below 0.05 and never visible.
   */
  volumeScale: 0.15,
} as const

/** The RMS of the analyser's time-domain samples (-1..1): the 'audio level'. */
export function levelOf(samples: ArrayLike<number>): number {
  if (samples.length === 0) return 0
  let sum = 0
  for (let i = 0; i < samples.length; i++) {
    const s = samples[i] ?? 0
    sum += s * s
  }
  return Math.sqrt(sum / samples.length)
}

/** The visitor's volume for the indicator, 0..1 (see SPEECH_DETECTION.volumeScale). */
export const volumeOf = (level: number) => Math.min(1, Math.max(0, level / SPEECH_DETECTION.volumeScale))

export type SpeechDetectorEvent = 'speech-start' | 'speech-end'

export interface SpeechDetector {
  /** One level reading at `now` (ms); answers the transition it caused, if any. */
  update(level: number, now: number): SpeechDetectorEvent | null
  readonly speaking: boolean
  /** Forgets an utterance in progress without ending it (mute). */
  reset(): void
}

export function createSpeechDetector(
  options: { threshold?: number; silenceMs?: number } = {},
): SpeechDetector {
  const threshold = options.threshold ?? SPEECH_DETECTION.speakingThreshold
  const silenceMs = options.silenceMs ?? SPEECH_DETECTION.silenceMs
  let speaking = false
  let lastVoiceAt = 0
  return {
    get speaking() {
      return speaking
    },
    update(level, now) {
      if (level > threshold) {
        lastVoiceAt = now
        if (speaking) return null
        speaking = true
        return 'speech-start'
      }
      if (speaking && now - lastVoiceAt >= silenceMs) {
        speaking = false
        return 'speech-end'
      }
      return null
    },
    reset() {
      speaking = false
    },
  }
}
