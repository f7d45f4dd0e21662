import { readFile } from 'node:fs/promises'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { TranscriptionResult, VoiceCapabilities } from '../../contract/calls'
import { languageNotSupported } from '../../contract/languages'
import { createOpenAiTranscriber } from '../../server/transcription/openai-transcriber'
import { speechWav } from '../support/speech-wav'
import {
  DEFAULT_TRANSCRIPT,
  type Responder,
  startTranscriptionServer,
  type TranscriptionServer,
  verboseJson,
} from '../support/transcription-server'
import { createTestApp, type TestApp } from './helpers'
import { multipartForm } from './upload-helpers'

/*
 * POST /api/transcribe/groq (spec 2 §5, §7) against the fake OpenAI-compatible server: what the provider is
 * sent, its figures passed through, and its refusals and failures as the renderer meets them.
 */

let fake: TranscriptionServer
let respond: Responder | undefined
let t: TestApp
beforeAll(async () => {
  fake = await startTranscriptionServer({
    respond: (audio, fields) =>
      respond ? respond(audio, fields) : verboseJson('Hello there', { no_speech_prob: 0.01 }),
  })
  t = await createTestApp({ env: { TRANSCRIPTION_BASE_URL: fake.url, TRANSCRIPTION_API_KEY: 'test-key' } })
})
afterAll(async () => {
  await t.close()
  await fake.close()
})

const webm = (bytes = 8000) => Buffer.alloc(bytes, 7)

async function transcribe(
  app: TestApp['app'],
  file: { bytes: Buffer; type?: string; fileName?: string } | null,
  fields: Record<string, string> = {},
) {
  const form = await multipartForm(
    fields,
    file
      ? [
          {
            name: 'file',
            fileName: file.fileName ?? 'audio.webm',
            bytes: file.bytes,
            type: file.type ?? 'audio/webm',
          },
        ]
      : [],
  )
  return app.inject({ method: 'POST', url: '/api/transcribe/groq', ...form })
}

describe('transcription through an OpenAI-compatible endpoint', () => {
  it('says the server transcribes', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/voice/capabilities' })
    expect(VoiceCapabilities.parse(res.json()).transcription).toBe('server')
  })

  it('sends the recording with the model, verbose_json, temperature 0 and the language, and passes the figures through', async () => {
    respond = () => ({
      text: '  Sleep matters.  ',
      segments: [
        { start: 0, end: 1, avg_logprob: -0.1, no_speech_prob: 0.02, compression_ratio: 1 },
        { start: 1, end: 4, avg_logprob: -0.5, no_speech_prob: 0.3, compression_ratio: 2 },
      ],
    })
    const res = await transcribe(t.app, { bytes: webm() }, { language: 'en-US' })
    expect(res.statusCode, res.body).toBe(200)
    const result = TranscriptionResult.parse(res.json())
    expect(result.text).toBe('Sleep matters.')
    expect(result.no_speech_prob).toBe(0.3)
    expect(result.avg_logprob).toBeCloseTo(-0.4)
    expect(result.compression_ratio).toBe(1.5)
    const sent = fake.requests.at(-1)!
    expect(sent.path).toBe('/v1/audio/transcriptions')
    expect(sent.authorization).toBe('Bearer test-key')
    expect(sent.fields).toMatchObject({
      model: 'whisper-1',
      response_format: 'verbose_json',
      temperature: '0',
      language: 'en',
    })
    expect(sent.mimeType).toBe('audio/webm')
    expect(sent.audio.length).toBe(8000)
  })

  it('sends Whisper its own code for Filipino (tl, not fil: contract/language-providers.ts)', async () => {
    respond = () => ({ text: 'Kumusta', segments: [] })
    const res = await transcribe(t.app, { bytes: webm() }, { language: 'fil' })
    expect(res.statusCode, res.body).toBe(200)
    expect(fake.requests.at(-1)?.fields.language).toBe('tl')
  })

  it('transcribes real eSpeak speech with the realistic default answers', async () => {
    respond = undefined
    const realistic = await startTranscriptionServer()
    const app = await createTestApp({ env: { TRANSCRIPTION_BASE_URL: realistic.url } })
    try {
      const wav = await readFile(await speechWav(DEFAULT_TRANSCRIPT))
      const res = await transcribe(app.app, { bytes: wav, type: 'audio/wav', fileName: 'audio.wav' })
      expect(TranscriptionResult.parse(res.json())).toMatchObject({
        text: DEFAULT_TRANSCRIPT,
        no_speech_prob: 0.01,
      })
      const clip = await transcribe(app.app, { bytes: Buffer.alloc(3000, 1), type: 'audio/webm' })
      expect(clip.statusCode).toBe(400)
      expect(clip.json().error.code).toBe('short_audio')
    } finally {
      await app.close()
      await realistic.close()
    }
  })

  it.each([400, 413])('answers short_audio when the provider says %i', async (status) => {
    respond = () => ({ status, body: { error: { message: 'Audio file is too short.' } } })
    const res = await transcribe(t.app, { bytes: webm() })
    expect(res.statusCode).toBe(400)
    expect(res.json().error.code).toBe('short_audio')
  })

  it('answers short_audio for an empty recording without asking the provider', async () => {
    const before = fake.requests.length
    const res = await transcribe(t.app, { bytes: Buffer.alloc(10) })
    expect(res.json().error.code).toBe('short_audio')
    expect(fake.requests.length).toBe(before)
  })

  it('answers 502 when the provider fails', async () => {
    respond = () => ({ status: 500, body: { error: { message: 'boom' } } })
    const res = await transcribe(t.app, { bytes: webm() })
    expect(res.statusCode).toBe(502)
    expect(res.json().error.code).toBe('transcription_failed')
  })

  it('answers 502 when the provider takes too long', async () => {
    respond = () => new Promise(() => {})
    const app = await createTestApp({
      providers: { transcriber: createOpenAiTranscriber({ baseUrl: fake.url, model: 'm', timeoutMs: 150 }) },
    })
    try {
      const res = await transcribe(app.app, { bytes: webm() })
      expect(res.statusCode).toBe(502)
      expect(res.json().error.code).toBe('transcription_failed')
    } finally {
      await app.close()
    }
  })

  it('refuses what is not audio it takes, and an unsupported language', async () => {
    respond = undefined
    const text = await transcribe(t.app, { bytes: webm(), type: 'text/plain', fileName: 'a.txt' })
    expect(text.statusCode).toBe(415)
    const missing = await transcribe(t.app, null, { language: 'en' })
    expect(missing.statusCode).toBe(400)
    const language = await transcribe(t.app, { bytes: webm() }, { language: 'xx' })
    expect(language.statusCode).toBe(400)
    expect(language.json().error.message).toBe(languageNotSupported('xx'))
    const json = await t.app.inject({ method: 'POST', url: '/api/transcribe/groq', payload: { file: 'x' } })
    expect(json.statusCode).toBe(400)
  })
})

describe('without a transcription provider', () => {
  it('answers 503 transcription_not_configured and says so in the capabilities', async () => {
    const app = await createTestApp()
    try {
      const res = await transcribe(app.app, { bytes: webm() })
      expect(res.statusCode).toBe(503)
      expect(res.json().error.code).toBe('transcription_not_configured')
      const capabilities = await app.app.inject({ method: 'GET', url: '/api/voice/capabilities' })
      expect(capabilities.json().transcription).toBe('none')
    } finally {
      await app.close()
    }
  })
})
