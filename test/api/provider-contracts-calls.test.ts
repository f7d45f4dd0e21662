import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { LANGUAGES } from '../../contract/languages'
import { VIDEO_TRANSCRIPTION_ENDPOINTING_MS } from '../../contract/video'
import { recordingOptions } from '../../renderer/src/features/video/daily/daily-engine'
import { DAILY_EVENT_NAMES } from '../../renderer/src/features/video/daily/daily-events'
import { mapVapiEvent, VAPI_EVENT_NAMES } from '../../renderer/src/features/voice/vapi/vapi-events'
import { TavusCallback } from '../../server/calls/tavus/tavus-callbacks'
import { createTavusVideoCalls } from '../../server/calls/tavus/tavus-client'
import {
  TavusTranscript,
  transcriptLines,
  transcriptOfConversation,
} from '../../server/calls/tavus/tavus-transcript'
import { buildVapiAssistant } from '../../server/calls/vapi/assistant'
import { CompletionRequest } from '../../server/calls/vapi/custom-llm-route'
import { confirmVapiCall } from '../../server/calls/vapi/vapi-api'
import { metadataOf, transcriptOf } from '../../server/calls/vapi/webhook-route'
import type { VoiceCallStart } from '../../server/calls/voice-provider'
import {
  bodyOf,
  CaptureServer,
  type Json,
  operationOf,
  providerDocument,
  requestErrors,
  schemaErrors,
} from './provider-contract-helpers'

/*
 * Issue #27 part 5 for the call providers: Vapi's transient assistant, its end-of-call report and call record;
 * Tavus's conversation requests and callbacks; Daily's call object as the renderer drives it. Each against the
 * published documents in test/fixtures/providers (see each SOURCE.md).
 */

