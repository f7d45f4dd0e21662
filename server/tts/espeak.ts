import { spawn } from 'node:child_process'
import { espeakTiming } from './espeak-timing'
import { espeakSpeaks, espeakVoiceArgument } from './espeak-voices'
import { languageCode } from './language'
import { applyPronunciations } from './pronunciations'
import { type Speech, type SpeechRequest, SpeechUnavailableError, type TextToSpeech } from './provider'

/**
 * The clone's own eSpeak voice when it chose one of this language (studio, tts/espeak-voices.ts), else the
 * eSpeak NG voice of the language; anything unknown falls back to English.
 */
const voiceFor = (language: string, voiceId?: string) => {
  const chosen = espeakVoiceArgument(voiceId, language)
  if (chosen) return chosen
  const code = languageCode(language)
  if (code === 'en') return 'en-us'
  // A language eSpeak has no voice for (Filipino) is read by the English voice, not refused (the fuzz test
  // found a voice preview in Filipino answering 500).
  return /^[a-z]{2,3}$/.test(code) && espeakSpeaks(code) ? code : 'en-us'
}

/**
 * The offline embedded default: `espeak-ng --stdout` with the text on stdin (never as an argument, so no
 * text can become an option). eSpeak streams a WAV whose header carries placeholder sizes; they are fixed
 * up so every player reads the length right.
 */
export function createEspeakTts(
  options: { binary?: string; wordsPerMinute?: number; timing?: boolean } = {},
): TextToSpeech {
  const binary = options.binary ?? 'espeak-ng'
  const baseSpeed = options.wordsPerMinute ?? 165
  return {
    name: 'espeak-ng',
    async synthesize(request: SpeechRequest, signal?: AbortSignal): Promise<Speech> {
      const voice = voiceFor(request.language, request.voiceId)
      const speed = String(wordsPerMinute(baseSpeed, request.speed))
      // The creator's pronunciations as eSpeak's own phoneme input (server/tts/pronunciations.ts).
      const text = applyPronunciations(request.text, request.pronunciations, 'espeak')
      // The phonemes' timing of the same audio (espeak-timing.ts), alongside: null when it cannot be had.
      const timing =
        request.timing && options.timing !== false
          ? espeakTiming(text, voice, Number(speed), {}, signal)
          : null
      const speech = await new Promise<Speech>((resolve, reject) => {
        const child = spawn(binary, ['--stdout', '-v', voice, '-s', speed], {
          stdio: ['pipe', 'pipe', 'pipe'],
          signal,
        })
        const chunks: Buffer[] = []
        let stderr = ''
        child.stdout.on('data', (c: Buffer) => chunks.push(c))
        child.stderr.on('data', (c: Buffer) => {
          stderr += c.toString()
        })
        child.on('error', (error: NodeJS.ErrnoException) => {
          reject(
            error.code === 'ENOENT'
              ? new SpeechUnavailableError('Text to speech is not installed on this server (espeak-ng).')
              : error,
          )
        })
        child.on('close', (code) => {
          if (code !== 0) return reject(new Error(`espeak-ng exited with ${code}: ${stderr.trim()}`))
          resolve({ audio: fixWavSizes(Buffer.concat(chunks)), contentType: 'audio/wav' })
        })
        child.stdin.end(text)
      })
      return { ...speech, timing: await timing }
    },
  }
}

/** The creator's speed (1 = the voice's pace) as eSpeak's words per minute, within what it says clearly. */
export const wordsPerMinute = (base: number, speed: number | null | undefined): number =>
  Math.round(Math.min(350, Math.max(80, base * (speed ?? 1))))

/** Writes the real RIFF and data chunk sizes into a WAV produced by a streaming writer. */
export function fixWavSizes(wav: Buffer): Buffer {
  if (wav.length < 44 || wav.toString('ascii', 0, 4) !== 'RIFF') return wav
  wav.writeUInt32LE(wav.length - 8, 4)
  let offset = 12
  while (offset + 8 <= wav.length) {
    const id = wav.toString('ascii', offset, offset + 4)
    const size = wav.readUInt32LE(offset + 4)
    if (id === 'data') {
      wav.writeUInt32LE(wav.length - offset - 8, offset + 4)
      break
    }
    offset += 8 + size + (size % 2)
  }
  return wav
}
