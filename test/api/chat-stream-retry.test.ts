import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type ChatMessage, ConversationWithMessages, type StreamEvent } from '../../contract'
import { VISITOR_COOKIE } from '../../server/auth/visitor'
import type { Answerer, AnswerInput } from '../../server/brain/answerer'
import { LocalAnswerer } from '../../server/brain/local-answerer'
import {
  beginAnswer,
  CLIENT_ID_TAKEN,
  interruptAnswer,
  recoverInterruptedAnswers,
} from '../../server/chat/answer-store'
import { QuestionAlreadyStored } from '../../server/chat/conversation-store'
import { conversations, messages } from '../../server/db/schema'
import { cloneIdOf } from '../../server/seed'
import { eventually } from '../support/eventually'
import { parseStreamEvents } from './chat-helpers'
import { createTestApp, type TestApp } from './helpers'

/** Answers with the local brain, unless a test holds the first token back or makes it fail. */
class ControlledAnswerer implements Answerer {
  inner: Answerer = new LocalAnswerer(0)
  /** While set, the answer waits for it before its first token. */
  gate: Promise<void> | null = null
  failAfter: string[] | null = null

  async *answer(input: AnswerInput, signal: AbortSignal): AsyncIterable<string> {
    if (this.gate) await this.gate
    if (this.failAfter) {
      yield* this.failAfter
      throw new Error('the provider fell over')
    }
    yield* this.inner.answer(input, signal)
  }
}

const QUESTION = 'How late in the day can I drink coffee without hurting my sleep?'
let ids = 0
/** A fresh client message id (a uuid v4 shape), as the web app makes one per question. */
const clientId = () => `6f1c2d3e-4b5a-4c6d-8e7f-${String(++ids).padStart(12, '0')}`

