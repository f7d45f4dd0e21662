import { describe, expect, it } from 'vitest'
import { judgeTranscription } from '../../../contract/calls'
import { loadConfig } from '../../../server/config'
import { createProviders } from '../../../server/providers'
import { defaultTranscriptionModel, fromVerboseJson } from '../../../server/transcription/openai-transcriber'

describe('verbose_json as a transcription result (spec 2 §3)', () => {
  it('takes the largest no-speech probability, the duration-weighted log-probability and the mean ratio', () => {
    const result = fromVerboseJson({
      text: ' Good sleep starts in the morning. ',
      segments: [
        { start: 0, end: 3, avg_logprob: -0.2, no_speech_prob: 0.01, compression_ratio: 1.1 },
        { start: 3, end: 4, avg_logprob: -1, no_speech_prob: 0.4, compression_ratio: 1.5 },
      ],
    })
    expect(result.text).toBe('Good sleep starts in the morning.')
    expect(result.no_speech_prob).toBe(0.4)
    expect(result.avg_logprob).toBeCloseTo(-0.4)
    expect(result.compression_ratio).toBeCloseTo(1.3)
    expect(judgeTranscription(result)).toEqual({ ok: true, text: 'Good sleep starts in the morning.' })
  })

  it('reads silence as no speech, which the renderer refuses', () => {
    const result = fromVerboseJson({ text: '', segments: [] })
    expect(result.no_speech_prob).toBe(1)
    expect(judgeTranscription(result).ok).toBe(false)
  })

  it('falls back to the plain mean when segments carry no times', () => {
    expect(
      fromVerboseJson({ text: 'hi', segments: [{ avg_logprob: -1 }, { avg_logprob: -3 }] }).avg_logprob,
    ).toBe(-2)
  })

  it('fails on an answer without text', () => {
    expect(() => fromVerboseJson({ segments: [] })).toThrow(/no text/)
  })
})

describe('transcription configuration', () => {
  const providersOf = (env: Record<string, string>) =>
    createProviders(loadConfig({ NODE_ENV: 'test', SMTP_URL: 'smtp://localhost:2525', ...env }))

  it('is off unless a base URL or a key is set', () => {
    expect(providersOf({}).transcriber).toBeNull()
    expect(providersOf({ TRANSCRIPTION_API_KEY: 'k' }).transcriber?.name).toBe(
      'openai-compatible:whisper-large-v3-turbo',
    )
    expect(providersOf({ TRANSCRIPTION_BASE_URL: 'http://127.0.0.1:9000/v1' }).transcriber?.name).toBe(
      'openai-compatible:whisper-1',
    )
    expect(
      providersOf({ TRANSCRIPTION_API_KEY: 'k', TRANSCRIPTION_MODEL: 'distil-whisper' }).transcriber?.name,
    ).toBe('openai-compatible:distil-whisper')
  })

  it('defaults the model by endpoint', () => {
    expect(defaultTranscriptionModel('https://api.groq.com/openai/v1')).toBe('whisper-large-v3-turbo')
    expect(defaultTranscriptionModel('https://api.openai.com/v1')).toBe('whisper-1')
  })
})
