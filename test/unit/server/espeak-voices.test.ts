import { execFileSync } from 'node:child_process'
import { describe, expect, it } from 'vitest'
import { LANGUAGES } from '../../../contract'
import { createEspeakTts } from '../../../server/tts/espeak'
import { espeakVoiceArgument, espeakVoicesFor } from '../../../server/tts/espeak-voices'

/** The eSpeak NG voices a creator chooses in the studio (issue #16 'Language and voice'). */
describe('eSpeak voices', () => {
  it('offers the accents of a language, male and female', () => {
    expect(espeakVoicesFor('en').map((v) => v.id)).toEqual([
      'espeak:en-us',
      'espeak:en-us+f3',
      'espeak:en',
      'espeak:en+f3',
      'espeak:en-gb-scotland',
      'espeak:en-gb-scotland+f3',
      'espeak:en-029',
      'espeak:en-029+f3',
    ])
    expect(espeakVoicesFor('English')).toEqual(espeakVoicesFor('en'))
    expect(espeakVoicesFor('de')).toEqual([
      { id: 'espeak:de', label: 'German, male', language: 'de' },
      { id: 'espeak:de+f3', label: 'German, female', language: 'de' },
    ])
    expect(espeakVoicesFor('zh')[0]!.id).toBe('espeak:cmn')
    // eSpeak NG has no Filipino voice: none is offered rather than one that fails.
    expect(espeakVoicesFor('fil')).toEqual([])
  })

  it('passes only a listed voice of the spoken language to the command line', () => {
    expect(espeakVoiceArgument('espeak:en+f3', 'en')).toBe('en+f3')
    expect(espeakVoiceArgument('espeak:en+f3', 'de')).toBeNull()
    expect(espeakVoiceArgument('espeak:--help', 'en')).toBeNull()
    expect(espeakVoiceArgument('espeak:en+whisper', 'en')).toBeNull()
    expect(espeakVoiceArgument('lena-voice', 'en')).toBeNull()
    expect(espeakVoiceArgument(null, 'en')).toBeNull()
  })

  const hasEspeak = (() => {
    try {
      execFileSync('espeak-ng', ['--version'])
      return true
    } catch {
      return false
    }
  })()

  it.runIf(hasEspeak)(
    'every listed voice of every language speaks, each female voice unlike its male one',
    async () => {
      const tts = createEspeakTts()
      for (const language of LANGUAGES) {
        const audio = new Map<string, Buffer>()
        for (const voice of espeakVoicesFor(language.code)) {
          const speech = await tts.synthesize({
            text: 'Hello there',
            voiceId: voice.id,
            language: language.code,
          })
          expect(speech.audio.length, voice.id).toBeGreaterThan(2_000)
          audio.set(voice.id, speech.audio)
        }
        // eSpeak silently drops a variant it cannot apply: each female voice must really differ.
        for (const [id, female] of audio) {
          if (id.endsWith('+f3')) expect(female.equals(audio.get(id.slice(0, -3))!), id).toBe(false)
        }
      }
    },
    30_000,
  )
})
