import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { periodStartOf } from '../../server/billing/quota'
import { callSecret, vapiKeysOf } from '../../server/calls/vapi/vapi-secrets'
import { openVoiceCall } from '../../server/calls/voice-call-store'
import { clones } from '../../server/db/schema'
import { createTestApp, type TestApp } from './helpers'
import { providerDocument, schemaErrors } from './provider-contract-helpers'

/*
 * Issue #27 part 5: Vapi reads our custom-LLM endpoint's answer with an OpenAI client, so each streamed chunk
 * and the whole answer must be what OpenAI's published OpenAPI says (test/fixtures/providers/openai).
 */

const openai = providerDocument('openai', 'openapi.json')
const schemas = openai.components.schemas

describe('the custom-LLM endpoint answers in OpenAI’s documented shapes', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp({
      env: {
        PUBLIC_URL: 'https://likeness.example',
        VAPI_PUBLIC_KEY: 'vapi-public-contract',
        VAPI_PRIVATE_KEY: 'vapi-private-contract',
      },
    })
  })
  afterAll(() => t.close())

  async function ask(stream: boolean) {
    const [clone] = await t.db.select().from(clones).where(eq(clones.slug, 'lena-hart'))
    const startedAt = new Date()
    const call = await openVoiceCall(t.db, {
      cloneId: clone!.id,
      instanceId: null,
      userId: null,
      visitorId: 'visitor-contract',
      ledger: { subject: 'visitor:visitor-contract', periodStart: periodStartOf(startedAt), scope: null },
      language: 'en',
      provider: 'vapi',
      startedAt,
    })
    const binding = { callId: call.id, conversationId: call.conversationId, cloneSlug: 'lena-hart' }
    const body = {
      model: 'lena-hart',
      stream,
      messages: [
        { role: 'system', content: 'You are Lena.' },
        { role: 'assistant', content: 'Hi, I am Lena.' },
        { role: 'user', content: 'How do I sleep better?' },
      ],
    }
    // What Vapi sends is OpenAI's request (plus its metadata and call).
    expect(schemaErrors(openai, schemas.CreateChatCompletionRequest, body)).toEqual([])
    return t.app.inject({
      method: 'POST',
      url: '/api/interactions/vapi/chat/completions',
      headers: { 'x-vapi-secret': callSecret(vapiKeysOf(t.config)!.llmSecret, binding) },
      payload: {
        ...body,
        metadata: { ...binding, medium: 'BROWSER_VOICE' },
        call: { id: `vapi-${call.id}` },
      },
    })
  }

  it('streamed: every chunk is a documented chat.completion.chunk', async () => {
    const res = await ask(true)
    expect(res.statusCode, res.body).toBe(200)
    const data = res.body
      .split('\n\n')
      .filter((l) => l.startsWith('data: '))
      .map((l) => l.slice(6))
    expect(data.at(-1)).toBe('[DONE]')
    const chunks = data.slice(0, -1).map((d) => JSON.parse(d))
    expect(chunks.length).toBeGreaterThan(1)
    for (const chunk of chunks)
      expect(schemaErrors(openai, schemas.CreateChatCompletionStreamResponse, chunk)).toEqual([])
  })

  it('whole: the answer is a documented chat.completion', async () => {
    const res = await ask(false)
    expect(res.statusCode, res.body).toBe(200)
    expect(schemaErrors(openai, schemas.CreateChatCompletionResponse, res.json())).toEqual([])
  })
})
