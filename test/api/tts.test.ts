import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import type { SpeechRequest, TextToSpeech } from '../../server/tts/provider'
import { SpeechUnavailableError } from '../../server/tts/provider'
import { createTestApp, type TestApp } from './helpers'

const spoken: SpeechRequest[] = []
let failNext = false
const fakeTts: TextToSpeech = {
  name: 'fake',
  synthesize: vi.fn(async (request: SpeechRequest) => {
    if (failNext) {
      failNext = false
      throw new SpeechUnavailableError('engine down')
    }
    spoken.push(request)
    return { audio: Buffer.from(`audio:${request.text}`), contentType: 'audio/wav' }
  }),
}

let t: TestApp
beforeAll(async () => {
  t = await createTestApp({ providers: { tts: fakeTts } })
})
afterAll(() => t.close())

const speak = (body: unknown) => t.app.inject({ method: 'POST', url: '/api/tts', payload: body as object })

describe('POST /api/tts', () => {
  it('answers audio of the answer without markup or citation markers, in the clone voice', async () => {
    const res = await speak({ slug: 'lena-hart', text: '<p>Stop <b>caffeine</b> by noon [1].</p>' })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toBe('audio/wav')
    expect(res.body).toBe('audio:Stop caffeine by noon.')
    expect(spoken.at(-1)).toMatchObject({ voiceId: 'lena-voice', language: 'en' })
  })

  it('serves a repeated answer from its cache', async () => {
    const before = vi.mocked(fakeTts.synthesize).mock.calls.length
    await speak({ slug: 'lena-hart', text: 'Morning light sets the clock.' })
    await speak({ slug: 'lena-hart', text: 'Morning light sets the clock.' })
    expect(vi.mocked(fakeTts.synthesize).mock.calls.length).toBe(before + 1)
  })

  it('refuses clones without a voice, unknown clones and empty text', async () => {
    expect((await speak({ slug: 'tomas-rivera', text: 'Salt the water.' })).statusCode).toBe(409)
    expect((await speak({ slug: 'nobody', text: 'Hi' })).json()).toEqual({
      error: { code: 'not_found', message: 'Clone not found' },
    })
    expect((await speak({ slug: 'lena-hart', text: '   ' })).statusCode).toBe(400)
    expect((await speak({ slug: 'lena-hart', text: '[1][2]' })).statusCode).toBe(400)
  })

  it('says so when the speech engine is unavailable', async () => {
    failNext = true
    const res = await speak({ slug: 'lena-hart', text: 'A fresh sentence to speak.' })
    expect(res.statusCode).toBe(503)
    expect(res.json().error.code).toBe('unavailable')
  })
})
