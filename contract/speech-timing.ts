import { z } from 'zod/mini'

/*
 * When each sound of a spoken sentence is heard (issue #26, the local avatar's mouth): sent with the speech
 * audio of a call as the `x-speech-timing` header (URI-encoded JSON), so the audio answer stays what it was.
 * eSpeak NG reports phonemes (its mnemonics, e.g. 'aU', 'D', '_' for a pause); ElevenLabs reports characters
 * of the text. Times are milliseconds from the start of the audio.
 */

export const SPEECH_TIMING_HEADER = 'x-speech-timing'

export const SpeechTiming = z.object({
  kind: z.enum(['phonemes', 'characters']),
  /** [sound, startMs, endMs], in audio order. */
  marks: z
    .array(
      z.tuple([z.string().check(z.maxLength(8)), z.number().check(z.gte(0)), z.number().check(z.gte(0))]),
    )
    .check(z.maxLength(4000)),
})
export type SpeechTiming = z.infer<typeof SpeechTiming>

export const encodeSpeechTiming = (timing: SpeechTiming): string => encodeURIComponent(JSON.stringify(timing))

/** The header's timing, or null when it is absent or not a timing. */
export function decodeSpeechTiming(header: string | null): SpeechTiming | null {
  if (!header) return null
  try {
    const parsed = SpeechTiming.safeParse(JSON.parse(decodeURIComponent(header)))
    return parsed.success ? parsed.data : null
  } catch {
    return null
  }
}