// ---------------------------------------------------------------- Vapi
describe('Vapi (published OpenAPI)', () => {
  const doc = providerDocument('vapi', 'openapi.json')
  const schemas = doc.components.schemas

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
  const build = (over: Partial<VoiceCallStart> = {}, clone: Partial<VoiceCallStart['clone']> = {}) =>
    buildVapiAssistant({ ...CALL, ...over, clone: { ...CALL.clone, ...clone } }, OPTIONS)

  const variants: [string, ReturnType<typeof build>][] = [
    ['11labs, English (Deepgram nova-3)', build()],
    [
      '11labs tuned, German, patient endpointing',
      build(
        { language: 'de' },
        {
          voiceSettings: {
            stability: 0.4,
            similarityBoost: 0.8,
            style: 0.1,
            useSpeakerBoost: true,
            speed: 1.1,
            endpointing: 'patient',
            pronunciations: [{ word: 'Hart', ipa: 'hɑːrt' }],
          },
          voiceModel: 'eleven_multilingual_v2',
        },
      ),
    ],
    ['11labs, Tamil (Deepgram enhanced)', build({ language: 'ta' })],
    ['11labs, Chinese (Deepgram base)', build({ language: 'zh' })],
    ['Cartesia', build({}, { voiceSettings: { provider: 'cartesia' } })],
    [
      'OpenAI voice, brisk',
      build({}, { voiceId: null, voiceSettings: { provider: 'openai', endpointing: 'brisk' } }),
    ],
  ]

  it.each(variants)('the transient assistant (%s) is a documented CreateAssistantDTO', (_name, assistant) => {
    expect(schemaErrors(doc, schemas.CreateAssistantDTO, assistant)).toEqual([])
  })

  it('every call language goes to a documented transcriber (Deepgram, Talkscriber, Cartesia)', () => {
    const failures = LANGUAGES.flatMap((language) =>
      (['11labs', 'cartesia'] as const).flatMap((provider) => {
        const assistant = build({ language: language.code }, { voiceSettings: { provider } })
        const errors = schemaErrors(
          doc,
          schemas.CreateAssistantDTO.properties.transcriber,
          assistant.transcriber,
        )
        return errors.length ? [`${provider} ${language.code}: ${JSON.stringify(assistant.transcriber)}`] : []
      }),
    )
    expect(failures).toEqual([])
  })

  it('the checker refuses an assistant field Vapi does not list', () => {
    expect(
      schemaErrors(doc, schemas.CreateAssistantDTO, { ...build(), silenceTimeout: 60 }).join(),
    ).toContain('silenceTimeout')
    expect(
      schemaErrors(doc, schemas.CreateAssistantDTO, {
        ...build(),
        voice: { provider: '11labs', voiceId: 'v', sped: 1 },
      }),
    ).not.toEqual([])
  })

  /** The end-of-call report as Vapi documents it (the fields the webhook reads, and a few more). */
  const metadata = { callId: CALL.callId, conversationId: CALL.conversationId, cloneSlug: 'lena-hart' }
  const report = {
    type: 'end-of-call-report',
    endedReason: 'customer-ended-call',
    timestamp: 1_764_400_000_000,
    startedAt: '2026-01-01T10:00:00.000Z',
    endedAt: '2026-01-01T10:01:15.400Z',
    call: {
      id: 'vapi-call-7',
      orgId: 'org-1',
      type: 'webCall',
      createdAt: '2026-01-01T09:59:58.000Z',
      updatedAt: '2026-01-01T10:01:16.000Z',
      assistant: { metadata },
    },
    assistant: { metadata },
    analysis: { summary: 'A short talk about coffee.', successEvaluation: 'true' },
    artifact: {
      recordingUrl: 'https://storage.vapi.ai/rec-1.wav',
      transcript: 'AI: Hi\nUser: Hello',
      messages: [
        { role: 'system', message: 'prompt', time: 1, secondsFromStart: 0 },
        { role: 'bot', message: 'Hi, I am Lena.', time: 2, endTime: 3, secondsFromStart: 0.5, duration: 1 },
        { role: 'user', message: 'Hello', time: 4, endTime: 5, secondsFromStart: 3.2, duration: 1 },
      ],
    },
  }

  it('a documented end-of-call report is read: metadata and transcript', () => {
    expect(schemaErrors(doc, schemas.ServerMessageEndOfCallReport, report)).toEqual([])
    expect(metadataOf(report)).toEqual(metadata)
    expect(transcriptOf(report.artifact)).toEqual([
      { role: 'CLONE', text: 'Hi, I am Lena.', at: 0.5 },
      { role: 'USER', text: 'Hello', at: 3.2 },
    ])
  })

  it('the fields the webhook reads from a report or a call are documented', () => {
    const report = Object.keys(schemas.ServerMessageEndOfCallReport.properties)
    expect(report).toEqual(
      expect.arrayContaining(['type', 'call', 'assistant', 'artifact', 'startedAt', 'endedAt']),
    )
    expect(Object.keys(schemas.Artifact.properties)).toEqual(
      expect.arrayContaining(['recordingUrl', 'messages']),
    )
    expect(Object.keys(schemas.Call.properties)).toEqual(
      expect.arrayContaining(['id', 'startedAt', 'endedAt', 'assistant', 'artifact']),
    )
    expect(Object.keys(schemas.CreateAssistantDTO.properties)).toContain('metadata')
  })

  const vapi = new CaptureServer((r) => ({
    json: {
      ...report.call,
      id: r.path.split('/').pop(),
      startedAt: report.startedAt,
      endedAt: report.endedAt,
    },
  }))
  beforeAll(() => vapi.start())
  afterAll(() => vapi.stop())

  it('confirming a call is the documented GET /call/{id}, and its answer is a documented Call', async () => {
    const record = await confirmVapiCall({ apiBaseUrl: vapi.url, privateKey: 'pk' }, 'vapi-call-7')
    const [request] = vapi.take()
    expect(await requestErrors(doc, request!)).toEqual([])
    expect(operationOf(doc, 'GET', '/call/vapi-call-7')).toBeTruthy()
    expect(request!.headers.authorization).toBe('Bearer pk')
    expect(schemaErrors(doc, schemas.Call, record)).toEqual([])
  })

  it('the custom LLM endpoint accepts an OpenAI chat request with the metadata and call Vapi adds', () => {
    const openai = providerDocument('openai', 'openapi.json')
    const request = {
      model: 'lena-hart',
      messages: [
        { role: 'system', content: 'You are Lena.' },
        { role: 'assistant', content: 'Hi, I am Lena.' },
        { role: 'user', content: 'How late can I drink coffee?' },
      ],
      temperature: 0.7,
      max_tokens: 250,
      stream: true,
    }
    expect(schemaErrors(openai, openai.components.schemas.CreateChatCompletionRequest, request)).toEqual([])
    const parsed = CompletionRequest.safeParse({
      ...request,
      metadata,
      call: { id: 'vapi-call-7', type: 'webCall' },
    })
    expect(parsed.success).toBe(true)
  })
})

