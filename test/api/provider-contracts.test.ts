import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createStripePayments } from '../../server/billing/stripe'
import { OpenAiCompatibleClient } from '../../server/brain/openai-client'
import { TelegramUpdate, TwilioMessage } from '../../server/routes/texting-webhooks'
import { createTelegramBot } from '../../server/texting/telegram'
import { createTwilioTexts } from '../../server/texting/twilio'
import { createOpenAiTranscriber, fromVerboseJson } from '../../server/transcription/openai-transcriber'
import { createElevenLabsTts, timingOfAlignment } from '../../server/tts/elevenlabs'
import {
  bodyOf,
  CaptureServer,
  formToObject,
  type Json,
  providerDocument,
  requestErrors,
  schemaErrors,
} from './provider-contract-helpers'

/*
 * Issue #27 part 5: every request the product builds to Stripe, Twilio, Telegram, OpenAI-compatible
 * endpoints and ElevenLabs, checked against the providers' published documents (test/fixtures/providers,
 * each with its source), and every webhook body it parses against what the provider documents it sends.
 * A field the document does not list fails. Vapi, Tavus and Daily: provider-contracts-calls.test.ts.
 */

// ---------------------------------------------------------------- Stripe
describe('Stripe (stripe-node types of the published OpenAPI)', () => {
  const doc = providerDocument('stripe', 'stripe-node-types.json')
  const server = new CaptureServer((r) =>
    r.path === '/v1/checkout/sessions'
      ? {
          json: {
            id: 'cs_test_1',
            object: 'checkout.session',
            url: 'https://checkout.stripe.com/c/pay/cs_test_1',
          },
        }
      : { json: { id: 'sub_1', object: 'subscription' } },
  )
  beforeAll(() => server.start())
  afterAll(() => server.stop())

  /** The operation (method and path template) and its parameters, as Stripe's library declares them. */
  function stripeErrors(method: string, path: string, params: Json): string[] {
    const template = path.replace(/^\/v1\/subscriptions\/[^/]+$/, '/v1/subscriptions/{id}')
    const name = doc.operations[`${method} ${template}`]
    if (!name) return [`${method} ${path} is no Stripe operation`]
    return schemaErrors({}, doc.schemas[name], params, { form: true })
  }

  it('builds checkout, update and cancel requests Stripe documents', async () => {
    const payments = createStripePayments({ secretKey: 'sk_test_x', baseUrl: `${server.url}/v1` })
    const input = {
      checkoutId: 'chk_1',
      clientSecret: 'secret',
      membershipName: 'Gold',
      cloneName: 'Lena',
      basis: 'annual' as const,
      amountCents: 4900,
      customerEmail: 'ada@example.com',
      customerId: null,
      successUrl: 'https://likeness.example/ok',
      cancelUrl: 'https://likeness.example/cancel',
    }
    await payments.startCheckout(input)
    await payments.startCheckout({ ...input, basis: 'monthly' as never, customerId: 'cus_1' })
    await payments.setCancelAtPeriodEnd('sub_1', true)
    await payments.cancelNow('sub_1')
    const requests = server.take()
    expect(requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      'POST /v1/checkout/sessions',
      'POST /v1/checkout/sessions',
      'POST /v1/subscriptions/sub_1',
      'DELETE /v1/subscriptions/sub_1',
    ])
    for (const r of requests) {
      const params = formToObject(r.method === 'DELETE' ? r.query : new URLSearchParams(r.body.toString()))
      expect(stripeErrors(r.method, r.path, params), `${r.method} ${r.path}`).toEqual([])
    }
  })

  it('the checker refuses a parameter Stripe does not list', () => {
    expect(
      stripeErrors(
        'POST',
        '/v1/checkout/sessions',
        formToObject([['line_items[0][price_data][colour]', 'red']]),
      ),
    ).not.toEqual([])
    expect(
      stripeErrors(
        'POST',
        '/v1/checkout/sessions',
        formToObject([['line_items[0][price_data][recurring][interval]', 'decade']]),
      ),
    ).not.toEqual([])
  })

  /** The data.object of each event the webhook handles, as the Stripe tests send them (stripe.test.ts). */
  const eventObjects: [string, string, Json][] = [
    ['checkout.session.completed', 'Session', { id: 'cs_test_1', subscription: 'sub_1', customer: 'cus_42' }],
    ['checkout.session.expired', 'Session', { id: 'cs_test_3' }],
    ['customer.subscription.deleted', 'Subscription', { id: 'sub_1' }],
    // Stripe's current shape: the period is on each item (since API 2025-03-31), not on the subscription.
    [
      'customer.subscription.updated',
      'Subscription',
      {
        id: 'sub_1',
        status: 'active',
        cancel_at_period_end: true,
        items: {
          object: 'list',
          data: [{ id: 'si_1', current_period_start: 1_760_000_000, current_period_end: 1_762_600_000 }],
        },
      },
    ],
  ]
  it.each(eventObjects)('%s carries a documented %s', (_type, schema, object) => {
    expect(schemaErrors({}, doc.schemas[schema], object)).toEqual([])
  })

  it("the item's period is the one Stripe documents", () => {
    expect(Object.keys(doc.schemas.SubscriptionItem.properties)).toEqual(
      expect.arrayContaining(['current_period_start', 'current_period_end']),
    )
  })
})

