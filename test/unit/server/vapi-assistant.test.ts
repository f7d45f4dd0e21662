import { describe, expect, it } from 'vitest'
import {
  buildVapiAssistant,
  customLlmUrl,
  UNSUPPORTED_VOICE_PROVIDER,
} from '../../../server/calls/vapi/assistant'
import type { VoiceCallStart } from '../../../server/calls/voice-provider'

/* spec 2 §3 'Voice call settings', §7 'Voice agent setup', §9 'Voice agent settings': every constant. */

const CALL: VoiceCallStart = {
  callId: '11111111-1111-4111-8111-111111111111',
  conversationId: '22222222-2222-4222-8222-222222222222',
  clone: {
    id: '33333333-3333-4333-8333-333333333333',
    slug: 'lena-hart',
    name: 'Lena Hart',
    language: 'English',
    voiceId: 'lena-voice',
    voiceModel: null,
    voiceSettings: {},
    wordPhonemeMapping: { Hart: 'hɑːrt' },
  },
  language: 'en',
  userId: '44444444-4444-4444-8444-444444444444',
  relationshipId: null,
  instanceId: null,
  locationId: 'loc-1',
  initialMessage: 'Hi, I am Lena. What is on your mind?',
}

const OPTIONS = { publicUrl: 'https://likeness.example', llmSecret: 'llm-s', webhookSecret: 'hook-s' }

// biome-ignore lint/suspicious/noExplicitAny: the tests read deep into the assistant's plain JSON
type Json = Record<string, any>
const build = (over: Partial<VoiceCallStart> = {}, clone: Partial<VoiceCallStart['clone']> = {}) =>
  buildVapiAssistant({ ...CALL, ...over, clone: { ...CALL.clone, ...clone } }, OPTIONS) as Json

