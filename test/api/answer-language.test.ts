import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type ChatMessage, StartVoiceCallResponse } from '../../contract'
import { VISITOR_COOKIE } from '../../server/auth/visitor'
import { brainTexts, languageName } from '../../server/brain/answer-language'
import { KnowledgeIndexCache } from '../../server/brain/knowledge-index'
import { OFF_TOPIC_OPENING, topicsToName } from '../../server/brain/small-talk'
import type { Db } from '../../server/db/client'
import { clones } from '../../server/db/schema'
import { parseStreamEvents } from './chat-helpers'
import { createTestApp, type TestApp } from './helpers'

/*
 * Issue #25 item 6: the clone answers in the visitor's language (the chat's Accept-Language, a call's
 * language) when its enableMultiLanguage option is on, and in its own language when it is off. Lena Hart,
 * the seed's English clone, is the clone here; each test sets her option.
 */

async function setMultiLanguage(db: Db, on: boolean) {
  const [lena] = await db.select().from(clones).where(eq(clones.slug, 'lena-hart'))
  await db
    .update(clones)
    .set({ options: { ...lena!.options, enableMultiLanguage: on } })
    .where(eq(clones.id, lena!.id))
}

let visitors = 0
const newVisitor = () => `langvisitor${String(++visitors).padStart(8, '0')}`

interface Asked {
  message: ChatMessage
  tokens: string[]
}

/** One chat message from `visitor`, whose interface is in `language` (the web app's Accept-Language). */
async function ask(
  t: TestApp,
  text: string,
  { language, visitor, conversationId }: { language: string; visitor: string; conversationId?: string },
): Promise<Asked> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/clone/talk/messages/stream',
    payload: { slug: 'lena-hart', text, ...(conversationId ? { conversationId } : {}) },
    headers: { 'accept-language': language, cookie: `${VISITOR_COOKIE}=${visitor}` },
  })
  expect(res.statusCode, res.body).toBe(200)
  const events = parseStreamEvents(res.body)
  const final = events.at(-1)
  if (!final || !('message' in final)) throw new Error(`no final message: ${res.body.slice(-500)}`)
  return {
    message: final.message,
    tokens: events.flatMap((e) => ('current_token' in e ? [e.current_token] : [])),
  }
}

const QUESTION = 'What temperature should my bedroom be for sleep?'
const FOLLOW_UP = 'How long should I nap?'

/** An OpenAI-compatible model that writes Spanish only when its system prompt tells it to. */
class LanguageAwareLlm {
  readonly systemPrompts: string[] = []
  private readonly server = http.createServer((req, res) => {
    let raw = ''
    req.on('data', (chunk: Buffer) => {
      raw += chunk.toString('utf8')
    })
    req.on('end', () => {
      const body = JSON.parse(raw) as { messages: { role: string; content: string }[]; stream?: boolean }
      const system = body.messages.find((m) => m.role === 'system')?.content ?? ''
      this.systemPrompts.push(system)
      const answer = system.includes('Answer in Spanish')
        ? 'Hola, mantén el dormitorio entre 16 y 19 °C [1].'
        : 'Hello, keep the bedroom at 16 to 19 °C [1].'
      if (body.stream === false) {
        res.writeHead(200, { 'content-type': 'application/json' })
        return void res.end(JSON.stringify({ choices: [{ message: { content: 'Bedroom' } }] }))
      }
      res.writeHead(200, { 'content-type': 'text/event-stream' })
      for (const part of answer.match(/\S+\s*/g) ?? [])
        res.write(`data: ${JSON.stringify({ choices: [{ index: 0, delta: { content: part } }] })}\n\n`)
      res.end('data: [DONE]\n\n')
    })
  })