// ---------------------------------------------------------------- Twilio
describe('Twilio (twilio-oai api_v2010)', () => {
  const doc = providerDocument('twilio', 'api_v2010_messages.json')
  const server = new CaptureServer(() => ({ status: 201, json: { sid: 'SM1', status: 'queued' } }))
  beforeAll(() => server.start())
  afterAll(() => server.stop())

  it('sends SMS and WhatsApp with documented form fields', async () => {
    const twilio = createTwilioTexts({
      accountSid: 'AC123',
      authToken: 'token',
      smsFrom: '+15005550006',
      whatsappFrom: '+15005550007',
      baseUrl: server.url,
    })
    await twilio.send({ channel: 'sms', to: '+14155550100', text: 'Hello' })
    await twilio.send({ channel: 'whatsapp', to: '+14155550100', text: 'Hello' })
    const requests = server.take()
    expect(requests).toHaveLength(2)
    for (const r of requests) {
      expect(r.path).toBe('/2010-04-01/Accounts/AC123/Messages.json')
      expect(await requestErrors(doc, r)).toEqual([])
    }
  })

  it('the checker refuses a form field Twilio does not list', async () => {
    const errors = await requestErrors(doc, {
      method: 'POST',
      path: '/2010-04-01/Accounts/AC1/Messages.json',
      query: new URLSearchParams(),
      headers: {},
      body: Buffer.from('To=%2B1&Text=hi'),
      contentType: 'application/x-www-form-urlencoded',
    })
    expect(errors.join()).toContain('Text')
  })

  // https://www.twilio.com/docs/messaging/guides/webhook-request (modified 2026-03-09): the parameters of an
  // incoming SMS or WhatsApp message (media, location and button parameters left out: the product reads none).
  const DOCUMENTED_INBOUND = [
    'MessageSid',
    'SmsSid',
    'SmsMessageSid',
    'AccountSid',
    'MessagingServiceSid',
    'From',
    'To',
    'Body',
    'NumMedia',
    'NumSegments',
    'ApiVersion',
    'SmsStatus',
    'FromCity',
    'FromState',
    'FromZip',
    'FromCountry',
    'ToCity',
    'ToState',
    'ToZip',
    'ToCountry',
    'ProfileName',
    'WaId',
    'ReferralNumMedia',
  ]
  it('reads only documented inbound fields, and accepts a documented inbound form', () => {
    expect(DOCUMENTED_INBOUND).toEqual(expect.arrayContaining(Object.keys(TwilioMessage.shape)))
    const documented = {
      ToCountry: 'US',
      SmsMessageSid: 'SM1',
      NumMedia: '0',
      ToZip: '94105',
      SmsSid: 'SM1',
      FromState: 'CA',
      SmsStatus: 'received',
      FromCity: 'SAN FRANCISCO',
      Body: 'Hello',
      FromCountry: 'US',
      To: '+15005550006',
      ToCity: 'SAN FRANCISCO',
      FromZip: '94105',
      NumSegments: '1',
      MessageSid: 'SM1',
      AccountSid: 'AC1',
      From: '+14155550100',
      ApiVersion: '2010-04-01',
    }
    expect(DOCUMENTED_INBOUND).toEqual(expect.arrayContaining(Object.keys(documented)))
    expect(TwilioMessage.safeParse(documented).success).toBe(true)
  })
})