describe('buildVapiAssistant', () => {
  it('sets every call constant of spec 2 §9', () => {
    const a = build()
    expect(a.maxDurationSeconds).toBe(21_600)
    expect(a.model.timeoutSeconds).toBe(30)
    // Idle messages (30 s, twice) and the 60 s silence timeout, as Vapi's hooks (its API dropped the fields).
    expect(a.hooks).toEqual([
      {
        on: 'customer.speech.timeout',
        options: { timeoutSeconds: 30, triggerMaxCount: 2 },
        do: [{ type: 'say', exact: 'Are you still there?' }],
      },
      {
        on: 'customer.speech.timeout',
        options: { timeoutSeconds: 60, triggerMaxCount: 1 },
        do: [{ type: 'tool', tool: { type: 'endCall' } }],
      },
    ])
    for (const gone of [
      'silenceTimeoutSeconds',
      'customerJoinTimeoutSeconds',
      'messagePlan',
      'endCallFunctionEnabled',
    ])
      expect(a).not.toHaveProperty(gone)
    expect(a.startSpeakingPlan).toEqual({
      waitSeconds: 0.25,
      smartEndpointingEnabled: false,
      transcriptionEndpointingPlan: {
        onPunctuationSeconds: 0.25,
        onNoPunctuationSeconds: 1.5,
        onNumberSeconds: 0.25,
      },
    })
    expect(a.stopSpeakingPlan).toEqual({ numWords: 3 })
    expect(a.artifactPlan).toEqual({ recordingEnabled: true })
    expect(a.model.tools).toEqual([{ type: 'endCall' }])
    expect(a.firstMessage).toBe(CALL.initialMessage)
  })

  it('applies the creator-specific endpointing overrides', () => {
    const patient = build({}, { voiceSettings: { endpointing: 'patient' } }).startSpeakingPlan
    expect(patient.transcriptionEndpointingPlan).toEqual({
      onPunctuationSeconds: 1.5,
      onNoPunctuationSeconds: 3,
      onNumberSeconds: 0.25,
    })
    const brisk = build({}, { voiceSettings: { endpointing: 'brisk' } }).startSpeakingPlan
    expect(brisk.transcriptionEndpointingPlan).toEqual({
      onPunctuationSeconds: 0.1,
      onNoPunctuationSeconds: 0.25,
      onNumberSeconds: 0.25,
    })
  })

  it('speaks through ElevenLabs by default: turbo v2 in English, v2.5 otherwise, 3 fallback copies', () => {
    const voice = build().voice
    expect(voice).toMatchObject({
      provider: '11labs',
      voiceId: 'lena-voice',
      model: 'eleven_turbo_v2',
      optimizeStreamingLatency: 3,
      enableSsmlParsing: true,
    })
    expect(voice.fallbackPlan.voices).toHaveLength(3)
    for (const copy of voice.fallbackPlan.voices) {
      expect(copy).toMatchObject({ provider: '11labs', voiceId: 'lena-voice', model: 'eleven_turbo_v2' })
    }
    expect(build({ language: 'fr' }).voice.model).toBe('eleven_turbo_v2_5')
    expect(build({}, { voiceModel: 'eleven_multilingual_v2' }).voice.model).toBe('eleven_multilingual_v2')
    expect(
      build({}, { voiceSettings: { stability: 0.4, similarityBoost: 0.8, junk: 1 } }).voice,
    ).toMatchObject({
      stability: 0.4,
      similarityBoost: 0.8,
    })
    expect(build({}, { voiceSettings: { junk: 1 } }).voice.junk).toBeUndefined()
  })

  it('uses Cartesia sonic-english with its ink-whisper transcriber', () => {
    const a = build({ language: 'de' }, { voiceSettings: { provider: 'cartesia' } })
    expect(a.voice).toMatchObject({ provider: 'cartesia', model: 'sonic-english', language: 'en' })
    expect(a.voice.fallbackPlan.voices).toHaveLength(3)
    expect(a.transcriber).toEqual({ provider: 'cartesia', model: 'ink-whisper', language: 'de' })
  })

  it('uses an OpenAI voice', () => {
    const a = build({}, { voiceSettings: { provider: 'openai' }, voiceId: null })
    expect(a.voice).toMatchObject({ provider: 'openai', voiceId: 'alloy' })
    expect(a.voice.fallbackPlan.voices).toHaveLength(3)
  })

  it("refuses any other provider with 'Unsupported voice provider'", () => {
    expect(() => build({}, { voiceSettings: { provider: 'playht' } })).toThrow(UNSUPPORTED_VOICE_PROVIDER)
    expect(UNSUPPORTED_VOICE_PROVIDER).toBe('Unsupported voice provider')
  })

  it('picks the Deepgram model by language, with the creator override', () => {
    const t = (language: string, voiceSettings = {}) => build({ language }, { voiceSettings }).transcriber
    expect(t('en')).toEqual({ provider: 'deepgram', model: 'nova-3', language: 'en' })
    expect(t('fr')).toEqual({ provider: 'deepgram', model: 'nova-2', language: 'fr' })
    expect(t('zh')).toEqual({ provider: 'deepgram', model: 'base', language: 'zh' })
    expect(t('ta')).toEqual({ provider: 'deepgram', model: 'enhanced', language: 'ta' })
    expect(t('hi')).toEqual({ provider: 'deepgram', model: 'enhanced', language: 'hi' })
    expect(t('fr', { transcriberModel: 'nova-3' })).toEqual({
      provider: 'deepgram',
      model: 'nova-3',
      language: 'fr',
    })
  })

  it('hears languages Deepgram does not support through Whisper', () => {
    const t = (language: string) => build({ language }).transcriber
    expect(t('ar')).toEqual({ provider: 'talkscriber', model: 'whisper', language: 'ar' })
    expect(t('hr')).toEqual({ provider: 'talkscriber', model: 'whisper', language: 'hr' })
    expect(t('fil')).toEqual({ provider: 'talkscriber', model: 'whisper', language: 'tl' })
  })

  it('calls our custom LLM and webhook with the call metadata (spec 2 §7)', () => {
    const a = build()
    expect(a.model).toMatchObject({
      provider: 'custom-llm',
      url: 'https://likeness.example/api/interactions/vapi',
      headers: { 'x-vapi-secret': 'llm-s' },
      metadataSendMode: 'variable',
    })
    expect(a.server).toEqual({
      url: 'https://likeness.example/api/vapi/webhook',
      headers: { 'x-vapi-secret': 'hook-s' },
    })
    expect(a.metadata).toEqual({
      callId: CALL.callId,
      cloneSlug: 'lena-hart',
      userId: CALL.userId,
      instanceId: null,
      relationshipId: null,
      conversationId: CALL.conversationId,
      wordPhonemeMapping: { Hart: 'hɑːrt' },
      locationId: 'loc-1',
      medium: 'BROWSER_VOICE',
    })
  })

  it("appends '/vapi' to a base url containing 'experience', '/interactions/vapi' otherwise", () => {
    expect(customLlmUrl('https://experience.example/api')).toBe('https://experience.example/api/vapi')
    expect(customLlmUrl('https://likeness.example/api/')).toBe(
      'https://likeness.example/api/interactions/vapi',
    )
  })
})