describe('Vapi web SDK (@vapi-ai/web, the package the renderer installs)', () => {
  const sdk = providerDocument('vapi', 'web-sdk.json')

  it('the engine listens only to events the SDK emits', () => {
    expect(sdk.events).toEqual(expect.arrayContaining([...VAPI_EVENT_NAMES]))
  })

  it('documented transcript and speech messages are what the engine maps', () => {
    const partial = { type: 'transcript', role: 'user', transcriptType: 'partial', transcript: 'How late' }
    const final = {
      type: 'transcript',
      role: 'assistant',
      transcriptType: 'final',
      transcript: 'Until noon.',
    }
    const speech = { type: 'speech-update', status: 'started', role: 'user', turn: 1 }
    for (const m of [partial, final])
      expect(schemaErrors({}, sdk.schemas.ClientMessageTranscript, m)).toEqual([])
    expect(schemaErrors({}, sdk.schemas.ClientMessageSpeechUpdate, speech)).toEqual([])
    expect(mapVapiEvent('message', partial)).toEqual({
      type: 'transcript',
      role: 'user',
      text: 'How late',
      final: false,
    })
    expect(mapVapiEvent('message', final)).toEqual({
      type: 'transcript',
      role: 'assistant',
      text: 'Until noon.',
      final: true,
    })
    expect(mapVapiEvent('message', speech)).toEqual({ type: 'user-speech-start' })
    expect(schemaErrors({}, sdk.schemas.ClientMessageTranscript, { ...final, text: 'x' })).not.toEqual([])
  })
})

