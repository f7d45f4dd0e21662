import { execFileSync } from 'node:child_process'
import { describe, expect, it } from 'vitest'
import { decodeSpeechTiming, encodeSpeechTiming } from '../../../contract/speech-timing'
import { createEspeakTts } from '../../../server/tts/espeak'
import { espeakTiming, phonemeMarks } from '../../../server/tts/espeak-timing'

const hasEspeak = (() => {
  try {
    execFileSync('espeak-ng', ['--version'])
    return true
  } catch {
    return false
  }
})()

describe('espeak timing', () => {
  it('turns phoneme starts into marks that end where the next begins, the last at the speech end', () => {
    expect(
      phonemeMarks(
        [
          ['h', 12],
          ['aU', 66],
          ['_', 200],
        ],
        260,
      ),
    ).toEqual([
      ['h', 12, 66],
      ['aU', 66, 200],
      ['_', 200, 260],
    ])
  })

  it.skipIf(!hasEspeak)('reports the phonemes of the exact audio, in order, within its length', async () => {
    const text = 'Hello there, how are you today?'
    const timing = await espeakTiming(text, 'en-us', 165)
    expect(timing?.kind).toBe('phonemes')
    const marks = timing?.marks ?? []
    expect(marks.map((m) => m[0]).join(' ')).toContain('h @ l oU D e@')
    for (let i = 1; i < marks.length; i++) expect(marks[i]?.[1]).toBe(marks[i - 1]?.[2])
    // The command line's WAV of the same text: the phonemes end before its samples do.
    const wav = execFileSync('espeak-ng', ['--stdout', '-v', 'en-us', '-s', '165'], { input: text })
    const audioMs = ((wav.length - 44) / 2 / 22050) * 1000
    const end = marks.at(-1)?.[2] ?? 0
    expect(end).toBeGreaterThan(1500)
    expect(end).toBeLessThanOrEqual(audioMs)
  })

  it('gives no timing, not an error, when the library cannot be run', async () => {
    expect(await espeakTiming('Hello', 'en-us', 165, { python: '/nonexistent/python3' })).toBeNull()
  })

  it('carries the timing in a header and back', () => {
    const timing = { kind: 'characters' as const, marks: [['é', 0, 40] as [string, number, number]] }
    expect(decodeSpeechTiming(encodeSpeechTiming(timing))).toEqual(timing)
    expect(decodeSpeechTiming('%7Bnot json')).toBeNull()
    expect(decodeSpeechTiming(null)).toBeNull()
  })

  it.runIf(hasEspeak)(
    'times the speech only when asked (the avatar), not read aloud or a voice call',
    async () => {
      const tts = createEspeakTts()
      const plain = await tts.synthesize({ text: 'Hello there', voiceId: '', language: 'en' })
      expect(plain.timing ?? null).toBeNull()
      const timed = await tts.synthesize({ text: 'Hello there', voiceId: '', language: 'en', timing: true })
      expect(timed.timing?.marks.length).toBeGreaterThan(3)
    },
  )
})
