import { execFileSync } from 'node:child_process'
import { describe, expect, it, vi } from 'vitest'
import { createElevenLabsTts, elevenLabsModelFor } from '../../../server/tts/elevenlabs'
import { createEspeakTts, fixWavSizes } from '../../../server/tts/espeak'
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

  it('turns a refusal into an unavailable error', async () => {
    const tts = createElevenLabsTts({
      apiKey: 'bad',
      fetch: async () => new Response('nope', { status: 401 }),
    })
    await expect(tts.synthesize({ text: 'Hi', voiceId: 'v', language: 'en' })).rejects.toThrow(/401/)
  })
})

describe('eSpeak NG', () => {
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