  async start(): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve))
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/v1`
  }

  stop(): Promise<void> {
    this.server.closeAllConnections()
    return new Promise((resolve) => this.server.close(() => resolve()))
  }
}

describe('with a language model configured', () => {
  const llm = new LanguageAwareLlm()
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp({
      env: { LLM_BASE_URL: await llm.start(), LLM_API_KEY: 'sk-test', LLM_MODEL: 'test-model' },
    })
  })
  afterAll(async () => {
    await t.close()
    await llm.stop()
  })

  it('tells the model to answer in the visitor’s language when the clone follows it', async () => {
    await setMultiLanguage(t.db, true)
    llm.systemPrompts.length = 0
    const { message, tokens } = await ask(t, QUESTION, { language: 'es', visitor: newVisitor() })
    // Told once, in one sentence, naming the language in English.
    expect(llm.systemPrompts.at(-1)).toContain('Answer in Spanish, whatever the language of the sources.')
    expect(llm.systemPrompts.at(-1)).not.toContain('Always answer in')
    expect(message.text).toMatch(/^Hola, /)
    expect(tokens.join('')).toBe(message.text)
  })

  it('tells the model to keep the clone’s own language when enableMultiLanguage is off', async () => {
    await setMultiLanguage(t.db, false)
    llm.systemPrompts.length = 0
    const { message } = await ask(t, QUESTION, { language: 'es', visitor: newVisitor() })
    expect(llm.systemPrompts.at(-1)).toContain(
      'Always answer in English, even when the visitor writes in another language.',
    )
    expect(llm.systemPrompts.at(-1)).not.toContain('Answer in Spanish')
    expect(message.text).toMatch(/^Hello, /)
  })
})

describe('the local composer', () => {
  let t: TestApp
  let topics: string[]
  beforeAll(async () => {
    t = await createTestApp()
    const [lena] = await t.db.select().from(clones).where(eq(clones.slug, 'lena-hart'))
    topics = topicsToName((await new KnowledgeIndexCache(t.db).get(lena!.id)).topics)
  })
  afterAll(() => t.close())

  const es = () => brainTexts('es')
  const note = () => es().materialLanguage(languageName('en', 'es'))
  const spanishList = () => new Intl.ListFormat('es', { type: 'conjunction' }).format(topics)

  it('says once, in the visitor’s language, that its material is in English, and quotes it as written', async () => {
    await setMultiLanguage(t.db, true)
    const visitor = newVisitor()
    const first = await ask(t, QUESTION, { language: 'es', visitor })
    expect(first.message.text.startsWith(`${note()}\n\n`), first.message.text).toBe(true)
    // The material itself, as written, with its marker.
    expect(first.message.text).toMatch(/°C[^\n]*\[1\]/)
    expect(first.message.citations.length).toBeGreaterThan(0)

    const second = await ask(t, FOLLOW_UP, {
      language: 'es',
      visitor,
      conversationId: first.message.conversationId,
    })
    expect(second.message.conversationId).toBe(first.message.conversationId)
    expect(second.message.text).not.toContain(note())
    expect(second.message.text).toMatch(/\[1\]/)

    // A new conversation says it again.
    const again = await ask(t, FOLLOW_UP, { language: 'es', visitor })
    expect(again.message.text.startsWith(note())).toBe(true)
  })

  it('writes small talk and the honest ‘not in my material’ from its table, in the visitor’s language', async () => {
    await setMultiLanguage(t.db, true)
    const hello = await ask(t, 'hi', { language: 'es', visitor: newVisitor() })
    expect(hello.message.text).toBe(es().hello('Lena', spanishList()))
    const offTopic = await ask(t, 'What is the capital of Peru?', { language: 'es', visitor: newVisitor() })
    expect(offTopic.message.text).toBe(es().offTopicWithTopics(spanishList()))
    expect(offTopic.message.citations).toEqual([])
    // Neither quotes material: no note about its language.
    expect(hello.message.text).not.toContain(note())
    expect(offTopic.message.text).not.toContain(note())
  })

  it('answers an English visitor exactly as before, and keeps English when enableMultiLanguage is off', async () => {
    await setMultiLanguage(t.db, false)
    const before = {
      answer: (await ask(t, QUESTION, { language: 'en', visitor: newVisitor() })).message.text,
      spanishVisitor: (await ask(t, QUESTION, { language: 'es', visitor: newVisitor() })).message.text,
      hello: (await ask(t, 'hi', { language: 'es', visitor: newVisitor() })).message.text,
      offTopic: (await ask(t, 'What is the capital of Peru?', { language: 'es', visitor: newVisitor() }))
        .message.text,
    }
    const englishList = new Intl.ListFormat('en-GB', { type: 'conjunction' }).format(topics)
    // Off: the clone's own language whatever the visitor's, no note (the material is in it).
    expect(before.spanishVisitor).toBe(before.answer)
    expect(before.hello).toBe(
      `Hi! I’m Lena. Ask me anything about ${englishList}, and I’ll answer from my own material.`,
    )
    expect(before.offTopic).toBe(`${OFF_TOPIC_OPENING} I can help with things like ${englishList}.`)

    await setMultiLanguage(t.db, true)
    const english = await ask(t, QUESTION, { language: 'en-US,en;q=0.9', visitor: newVisitor() })
    expect(english.message.text).toBe(before.answer)
    expect((await ask(t, 'hi', { language: 'en', visitor: newVisitor() })).message.text).toBe(before.hello)
  })

  it('answers a call in the call’s language', async () => {
    await setMultiLanguage(t.db, true)
    const visitor = newVisitor()
    const headers = { cookie: `${VISITOR_COOKIE}=${visitor}` }
    const started = await t.app.inject({
      method: 'POST',
      url: '/api/calls/voice',
      headers,
      payload: { slug: 'lena-hart', userPreferredLanguage: 'es' },
    })
    expect(started.statusCode, started.body).toBe(200)
    const call = StartVoiceCallResponse.parse(started.json())
    const turn = await t.app.inject({
      method: 'POST',
      url: `/api/calls/voice/${call.callId}/turns`,
      headers,
      payload: { text: QUESTION },
    })
    expect(turn.statusCode, turn.body).toBe(200)
    const final = parseStreamEvents(turn.body).at(-1)
    if (!final || !('message' in final)) throw new Error(turn.body)
    expect(final.message.text.startsWith(`${note()}\n\n`)).toBe(true)
  })
})