// ---------------------------------------------------------------- Telegram
describe('Telegram Bot API (core.telegram.org/bots/api)', () => {
  const api = providerDocument('telegram', 'bot-api.json')
  /** A Telegram type or method's fields as a JSON schema (types in the document's own words). */
  type Entry = { fields: { name: string; types: string[]; required: boolean }[] }
  /** Nested types to two levels (a Message holds Messages): deeper ones accept anything. */
  const schemaOf = (entry: Entry, depth = 0): Json => ({
    type: 'object',
    properties: Object.fromEntries(
      entry.fields.map((f) => [f.name, { anyOf: f.types.map((t) => typeSchema(t, depth + 1)) }]),
    ),
    required: entry.fields.filter((f) => f.required).map((f) => f.name),
    additionalProperties: false,
  })
  const typeSchema = (t: string, depth: number): Json => {
    if (t.startsWith('Array of ')) return { type: 'array', items: typeSchema(t.slice(9), depth) }
    if (t === 'Integer') return { type: 'integer' }
    if (t === 'Float') return { type: 'number' }
    if (t === 'String') return { type: 'string' }
    if (t === 'Boolean') return { type: 'boolean' }
    if (t === 'True') return { const: true }
    return api.types[t] && depth < 3 ? schemaOf(api.types[t], depth) : {}
  }
  const server = new CaptureServer(() => ({ json: { ok: true, result: { message_id: 1 } } }))
  beforeAll(() => server.start())
  afterAll(() => server.stop())

  it('sendMessage carries documented fields', async () => {
    await createTelegramBot({ token: '123:ABC', baseUrl: server.url }).send({
      channel: 'telegram',
      to: '4242',
      text: 'Hello',
    })
    const [request] = server.take()
    expect(request?.path).toBe('/bot123:ABC/sendMessage')
    expect(schemaErrors({}, schemaOf(api.methods.sendMessage), await bodyOf(request!))).toEqual([])
    expect(schemaErrors({}, schemaOf(api.methods.sendMessage), { chat_id: 1, txt: 'x' })).not.toEqual([])
  })

  /** An Update as the Bot API documents it: every required field of Message, Chat and User. */
  const documentedUpdate = {
    update_id: 10001,
    message: {
      message_id: 7,
      date: 1_764_400_000,
      chat: { id: 4242, type: 'private', first_name: 'Ada', username: 'ada_tg' },
      from: { id: 4242, is_bot: false, first_name: 'Ada', username: 'ada_tg', language_code: 'de' },
      text: '/start abc_DEF-123',
      entities: [{ type: 'bot_command', offset: 0, length: 6 }],
    },
  }
  it('the product parses a documented Update', () => {
    expect(schemaErrors({}, schemaOf(api.types.Update), documentedUpdate)).toEqual([])
    const parsed = TelegramUpdate.safeParse(documentedUpdate)
    expect(parsed.success).toBe(true)
    expect(parsed.data?.message?.from?.language_code).toBe('de')
  })

  it('the fields the product reads exist where it reads them', () => {
    const names = (t: string) => api.types[t].fields.map((f: { name: string }) => f.name)
    expect(names('Update')).toEqual(expect.arrayContaining(['update_id', 'message']))
    expect(names('Message')).toEqual(expect.arrayContaining(['message_id', 'chat', 'from', 'text']))
    expect(names('User')).toEqual(expect.arrayContaining(['username', 'language_code']))
    expect(names('Chat')).toEqual(expect.arrayContaining(['id']))
  })
})

