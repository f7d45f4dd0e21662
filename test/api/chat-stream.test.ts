import { count, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ApiErrorBody, ConversationWithMessages } from '../../contract'
import { VISITOR_COOKIE } from '../../server/auth/visitor'
import { OFF_TOPIC_OPENING } from '../../server/brain/small-talk'
import { conversations, messageAffiliates, messageCitations, messages } from '../../server/db/schema'
import { cloneIdOf } from '../../server/seed'
import { seedId } from '../../server/seed/ids'
import { markerNumbers, sendChatMessage } from './chat-helpers'
import { createTestApp, type TestApp } from './helpers'

const lenaDocument = (key: string) => seedId('document', `lena-hart:${key}`)

describe('POST /api/clone/talk/messages/stream', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp()
  })
  afterAll(() => t.close())

  it('streams tokens, then the final message whose citations match its [n] markers', async () => {
    const result = await sendChatMessage(t.app, { text: 'What temperature should my bedroom be for sleep?' })
    expect(result.headers['content-type']).toBe('text/event-stream; charset=utf-8')
    expect(result.headers['cache-control']).toBe('no-cache')
    expect(result.headers['x-accel-buffering']).toBe('no')
    expect(result.headers.connection).toBe('keep-alive')

    expect(result.tokens.length).toBeGreaterThan(10)
    const { message } = result
    // The final text is exactly what was streamed.
    expect(result.tokens.join('')).toBe(message.text)
    expect(message.sender).toBe('CLONE')
    expect(message.hasSources).toBe(true)

    const used = markerNumbers(message.text)
    expect(used.length).toBeGreaterThan(0)
    expect(used).toEqual(used.map((_, i) => i + 1))
    const indexes = message.citations.map((c) => c.index)
    expect(indexes).toEqual([...indexes].sort((a, b) => a - b))
    for (const n of used) expect(indexes).toContain(n)
    // At most three sources beyond the used ones are listed as relevant.
    expect(message.citations.length - used.length).toBeLessThanOrEqual(3)
    for (const c of message.citations) {
      expect(c.visible).toBe(true)
      expect(c.text ?? '').not.toBe('')
      expect(c.title).toBe(c.documentTitle)
    }
    expect(message.citations[0]!.documentId).toBe(lenaDocument('lena-web-bedroom-temperature'))
    // The bedroom article is tied to a product: the answer carries its card.
    expect(message.messageAffiliates).toEqual([
      {
        url: 'https://shop.example.com/lena-hart/coolcore-mattress-topper',
        title: 'CoolCore Breathable Mattress Topper',
        imageUrl: '/media/products/cooling-topper.svg',
      },
    ])
  })

  it('stores the new conversation, both messages, the citations and the products', async () => {
    const { message, userMessage, visitor } = await sendChatMessage(t.app, {
      text: 'What temperature should my bedroom be for sleep?',
    })
    expect(visitor).toMatch(/^[A-Za-z0-9_-]{16,}$/)
    const [conversation] = await t.db
      .select()
      .from(conversations)
      .where(eq(conversations.id, message.conversationId))
    expect(conversation).toMatchObject({
      cloneId: cloneIdOf('lena-hart'),
      visitorId: visitor,
      userId: null,
      title: 'Conversation',
      medium: 'WEB',
      hidden: false,
    })
    const rows = await t.db.select().from(messages).where(eq(messages.conversationId, message.conversationId))
    expect(rows.map((r) => r.sender).sort()).toEqual(['CLONE', 'USER'])
    const user = rows.find((r) => r.sender === 'USER')!
    expect(user.text).toBe('What temperature should my bedroom be for sleep?')
    expect(user.sessionStart).toBe(true)
    expect(userMessage?.id).toBe(user.id)
    const [citations] = await t.db
      .select({ n: count() })
      .from(messageCitations)
      .where(eq(messageCitations.messageId, message.id))
    expect(citations!.n).toBe(message.citations.length)
    const [affiliates] = await t.db
      .select({ n: count() })
      .from(messageAffiliates)
      .where(eq(messageAffiliates.messageId, message.id))
    expect(affiliates!.n).toBe(1)
  })

  it('keeps a second message in the same conversation, readable by the same visitor only', async () => {
    const first = await sendChatMessage(t.app, { text: 'Should athletes nap, and for how long?' })
    const second = await sendChatMessage(
      t.app,
      { text: 'And is the 90 minute nap better?', conversationId: first.message.conversationId },
      first.visitor,
    )
    expect(second.message.conversationId).toBe(first.message.conversationId)
    // The follow-up leans on the earlier question: it still cites the naps video first.
    expect(second.message.citations[0]?.documentId).toBe(lenaDocument('lena-yt-naps'))

    const url = `/api/clone/talk/conversations/${first.message.conversationId}`
    const mine = await t.app.inject({
      method: 'GET',
      url,
      headers: { cookie: `${VISITOR_COOKIE}=${first.visitor}` },
    })
    expect(mine.statusCode).toBe(200)
    const conversation = ConversationWithMessages.parse(mine.json())
    expect(conversation.messages.map((m) => m.sender)).toEqual(['USER', 'CLONE', 'USER', 'CLONE'])
    expect(conversation.messages[1]!.citations).toHaveLength(first.message.citations.length)
    expect(conversation.messages[3]!.id).toBe(second.message.id)

    for (const headers of [{}, { cookie: `${VISITOR_COOKIE}=someone-else-entirely-123` }]) {
      const other = await t.app.inject({ method: 'GET', url, headers })
      expect(other.statusCode).toBe(404)
      expect(ApiErrorBody.parse(other.json()).error.code).toBe('not_found')
    }
    // Nor can another visitor post into it.
    const intruder = await t.app.inject({
      method: 'POST',
      url: '/api/clone/talk/messages/stream',
      payload: { slug: 'lena-hart', text: 'hello', conversationId: first.message.conversationId },
    })
    expect(intruder.statusCode).toBe(404)
  })

  // Lena's suggested questions (server/seed/data/lena-hart.ts) and the source each must cite first.
  it.each([
    ['How late in the day can I drink coffee without hurting my sleep?', 'lena-web-caffeine'],
    ['Should athletes nap, and for how long?', 'lena-yt-naps'],
    ['What is your jet lag protocol when flying east for a race?', 'lena-yt-jet-lag'],
    ['How should I sleep during my marathon taper?', 'lena-pod-marathon-taper'],
    ['How much melatonin should I take, and when?', 'lena-web-melatonin'],
    ['What temperature should my bedroom be for sleep?', 'lena-web-bedroom-temperature'],
    ['How accurate are sleep tracking wearables?', 'lena-yt-wearables'],
    ['I can never sleep the night before a race. What should I do?', 'lena-file-pre-race-night'],
  ])('answers %j citing %s first', async (text, documentKey) => {
    const { message } = await sendChatMessage(t.app, { text })
    expect(markerNumbers(message.text)[0]).toBe(1)
    expect(message.citations.find((c) => c.index === 1)?.documentId).toBe(lenaDocument(documentKey))
  })

  it('answers an off-topic question honestly, without citations', async () => {
    const { message } = await sendChatMessage(t.app, { text: 'What is the capital of Peru?' })
    expect(message.text.startsWith(OFF_TOPIC_OPENING)).toBe(true)
    expect(message.text).toMatch(/I can help with things like .+\./)
    expect(message.citations).toEqual([])
    expect(message.hasSources).toBe(false)
    expect(markerNumbers(message.text)).toEqual([])
  })

  it('answers a greeting briefly, without citations', async () => {
    const { message } = await sendChatMessage(t.app, { text: 'Hi Lena!' })
    expect(message.text).toMatch(/^Hi! I’m Lena\./)
    expect(message.citations).toEqual([])
  })

  it('answers a bad body with 400 JSON before any streaming', async () => {
    for (const payload of [
      { slug: 'lena-hart', text: '   ' },
      { slug: 'lena-hart' },
      { slug: 'lena-hart', text: 'hi', conversationId: 'not-a-uuid' },
      { slug: 'lena-hart', text: 'hi', files: ['a', 'b', 'c', 'd'] },
    ]) {
      const res = await t.app.inject({ method: 'POST', url: '/api/clone/talk/messages/stream', payload })
      expect(res.statusCode, JSON.stringify(payload)).toBe(400)
      expect(res.headers['content-type']).toMatch(/^application\/json/)
      expect(ApiErrorBody.parse(res.json()).error.code).toBe('bad_request')
    }
  })

  it('answers 404 JSON for an unknown clone, instance or conversation', async () => {
    const post = (payload: object) =>
      t.app.inject({
        method: 'POST',
        url: '/api/clone/talk/messages/stream',
        payload: { text: 'hi', ...payload },
      })
    const clone = await post({ slug: 'nobody-here' })
    expect(clone.statusCode).toBe(404)
    expect(ApiErrorBody.parse(clone.json()).error.message).toBe('Clone not found')
    const instance = await post({ slug: 'lena-hart', instanceId: seedId('instance', 'tomas-rivera:none') })
    expect(ApiErrorBody.parse(instance.json()).error.message).toBe('Instance not found')
    const conversation = await post({ slug: 'lena-hart', conversationId: seedId('conversation', 'missing') })
    expect(ApiErrorBody.parse(conversation.json()).error.message).toBe('Conversation not found')
  })

  it('stores the instance a conversation was started in', async () => {
    const instanceId = seedId('instance', 'lena-hart:lena-clinic')
    const { message } = await sendChatMessage(t.app, { text: 'Do you offer coaching?', instanceId })
    const [row] = await t.db.select().from(conversations).where(eq(conversations.id, message.conversationId))
    expect(row!.instanceId).toBe(instanceId)
  })

  it('sets the visitor cookie HttpOnly and SameSite=Lax, Secure off localhost', async () => {
    const local = await t.app.inject({
      method: 'POST',
      url: '/api/clone/talk/messages/stream',
      payload: { slug: 'lena-hart', text: 'hi' },
    })
    const cookie = local.cookies.find((c) => c.name === VISITOR_COOKIE)!
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' })
    expect(cookie.secure).toBeFalsy()

    const remote = await t.app.inject({
      method: 'POST',
      url: '/api/clone/talk/messages/stream',
      headers: { host: 'likeness.example.com' },
      payload: { slug: 'lena-hart', text: 'hi' },
    })
    expect(remote.cookies.find((c) => c.name === VISITOR_COOKIE)!.secure).toBe(true)

    // A visitor who already has one keeps it.
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/clone/talk/messages/stream',
      headers: { cookie: `${VISITOR_COOKIE}=${cookie.value}` },
      payload: { slug: 'lena-hart', text: 'hi' },
    })
    expect(again.cookies.find((c) => c.name === VISITOR_COOKIE)).toBeUndefined()
  })
})
