import { execFileSync } from 'node:child_process'
import { describe, expect, it, vi } from 'vitest'
import { decodeSpeechTiming, encodeSpeechTiming, type SpeechTiming } from '../../../contract/speech-timing'
import { createElevenLabsTts, elevenLabsModelFor } from '../../../server/tts/elevenlabs'
import { createEspeakTts, fixWavSizes, wordsPerMinute } from '../../../server/tts/espeak'
import { clampSpokenText, speakableText } from '../../../server/tts/speakable-text'
import { createSpeechCache } from '../../../server/tts/speech-cache'

describe('speakableText', () => {
  it('drops citation markers, markup and markdown', () => {
    expect(speakableText('Stop caffeine by noon [1][2]. Naps help [12].')).toBe(
      'Stop caffeine by noon. Naps help.',
    )
    expect(
      speakableText('<p>Keep it <strong>cool</strong>: 18 °C</p><ul><li>dark</li><li>quiet</li></ul>'),
    ).toBe('Keep it cool: 18 °C. dark. quiet.')
    expect(speakableText('**Bold** and *soft* with `code` and [a link](https://x.example)')).toBe(
      'Bold and soft with code and a link',
    )
    expect(speakableText('- first\n- second\n## Heading')).toBe('first second Heading')
    expect(speakableText('Marker [100] stays, [0] stays')).toBe('Marker [100] stays, [0] stays')
  })

  it('cuts long text at a sentence end', () => {
    const text = `${'A sentence here. '.repeat(400)}`
    const clamped = clampSpokenText(text.trim(), 1000)
    expect(clamped.length).toBeLessThanOrEqual(1000)
    expect(clamped.endsWith('.')).toBe(true)
  })
})

describe('ElevenLabs', () => {
  it('picks eleven_turbo_v2 for English and eleven_turbo_v2_5 otherwise (spec 2 §9)', () => {
    expect(elevenLabsModelFor('en')).toBe('eleven_turbo_v2')
    expect(elevenLabsModelFor('English')).toBe('eleven_turbo_v2')
    expect(elevenLabsModelFor('en-GB')).toBe('eleven_turbo_v2')
    expect(elevenLabsModelFor('es')).toBe('eleven_turbo_v2_5')
  })

  it('posts the text with the clone voice and key, and returns the audio', async () => {
    const fetchMock = vi.fn(
      async () => new Response(new Uint8Array([1, 2, 3]), { headers: { 'content-type': 'audio/mpeg' } }),
    )
    const tts = createElevenLabsTts({ apiKey: 'k-1', baseUrl: 'http://fake.local/', fetch: fetchMock })
    const speech = await tts.synthesize({ text: 'Hi', voiceId: 'voice 9', language: 'de' })
    expect([...speech.audio]).toEqual([1, 2, 3])
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit]
    expect(url).toBe('http://fake.local/v1/text-to-speech/voice%209?output_format=mp3_44100_128')
    expect((init.headers as Record<string, string>)['xi-api-key']).toBe('k-1')
    expect(JSON.parse(init.body as string)).toEqual({ text: 'Hi', model_id: 'eleven_turbo_v2_5' })
  })

  it('asks the with-timestamps endpoint when the avatar wants timing: the audio and each character’s time', async () => {
    const fetchMock = vi.fn(async () =>
      Response.json({
        audio_base64: Buffer.from([7, 8, 9]).toString('base64'),
        alignment: {
          characters: ['H', 'i', '!'],
          character_start_times_seconds: [0, 0.1, 0.25],
          character_end_times_seconds: [0.1, 0.25, 0.3],
        },
      }),
    )
    const tts = createElevenLabsTts({ apiKey: 'k-1', baseUrl: 'http://fake.local', fetch: fetchMock })
    const speech = await tts.synthesize({
      text: 'Hi!',
      voiceId: 'v1',
      language: 'en',
      timing: true,
      speed: 1.1,
      stability: 0.3,
    })
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit]
    expect(url).toBe('http://fake.local/v1/text-to-speech/v1/with-timestamps?output_format=mp3_44100_128')
    // The creator's tuning rides in ElevenLabs' voice_settings.
    expect(JSON.parse(init.body as string)).toEqual({
      text: 'Hi!',
      model_id: 'eleven_turbo_v2',
      voice_settings: { speed: 1.1, stability: 0.3 },
    })
    expect([...speech.audio]).toEqual([7, 8, 9])
    expect(speech.contentType).toBe('audio/mpeg')
    expect(speech.timing).toEqual({
      kind: 'characters',
      marks: [
        ['H', 0, 100],
        ['i', 100, 250],
        ['!', 250, 300],
      ],
    })
    // What the call sends as the x-speech-timing header reads back the same in the renderer.
    expect(decodeSpeechTiming(encodeSpeechTiming(speech.timing as SpeechTiming))).toEqual(speech.timing)
  })

  it('still speaks when the alignment is missing or does not line up, and falls back to plain speech when the timed answer has no audio', async () => {
    const answer = (body: unknown) =>
      createElevenLabsTts({ apiKey: 'k', fetch: async () => Response.json(body) })
    const audio = Buffer.from([1]).toString('base64')
    const crooked = {
      characters: ['a', 'b'],
      character_start_times_seconds: [0],
      character_end_times_seconds: [1],
    }
    for (const alignment of [undefined, crooked]) {
      const speech = await answer({ audio_base64: audio, alignment }).synthesize({
        text: 'ab',
        voiceId: 'v',
        language: 'en',
        timing: true,
      })
      expect([...speech.audio]).toEqual([1])
      expect(speech.timing).toBeNull()
    }
    // No audio in the timed answer (or not JSON at all): the plain endpoint speaks, without timing.
    for (const timedAnswer of [Response.json({ alignment: crooked }), new Response('<html>oops')]) {
      const calls: string[] = []
      const tts = createElevenLabsTts({
        apiKey: 'k',
        baseUrl: 'http://fake.local',
        fetch: async (url) => {
          calls.push(String(url))
          return calls.length === 1 ? timedAnswer : new Response(new Uint8Array([5, 6]))
        },
      })
      const speech = await tts.synthesize({ text: 'ab', voiceId: 'v', language: 'en', timing: true })
      expect(calls).toEqual([
        'http://fake.local/v1/text-to-speech/v/with-timestamps?output_format=mp3_44100_128',
        'http://fake.local/v1/text-to-speech/v?output_format=mp3_44100_128',
      ])
      expect([...speech.audio]).toEqual([5, 6])
      expect(speech.timing).toBeNull()
    }
  })

  it('turns a refusal into an unavailable error', async () => {
    const tts = createElevenLabsTts({
      apiKey: 'bad',
      fetch: async () => new Response('nope', { status: 401 }),
    })
    await expect(tts.synthesize({ text: 'Hi', voiceId: 'v', language: 'en' })).rejects.toThrow(/401/)
  })
})