// ---------------------------------------------------------------- Tavus
describe('Tavus (OpenAPI of docs.tavus.io; Vapi’s Tavus schemas as second witness)', () => {
  const doc = providerDocument('tavus', 'openapi.json')
  const vapi = providerDocument('vapi', 'openapi.json').components.schemas
  const snake = (name: string) => name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`).replace(/s_3/g, 's3')
  const snakeProperties = (schema: Json, leave: string[] = []) =>
    Object.fromEntries(
      Object.entries(schema.properties as Record<string, Json>)
        .filter(([k]) => !leave.includes(k))
        .map(([k, v]) => [snake(k), v.type ? { type: v.type } : {}]),
    )
  /** Tavus's request as either source lists it (both spell Tavus's fields; Vapi's in camelCase). */
  const request = doc.components.schemas.CreateConversationRequest
  const properties = doc.components.schemas.ConversationProperties
  const conversationSchema = {
    type: 'object',
    properties: {
      ...snakeProperties(vapi.TavusVoice, [
        'cachingEnabled',
        'provider',
        'voiceId',
        'chunkPlan',
        'fallbackPlan',
        'properties',
      ]),
      ...request.properties,
      properties: {
        type: 'object',
        properties: { ...snakeProperties(vapi.TavusConversationProperties), ...properties.properties },
      },
    },
  }
  const server = new CaptureServer((r) =>
    r.path === '/v2/conversations'
      ? { json: { conversation_id: 'c1', conversation_url: 'https://tavus.daily.co/c1', status: 'active' } }
      : r.method === 'GET'
        ? { json: { conversation_id: 'c1', status: 'ended', transcript: [{ role: 'user', content: 'Hi.' }] } }
        : { json: {} },
  )
  beforeAll(() => server.start())
  afterAll(() => server.stop())

  const start = {
    callId: '00000000-0000-4000-8000-000000000001',
    clone: { name: 'Lena Hart', headline: 'Sleep coach', description: 'Helps people sleep.', tone: 'Warm.' },
    language: { code: 'es', name: 'Spanish' },
    question: 'How late can I drink coffee?',
    firstMessage: 'Hola, soy Lena.',
  }

  it('creating and ending a conversation are documented requests', async () => {
    const tavus = createTavusVideoCalls({
      apiKey: 'tavus-key',
      baseUrl: server.url,
      replicaId: 'r1',
      personaId: 'p1',
      publicUrl: 'https://likeness.example',
    })
    const room = await tavus.open(start as never)
    await tavus.close({ conversationId: room!.conversationId } as never)
    const transcript = await tavus.transcript!({ conversationId: room!.conversationId })
    const [create, end, get] = server.take()
    expect(`${create?.method} ${create?.path}`).toBe('POST /v2/conversations')
    expect(operationOf(doc, 'POST', create!.path)).toBeTruthy()
    expect(schemaErrors(doc, conversationSchema, await bodyOf(create!))).toEqual([])
    expect(`${end?.method} ${end?.path}`).toBe('POST /v2/conversations/c1/end')
    expect(operationOf(doc, 'POST', end!.path)).toBeTruthy()
    expect(end!.headers['x-api-key']).toBe('tavus-key')
    // The transcript (issue #27): GET with ?verbose=true, a documented operation and parameter.
    expect(`${get?.method} ${get?.path}`).toBe('GET /v2/conversations/c1')
    const operation = operationOf(doc, 'GET', get!.path) as Json
    expect(operation).toBeTruthy()
    expect(get!.query.get('verbose')).toBe('true')
    expect((operation.parameters as Json[]).map((p) => p.name)).toContain('verbose')
    expect(transcript).toEqual([{ role: 'user', content: 'Hi.' }])
  })

  it('the checker refuses a conversation property neither source lists', () => {
    expect(
      schemaErrors(doc, conversationSchema, { properties: { enable_transcripts: true } }).join(),
    ).toContain('enable_transcripts')
  })

  it('the callbacks the product parses are the documented ones', () => {
    const callbacks = providerDocument('tavus', 'callbacks.json')
    for (const example of callbacks.examples) {
      expect(schemaErrors({}, callbacks.structure, example)).toEqual([])
      const parsed = TavusCallback.safeParse(example)
      expect(parsed.success).toBe(true)
      expect([...callbacks.systemEvents, ...callbacks.applicationEvents]).toContain(parsed.data?.event_type)
    }
    // application.transcription_ready: its transcript is what the product stores, without the prompt.
    const ready = callbacks.examples.find(
      (e: Json) => e.event_type === 'application.transcription_ready',
    ) as Json
    expect(schemaErrors({}, callbacks.transcriptionReadyProperties, ready.properties)).toEqual([])
    const transcript = TavusTranscript.parse((ready.properties as Json).transcript)
    expect(transcriptLines(transcript)).toEqual([
      { sender: 'USER', text: 'Hi.' },
      { sender: 'CLONE', text: "How's it going?" },
    ])
    // The same event among a verbose GET's events, or the document's top-level transcript.
    expect(transcriptOfConversation({ events: [ready] })).toEqual(transcript)
    expect(transcriptOfConversation({ transcript: transcript })).toEqual(transcript)
    expect(transcriptOfConversation({ status: 'active' })).toBeNull()
    // What the Tavus tests post (tavus.test.ts) is of the same structure.
    const posted = {
      event_type: 'system.replica_joined',
      message_type: 'system',
      conversation_id: 'c1',
      properties: { replica_id: 'r1' },
      timestamp: '2026-01-01T10:00:00.000Z',
    }
    expect(schemaErrors({}, callbacks.structure, posted)).toEqual([])
  })
})

// ---------------------------------------------------------------- Daily
describe('Daily (@daily-co/daily-js index.d.ts)', () => {
  const daily = providerDocument('daily', 'daily-js.json')

  it('the engine listens only to events the call object emits', () => {
    expect(daily.events).toEqual(expect.arrayContaining([...DAILY_EVENT_NAMES]))
    expect(daily.events).not.toContain('no-such-event')
  })

  it('the engine calls only methods the call object has', () => {
    const source = readFileSync(
      join(__dirname, '../../renderer/src/features/video/daily/daily-engine.ts'),
      'utf8',
    )
    const body = source.match(/export interface DailyCallClient \{([\s\S]*?)\n\}/)?.[1] ?? ''
    const methods = [...body.matchAll(/^ {2}(\w+)\??\(/gm)].map((m) => m[1])
    expect(methods.length).toBeGreaterThan(10)
    expect(daily.callMethods).toEqual(expect.arrayContaining(methods))
  })

  it('recording options are documented startRecording options', () => {
    const schema = daily.schemas['DailyStreamingOptions<recording,start>']
    for (const logo of [null, 'https://likeness.example/logo.png'])
      expect(
        schemaErrors({}, schema, recordingOptions('22222222-2222-4222-8222-222222222222', logo)),
      ).toEqual([])
    expect(schemaErrors({}, schema, { type: 'cloud', instanceID: 'x' })).not.toEqual([])
    expect(schemaErrors({}, schema, { type: 'hd' })).not.toEqual([])
  })

  it('transcription settings are documented startTranscription options', () => {
    const settings = {
      language: 'de',
      endpointing: VIDEO_TRANSCRIPTION_ENDPOINTING_MS,
      profanity_filter: false,
    }
    expect(schemaErrors({}, daily.schemas.DailyTranscriptionDeepgramOptions, settings)).toEqual([])
    expect(
      schemaErrors({}, daily.schemas.DailyTranscriptionDeepgramOptions, { profanityFilter: false }),
    ).not.toEqual([])
  })
})