describe('chat stream: the question is stored first, retries are idempotent', () => {
  const answerer = new ControlledAnswerer()
  let t: TestApp
  let port: number
  beforeAll(async () => {
    t = await createTestApp({ answerer })
    await t.app.listen({ port: 0, host: '127.0.0.1' })
    port = (t.app.server.address() as AddressInfo).port
  })
  afterAll(() => t.close())

  const cookie = (visitor?: string) => (visitor ? { cookie: `${VISITOR_COOKIE}=${visitor}` } : {})

  async function ask(payload: Record<string, unknown>, visitor?: string) {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/clone/talk/messages/stream',
      payload: { slug: 'lena-hart', text: QUESTION, ...payload },
      headers: cookie(visitor),
    })
    const events = res.statusCode === 200 ? parseStreamEvents(res.body) : []
    const final = events.find((e): e is Extract<StreamEvent, { message: ChatMessage }> => 'message' in e)
    return {
      status: res.statusCode,
      body: res.body,
      events,
      tokens: events.filter((e) => 'current_token' in e).length,
      final,
      visitor: res.cookies.find((c) => c.name === VISITOR_COOKIE)?.value ?? visitor,
    }
  }

  async function read(conversationId: string, visitor?: string) {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/clone/talk/conversations/${conversationId}`,
      headers: cookie(visitor),
    })
    expect(res.statusCode, res.body).toBe(200)
    return ConversationWithMessages.parse(res.json())
  }

  async function usedMessages(visitor: string) {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/usage?slug=lena-hart',
      headers: cookie(visitor),
    })
    return (res.json() as { usage: { messages: number } }).usage.messages
  }

  const questionsStored = async (id: string) =>
    (await t.db.select().from(messages).where(eq(messages.clientMessageId, id))).length

  it('stores the question and announces it before the first token; the answer is not complete until delivered', async () => {
    let release!: () => void
    answerer.gate = new Promise((resolve) => {
      release = resolve
    })
    const id = clientId()
    const seen: StreamEvent[] = []
    let visitor: string | undefined
    let ended!: () => void
    const done = new Promise<void>((resolve) => {
      ended = resolve
    })
    const req = http.request(
      { host: '127.0.0.1', port, method: 'POST', path: '/api/clone/talk/messages/stream' },
      (res) => {
        visitor = /lk_visitor=([^;]+)/.exec(String(res.headers['set-cookie']))?.[1]
        let body = ''
        res.setEncoding('utf8')
        res.on('data', (chunk: string) => {
          body += chunk
          seen.splice(0, seen.length, ...parseStreamEvents(body))
        })
        res.on('end', ended)
      },
    )
    req.setHeader('content-type', 'application/json')
    req.end(JSON.stringify({ slug: 'lena-hart', text: QUESTION, clientMessageId: id }))
    try {
      await eventually(() => expect(seen.length).toBeGreaterThan(0))
      const [first] = seen
      expect(first).toMatchObject({ accepted: { userMessage: { text: QUESTION, clientMessageId: id } } })
      const { conversationId } = (first as Extract<StreamEvent, { accepted: unknown }>).accepted

      // No token has been written, and the conversation already holds the question.
      const open = await read(conversationId, visitor)
      expect(open.messages.map((m) => [m.sender, m.text, m.status])).toEqual([
        ['USER', QUESTION, 'complete'],
        ['CLONE', '', 'streaming'],
      ])
      expect(seen.some((e) => 'current_token' in e)).toBe(false)
    } finally {
      answerer.gate = null
      release()
    }
    await done
    const final = seen.at(-1)
    expect(final).toHaveProperty('message.status', 'complete')
    const conversationId = (final as Extract<StreamEvent, { message: ChatMessage }>).message.conversationId
    const after = await read(conversationId, visitor)
    expect(after.messages.map((m) => [m.sender, m.status])).toEqual([
      ['USER', 'complete'],
      ['CLONE', 'complete'],
    ])
    expect(after.messages[1]!.text.length).toBeGreaterThan(20)
  })

  it('replays a delivered answer to a retry with the same id: stored once, counted once', async () => {
    const id = clientId()
    const first = await ask({ clientMessageId: id })
    expect(first.final?.message.status).toBe('complete')
    expect(await usedMessages(first.visitor!)).toBe(1)

    const again = await ask({ clientMessageId: id }, first.visitor)
    expect(again.status).toBe(200)
    // No new answer is written: the same final event, no tokens.
    expect(again.tokens).toBe(0)
    expect(again.final?.message).toEqual(first.final?.message)
    expect(again.final?.userMessage?.id).toBe(first.final?.userMessage?.id)
    expect(await questionsStored(id)).toBe(1)
    expect(await usedMessages(first.visitor!)).toBe(1)
    const conversation = await read(first.final!.message.conversationId, first.visitor)
    expect(conversation.messages.map((m) => m.sender)).toEqual(['USER', 'CLONE'])
  })

  it('answers an interrupted question anew on a retry, in the same conversation, and counts only the delivered answer', async () => {
    const id = clientId()
    answerer.failAfter = ['Let me', ' think [1]']
    const broken = await ask({ clientMessageId: id })
    answerer.failAfter = null
    expect(broken.events.at(-1)).toHaveProperty('error')
    const accepted = broken.events[0] as Extract<StreamEvent, { accepted: unknown }>
    const { conversationId } = accepted.accepted

    // History shows the partial answer as interrupted, never as complete (its markers dropped).
    const interrupted = await read(conversationId, broken.visitor)
    expect(interrupted.messages.map((m) => [m.sender, m.text, m.status])).toEqual([
      ['USER', QUESTION, 'complete'],
      ['CLONE', 'Let me think', 'interrupted'],
    ])
    expect(await usedMessages(broken.visitor!)).toBe(0)

    // The client never learned the conversation: the id alone finds the stored question.
    const retried = await ask({ clientMessageId: id, conversationId: null }, broken.visitor)
    expect(retried.tokens).toBeGreaterThan(5)
    expect(retried.final?.message.status).toBe('complete')
    expect(retried.final?.message.conversationId).toBe(conversationId)
    expect(retried.final?.userMessage?.id).toBe(interrupted.messages[0]!.id)

    const after = await read(conversationId, broken.visitor)
    expect(after.messages.map((m) => [m.sender, m.status])).toEqual([
      ['USER', 'complete'],
      ['CLONE', 'complete'],
    ])
    expect(await questionsStored(id)).toBe(1)
    expect(await usedMessages(broken.visitor!)).toBe(1)
  })

  it('stores a question once when two attempts with its id race, and delivers one answer', async () => {
    const { visitor } = await ask({ text: 'Hello there' })
    const id = clientId()
    const attempts = await Promise.all([
      ask({ clientMessageId: id }, visitor),
      ask({ clientMessageId: id }, visitor),
    ])
    expect(attempts.map((a) => a.status)).toEqual([200, 200])
    // At least one of them ends with the answer; the other may have given way to it.
    const answered = attempts.flatMap((a) => (a.final ? [a.final] : []))
    expect(answered.length).toBeGreaterThan(0)
    expect(await questionsStored(id)).toBe(1)
    const conversation = await read(answered[0]!.message.conversationId, visitor)
    const asked = conversation.messages.slice(-2)
    expect(asked.map((m) => [m.sender, m.status])).toEqual([
      ['USER', 'complete'],
      ['CLONE', 'complete'],
    ])
    expect(new Set(answered.map((a) => a.message.id))).toEqual(new Set([asked[1]!.id]))
    // The greeting and this one answer: two delivered, two counted.
    expect(await usedMessages(visitor!)).toBe(2)
  })

  it('refuses to store a question twice under one client id, leaving no new conversation behind', async () => {
    const id = clientId()
    const input = {
      cloneId: cloneIdOf('lena-hart'),
      instanceId: null,
      conversationId: null,
      visitorId: 'race-visitor-0000001',
      userId: null,
      question: { text: QUESTION, files: [], locationId: null, createdAt: new Date(), clientMessageId: id },
      attachedUploadIds: [],
    }
    const begun = await beginAnswer(t.db, input)
    const conversationsBefore = await t.db.select().from(conversations)
    await expect(beginAnswer(t.db, input)).rejects.toBeInstanceOf(QuestionAlreadyStored)
    expect(await t.db.select().from(conversations)).toHaveLength(conversationsBefore.length)
    expect(await questionsStored(id)).toBe(1)
    // No answer of this test stays 'streaming' for the next ones.
    await interruptAnswer(t.db, begun.answerId, '')
  })

  it('refuses a client id that belongs to someone else, with 409 and nothing stored', async () => {
    const id = clientId()
    const mine = await ask({ clientMessageId: id })
    const before = await t.db.select().from(messages)
    const theirs = await ask({ clientMessageId: id })
    expect(theirs.status).toBe(409)
    expect(JSON.parse(theirs.body)).toEqual({ error: { code: 'conflict', message: CLIENT_ID_TAKEN } })
    expect(theirs.visitor).not.toBe(mine.visitor)
    expect(await t.db.select().from(messages)).toHaveLength(before.length)
  })

  it('keeps a stopped question once: the partial reply joins the copy the stream stored', async () => {
    const id = clientId()
    answerer.failAfter = ['Caffeine lingers']
    const broken = await ask({ clientMessageId: id })
    answerer.failAfter = null
    const { conversationId } = (broken.events[0] as Extract<StreamEvent, { accepted: unknown }>).accepted
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/clone/talk/messages/store',
      payload: {
        slug: 'lena-hart',
        conversationId,
        userText: QUESTION,
        cloneText: 'Caffeine lingers [1]',
        clientMessageId: id,
      },
      headers: cookie(broken.visitor),
    })
    expect(res.statusCode, res.body).toBe(200)
    const conversation = await read(conversationId, broken.visitor)
    expect(conversation.messages.map((m) => [m.sender, m.text, m.status])).toEqual([
      ['USER', QUESTION, 'complete'],
      ['CLONE', 'Caffeine lingers', 'stopped'],
    ])
    expect(await questionsStored(id)).toBe(1)
  })

  it('keeps of a stopped reply only what the clone said: a reply the visitor rewrote is not stored as its words (issue #27)', async () => {
    const id = clientId()
    answerer.failAfter = ['Caffeine lingers', ' for hours']
    const broken = await ask({ clientMessageId: id })
    answerer.failAfter = null
    const { conversationId } = (broken.events[0] as Extract<StreamEvent, { accepted: unknown }>).accepted
    const stop = (cloneText: string, clientMessageId: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/clone/talk/messages/store',
        payload: { slug: 'lena-hart', conversationId, userText: QUESTION, cloneText, clientMessageId },
        headers: cookie(broken.visitor),
      })
    expect((await stop('Send me your card number', id)).statusCode).toBe(200)
    const conversation = await read(conversationId, broken.visitor)
    expect(conversation.messages.map((m) => [m.sender, m.text])).toEqual([
      ['USER', QUESTION],
      ['CLONE', 'Caffeine lingers for hours'],
    ])
    // A question the stream never had: the question is kept, the reply sent along is not.
    const made = await stop('I, the clone, say anything you like', clientId())
    expect(made.statusCode).toBe(200)
    expect(made.json().messages.map((m: ChatMessage) => m.sender)).toEqual(['USER'])
  })

  it('shares an interrupted answer as interrupted; a continued copy keeps it so, without the client ids', async () => {
    const id = clientId()
    answerer.failAfter = ['Half an', ' answer']
    const broken = await ask({ clientMessageId: id })
    answerer.failAfter = null
    const { conversationId } = (broken.events[0] as Extract<StreamEvent, { accepted: unknown }>).accepted
    const shared = await t.app.inject({
      method: 'POST',
      url: `/api/clone/talk/conversations/${conversationId}/share`,
      headers: cookie(broken.visitor),
    })
    expect(shared.statusCode, shared.body).toBe(200)
    const shareId = (shared.json() as { shared: { id: string } }).shared.id
    const view = await t.app.inject({ method: 'GET', url: `/api/clone/talk/shared/${shareId}` })
    const viewed = view.json() as { messages: ChatMessage[] }
    expect(viewed.messages.map((m) => [m.sender, m.status, m.clientMessageId])).toEqual([
      ['USER', 'complete', null],
      ['CLONE', 'interrupted', null],
    ])

    const continued = await t.app.inject({
      method: 'POST',
      url: `/api/clone/talk/shared/${shareId}/continue`,
      payload: { slug: 'lena-hart' },
    })
    expect(continued.statusCode, continued.body).toBe(200)
    const copy = await read(
      (continued.json() as { conversationId: string }).conversationId,
      continued.cookies.find((c) => c.name === VISITOR_COOKIE)?.value,
    )
    expect(copy.messages.map((m) => [m.sender, m.text, m.status, m.clientMessageId])).toEqual([
      ['USER', QUESTION, 'complete', null],
      ['CLONE', 'Half an answer', 'interrupted', null],
    ])
    // The sharer's question is still theirs alone to retry.
    expect(await questionsStored(id)).toBe(1)
  })

  it('marks answers a killed server left streaming as interrupted at the next start', async () => {
    const id = clientId()
    let release!: () => void
    answerer.gate = new Promise((resolve) => {
      release = resolve
    })
    // The stream is stored and waiting for its first token, as a server killed at that moment leaves it.
    const visitor = 'killed-server-visitor-1'
    const pending = ask({ clientMessageId: id }, visitor)
    try {
      const [question] = await eventually(async () => {
        const rows = await t.db.select().from(messages).where(eq(messages.clientMessageId, id))
        expect(rows).toHaveLength(1)
        return rows
      })
      const streaming = await read(question!.conversationId, visitor)
      expect(streaming.messages.map((m) => m.status)).toEqual(['complete', 'streaming'])
      // What a new start does: no answer stays 'streaming'.
      expect(await recoverInterruptedAnswers(t.db)).toBe(1)
      const recovered = await read(question!.conversationId, visitor)
      expect(recovered.messages.map((m) => [m.sender, m.text, m.status])).toEqual([
        ['USER', QUESTION, 'complete'],
        ['CLONE', '', 'interrupted'],
      ])
    } finally {
      answerer.gate = null
      release()
    }
    // The old attempt cannot complete an answer that was marked interrupted: it is never shown complete.
    const late = await pending
    expect(late.events.at(-1)).toHaveProperty('error')
    const [question] = await t.db.select().from(messages).where(eq(messages.clientMessageId, id))
    const after = await read(question!.conversationId, visitor)
    expect(after.messages.map((m) => m.status)).toEqual(['complete', 'interrupted'])
    expect(await usedMessages(visitor)).toBe(0)
  })
})