describe('eSpeak NG', () => {
  it('speaks faster or slower with the creator’s speed, within what it says clearly', async () => {
    expect(wordsPerMinute(165, null)).toBe(165)
    expect(wordsPerMinute(165, 1.2)).toBe(198)
    expect(wordsPerMinute(165, 0.7)).toBe(115)
    expect(wordsPerMinute(300, 1.2)).toBe(350)
    const tts = createEspeakTts()
    const say = (speed: number | null) =>
      tts.synthesize({
        text: 'A steady wake time helps more than anything else.',
        voiceId: '',
        language: 'en',
        speed,
      })
    const [plain, fast] = await Promise.all([say(null), say(1.2)])
    expect(fast.audio.length).toBeLessThan(plain.audio.length * 0.92)
  })

  it('reads a language it has no voice for (Filipino) with the English voice instead of failing', async () => {
    const speech = await createEspeakTts().synthesize({
      text: 'Magandang umaga po.',
      voiceId: '',
      language: 'fil',
      speed: null,
    })
    expect(speech.audio.length).toBeGreaterThan(1000)
  })

  it('fixes the placeholder sizes of a streamed WAV', () => {
    const wav = Buffer.alloc(44 + 10)
    wav.write('RIFF', 0, 'ascii')
    wav.writeUInt32LE(0x7fffffff, 4)
    wav.write('WAVEfmt ', 8, 'ascii')
    wav.writeUInt32LE(16, 16)
    wav.write('data', 36, 'ascii')
    wav.writeUInt32LE(0x7fffffff, 40)
    const fixed = fixWavSizes(wav)
    expect(fixed.readUInt32LE(4)).toBe(wav.length - 8)
    expect(fixed.readUInt32LE(40)).toBe(10)
  })

  const hasEspeak = (() => {
    try {
      execFileSync('espeak-ng', ['--version'])
      return true
    } catch {
      return false
    }
  })()

  it.runIf(hasEspeak)('speaks text offline into a valid WAV', async () => {
    const speech = await createEspeakTts().synthesize({
      text: 'Sleep is a skill.',
      voiceId: 'x',
      language: 'en',
    })
    expect(speech.contentType).toBe('audio/wav')
    expect(speech.audio.toString('ascii', 0, 4)).toBe('RIFF')
    expect(speech.audio.readUInt32LE(4)).toBe(speech.audio.length - 8)
    expect(speech.audio.length).toBeGreaterThan(10_000)
  })

  it('says clearly when the engine is missing', async () => {
    const tts = createEspeakTts({ binary: 'espeak-ng-not-installed-here' })
    await expect(tts.synthesize({ text: 'Hi', voiceId: 'x', language: 'en' })).rejects.toThrow(
      /not installed/,
    )
  })
})

describe('speech cache', () => {
  it('keeps the most recent entries within its bounds', () => {
    const cache = createSpeechCache(2, 1000)
    const speech = (n: number) => ({ audio: Buffer.alloc(n), contentType: 'audio/wav' })
    cache.set('a', speech(10))
    cache.set('b', speech(10))
    cache.get('a')
    cache.set('c', speech(10))
    expect(cache.get('b')).toBeUndefined()
    expect(cache.get('a')).toBeDefined()
    cache.set('big', speech(2000))
    expect(cache.get('big')).toBeUndefined()
  })
})
