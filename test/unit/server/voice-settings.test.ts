import { describe, expect, it } from 'vitest'
import { CloneVoiceSettings } from '../../../contract/voice-settings'
import { callVoiceOf, firstMessageFor, speechVoiceOf } from '../../../server/calls/voice-settings'
import { applyPronunciations, ipaToEspeak, wordPhonemeMappingOf } from '../../../server/tts/pronunciations'

/* A creator's voice settings (issue #26 part 2): pronunciations per engine, the first message, the provider. */

const pronunciations = [
  { word: 'Nguyen', kind: 'respelling' as const, say: 'win' },
  { word: 'New York', kind: 'phonemes' as const, say: 'nuː ˈjɔːk' },
  { word: 'York', kind: 'respelling' as const, say: 'yawk' },
]
const clone = (voiceSettings: unknown = null) => ({
  name: 'Lena Hart',
  voiceId: 'voice-1',
  voiceSettings: voiceSettings as CloneVoiceSettings | null,
})

describe('pronunciations', () => {
  it('say whole words the creator’s way, case-insensitive, longest first, in each engine’s form', () => {
    const text = 'Ask nguyen about New York and York, not Nguyenville.'
    expect(applyPronunciations(text, pronunciations, 'text')).toBe(
      'Ask win about New York and yawk, not Nguyenville.',
    )
    expect(applyPronunciations(text, pronunciations, 'espeak')).toBe(
      "Ask win about [[nu: 'jO:k]] and yawk, not Nguyenville.",
    )
    expect(applyPronunciations(text, pronunciations, 'ssml')).toBe(
      'Ask win about <phoneme alphabet="ipa" ph="nuː ˈjɔːk">New York</phoneme> and yawk, not Nguyenville.',
    )
  })

  it('cannot break out of eSpeak’s phoneme block or the SSML', () => {
    expect(ipaToEspeak('/a]]<b>[[c/')).toBe('abc')
    const hostile = [{ word: 'Tom', kind: 'phonemes' as const, say: '"><break/>' }]
    expect(applyPronunciations('Tom', hostile, 'ssml')).toBe(
      '<phoneme alphabet="ipa" ph="&quot;&gt;&lt;break/&gt;">Tom</phoneme>',
    )
  })

  it('travel to Vapi as a word → phonemes map', () => {
    expect(wordPhonemeMappingOf(pronunciations)).toEqual({
      Nguyen: 'win',
      'New York': 'nuː ˈjɔːk',
      York: 'yawk',
    })
  })

  it('refuse a word listed twice', () => {
    const twice = CloneVoiceSettings.safeParse({
      pronunciations: [pronunciations[0], { ...pronunciations[0], word: 'NGUYEN' }],
    })
    expect(twice.success).toBe(false)
  })
})

describe('the call’s voice', () => {
  it('greets with the creator’s first message in the call’s language, else the product’s greeting there', () => {
    const own = clone({ firstMessages: { fr: 'Bonjour, ici Lena !' } })
    expect(firstMessageFor(own, 'fr')).toBe('Bonjour, ici Lena !')
    const spanish = firstMessageFor(own, 'es')
    expect(spanish).toContain('Lena Hart')
    expect(spanish).not.toBe(firstMessageFor(own, 'en'))
  })

  it("answers 'Unsupported voice provider' for any provider but 11labs, cartesia and openai", () => {
    expect(() => callVoiceOf(clone({ provider: 'playht' }), 'en')).toThrow('Unsupported voice provider')
    const voice = callVoiceOf(
      clone({ provider: 'cartesia', voiceId: 'c-7', speed: 1.1, pronunciations }),
      'en',
    )
    expect(voice.voiceId).toBe('c-7')
    expect(voice.voiceSettings).toMatchObject({ provider: 'cartesia', speed: 1.1 })
    expect(voice.wordPhonemeMapping).toMatchObject({ Nguyen: 'win' })
  })

  it('keys cached speech by the pronunciations, so a change is heard at once', () => {
    const before = speechVoiceOf(clone(), 'espeak-ng')
    const after = speechVoiceOf(clone({ pronunciations }), 'espeak-ng')
    expect(before.cacheVoice).toBe('voice-1')
    expect(after.cacheVoice).not.toBe(before.cacheVoice)
    // Speed and stability reach the TTS, and a change of either is heard at once too.
    const faster = speechVoiceOf(clone({ speed: 1.1 }), 'espeak-ng')
    expect(faster).toMatchObject({ speed: 1.1, stability: null })
    expect(faster.cacheVoice).not.toBe(before.cacheVoice)
    expect(speechVoiceOf(clone({ stability: 0.2 }), 'elevenlabs').cacheVoice).not.toBe(faster.cacheVoice)
  })

  it('speaks with the provider voice id only where the TTS is that provider', () => {
    const own = clone({ provider: '11labs', voiceId: 'el-42' })
    expect(speechVoiceOf(own, 'elevenlabs').voiceId).toBe('el-42')
    // eSpeak NG cannot speak an ElevenLabs voice: the clone's chosen voice stays.
    expect(speechVoiceOf(own, 'espeak-ng').voiceId).toBe('voice-1')
    expect(speechVoiceOf(clone({ provider: 'cartesia', voiceId: 'c-7' }), 'elevenlabs').voiceId).toBe(
      'voice-1',
    )
  })
})