// ---------------------------------------------------------------- OpenAI-compatible
describe('OpenAI (openai-openapi): transcription and chat completions', () => {
  const doc = providerDocument('openai', 'openapi.json')
  const verbose = {
    language: 'english',
    duration: 2.4,
    text: 'Hello there.',
    segments: [
      {
        id: 0,
        seek: 0,
        start: 0,
        end: 2.4,
        text: 'Hello there.',
        tokens: [50364, 2425],
        temperature: 0,
        avg_logprob: -0.2,
        compression_ratio: 0.9,
        no_speech_prob: 0.01,
      },
    ],
  }
  const chunk = (content: string) => ({
    id: 'chatcmpl-1',
    object: 'chat.completion.chunk',
    created: 1_764_400_000,
    model: 'gpt-test',
    choices: [{ index: 0, delta: { role: 'assistant', content }, finish_reason: null }],
  })
  const server = new CaptureServer((r) =>
    r.path.endsWith('/audio/transcriptions')
      ? { json: verbose }
      : {
          contentType: 'text/event-stream',
          body: `data: ${JSON.stringify(chunk('Hi'))}\n\ndata: [DONE]\n\n`,
        },
  )
  beforeAll(() => server.start())
  afterAll(() => server.stop())

  it('transcription posts a documented multipart form', async () => {
    const transcriber = createOpenAiTranscriber({
      baseUrl: `${server.url}/v1`,
      apiKey: 'k',
      model: 'whisper-1',
    })
    const result = await transcriber.transcribe(
      { audio: Buffer.from('RIFF'), mimeType: 'audio/webm', filename: 'memo.webm', language: 'fil' },
      undefined,
    )
    expect(result.text).toBe('Hello there.')
    const [request] = server.take()
    expect(await requestErrors(doc, request!, '/v1')).toEqual([])
  })

  it('the verbose_json answer the tests fake is the documented one, and is read', () => {
    expect(schemaErrors(doc, doc.components.schemas.CreateTranscriptionResponseVerboseJson, verbose)).toEqual(
      [],
    )
    expect(fromVerboseJson(verbose).no_speech_prob).toBe(0.01)
  })

  it('chat completions: streamed and whole requests are documented', async () => {
    const client = new OpenAiCompatibleClient({ baseUrl: `${server.url}/v1`, apiKey: 'k', model: 'gpt-test' })
    const tokens: string[] = []
    const signal = new AbortController().signal
    for await (const t of client.stream(
      [
        { role: 'system', content: 'You are Lena.' },
        { role: 'user', content: 'Hi' },
        { role: 'assistant', content: 'Hello' },
        {
          role: 'user',
          content: [
            { type: 'text', text: 'What is this?' },
            { type: 'image_url', image_url: { url: 'data:image/png;base64,iVBORw0KGgo=' } },
          ],
        },
      ] as never,
      signal,
    ))
      tokens.push(t)
    expect(tokens).toEqual(['Hi'])
    await client.complete([{ role: 'user', content: 'Title?' }], signal).catch(() => {})
    const requests = server.take()
    expect(requests).toHaveLength(2)
    for (const r of requests) expect(await requestErrors(doc, r, '/v1'), r.path).toEqual([])
    expect(schemaErrors(doc, doc.components.schemas.CreateChatCompletionStreamResponse, chunk('Hi'))).toEqual(
      [],
    )
  })

  it('the checker refuses a chat field OpenAI does not list', async () => {
    const errors = await requestErrors(
      doc,
      {
        method: 'POST',
        path: '/v1/chat/completions',
        query: new URLSearchParams(),
        headers: {},
        body: Buffer.from(
          JSON.stringify({ model: 'm', messages: [{ role: 'user', content: 'x' }], maxTokens: 5 }),
        ),
        contentType: 'application/json',
      },
      '/v1',
    )
    expect(errors.join()).toContain('maxTokens')
  })
})

// ---------------------------------------------------------------- ElevenLabs
describe('ElevenLabs (elevenlabs-docs OpenAPI)', () => {
  const doc = providerDocument('elevenlabs', 'openapi.json')
  const server = new CaptureServer((r) =>
    r.path.endsWith('/with-timestamps')
      ? {
          json: {
            audio_base64: Buffer.from('mp3').toString('base64'),
            alignment: {
              characters: ['H', 'i'],
              character_start_times_seconds: [0, 0.1],
              character_end_times_seconds: [0.1, 0.2],
            },
          },
        }
      : { contentType: 'audio/mpeg', body: 'mp3' },
  )
  beforeAll(() => server.start())
  afterAll(() => server.stop())

  it('text to speech (plain and with timestamps) is documented', async () => {
    const tts = createElevenLabsTts({ apiKey: 'xi', baseUrl: server.url })
    const request = {
      text: 'Hi',
      voiceId: 'voice-1',
      language: 'de',
      speed: 1.1,
      stability: 0.5,
      pronunciations: [],
    }
    await tts.synthesize(request as never)
    await tts.synthesize({ ...request, timing: true } as never)
    const requests = server.take()
    expect(requests.map((r) => r.path)).toEqual([
      '/v1/text-to-speech/voice-1',
      '/v1/text-to-speech/voice-1/with-timestamps',
    ])
    for (const r of requests) expect(await requestErrors(doc, r), r.path).toEqual([])
  })

  it('the with-timestamps answer the fake gives is the documented one, and its alignment is read', async () => {
    const answer = {
      audio_base64: Buffer.from('mp3').toString('base64'),
      alignment: {
        characters: ['H', 'i'],
        character_start_times_seconds: [0, 0.1],
        character_end_times_seconds: [0.1, 0.2],
      },
      normalized_alignment: {
        characters: ['H', 'i'],
        character_start_times_seconds: [0, 0.1],
        character_end_times_seconds: [0.1, 0.2],
      },
    }
    expect(schemaErrors(doc, doc.components.schemas.AudioWithTimestampsResponseModel, answer)).toEqual([])
    expect(timingOfAlignment(answer.alignment)?.marks).toEqual([
      ['H', 0, 100],
      ['i', 100, 200],
    ])
  })

  it('the checker refuses a voice setting ElevenLabs does not list', async () => {
    const errors = await requestErrors(doc, {
      method: 'POST',
      path: '/v1/text-to-speech/v',
      query: new URLSearchParams({ output_format: 'mp3_44100_128' }),
      headers: {},
      body: Buffer.from(JSON.stringify({ text: 'x', voice_settings: { similarityBoost: 1 } })),
      contentType: 'application/json',
    })
    expect(errors.join()).toContain('similarityBoost')
  })
})
