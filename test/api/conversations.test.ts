import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ApiErrorBody, ConversationWithMessages, StoreMessagesResponse, TitleResponse } from '../../contract'
import { VISITOR_COOKIE } from '../../server/auth/visitor'
import { createTestApp, type TestApp } from './helpers'

describe('conversation routes', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp()
  })
  afterAll(() => t.close())

  const store = (payload: object, visitor?: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/clone/talk/messages/store',
      payload,
      headers: visitor ? { cookie: `${VISITOR_COOKIE}=${visitor}` } : {},
    })
  const read = (id: string, visitor?: string) =>
    t.app.inject({
      method: 'GET',
      url: `/api/clone/talk/conversations/${id}`,
      headers: visitor ? { cookie: `${VISITOR_COOKIE}=${visitor}` } : {},
    })

  describe('POST /api/clone/talk/messages/store (a stopped reply)', () => {
    it('stores the question in a new conversation of the visitor, and never a reply the clone did not say', async () => {
      const res = await store({
        slug: 'lena-hart',
        userText: 'How should I sleep during my marathon taper?',
        cloneText: 'Goal number one during the taper is sleep quantity [1]. I want',
      })
      expect(res.statusCode).toBe(200)
      const visitor = res.cookies.find((c) => c.name === VISITOR_COOKIE)?.value
      expect(visitor).toBeTruthy()
      const body = StoreMessagesResponse.parse(res.json())
      // The stream never had this question, so the partial reply sent along is the client's text, not the
      // clone's (issue #27: it could be shared as something the clone said).
      expect(body.messages.map((m) => [m.sender, m.text])).toEqual([
        ['USER', 'How should I sleep during my marathon taper?'],
      ])
      expect(body.messages.every((m) => m.conversationId === body.conversationId)).toBe(true)

      const conversation = ConversationWithMessages.parse((await read(body.conversationId, visitor)).json())
      expect(conversation.title).toBe('Conversation')
      expect(conversation.medium).toBe('WEB')
      expect(conversation.messages.map((m) => m.id)).toEqual(body.messages.map((m) => m.id))

      // Then into the same conversation; an empty partial reply stores the question alone.
      const next = StoreMessagesResponse.parse(
        (
          await store(
            {
              slug: 'lena-hart',
              conversationId: body.conversationId,
              userText: 'And caffeine?',
              cloneText: '',
            },
            visitor,
          )
        ).json(),
      )
      expect(next.conversationId).toBe(body.conversationId)
      expect(next.messages.map((m) => m.sender)).toEqual(['USER'])
      const after = ConversationWithMessages.parse((await read(body.conversationId, visitor)).json())
      expect(after.messages.map((m) => m.text).at(-1)).toBe('And caffeine?')
      expect(Date.parse(after.updatedAt)).toBeGreaterThanOrEqual(Date.parse(conversation.updatedAt))
    })

    it('answers 404 for a conversation of another visitor, or an unknown clone', async () => {
      const mine = StoreMessagesResponse.parse(
        (
          await store(
            { slug: 'lena-hart', userText: 'Hi', cloneText: 'Hi! I’m Lena.' },
            'visitor-aaaaaaaaaaaaaaaa',
          )
        ).json(),
      )
      const theirs = await store(
        { slug: 'lena-hart', conversationId: mine.conversationId, userText: 'x', cloneText: 'y' },
        'visitor-bbbbbbbbbbbbbbbb',
      )
      expect(theirs.statusCode).toBe(404)
      const unknown = await store({ slug: 'nobody-here', userText: 'x', cloneText: 'y' })
      expect(unknown.statusCode).toBe(404)
      expect(ApiErrorBody.parse(unknown.json()).error.message).toBe('Clone not found')
      // The conversation of one clone is not reachable through another.
      const otherClone = await store(
        { slug: 'tomas-rivera', conversationId: mine.conversationId, userText: 'x', cloneText: 'y' },
        'visitor-aaaaaaaaaaaaaaaa',
      )
      expect(otherClone.statusCode).toBe(404)
    })

    it('answers 400 for a bad body', async () => {
      const res = await store({ slug: 'lena-hart', userText: '', cloneText: 'x' })
      expect(res.statusCode).toBe(400)
      expect(ApiErrorBody.parse(res.json()).error.code).toBe('bad_request')
    })
  })

  describe('GET /api/clone/talk/conversations/:id', () => {
    it('answers 400 for a malformed id and 404 for an unknown one', async () => {
      expect((await read('nope', 'visitor-aaaaaaaaaaaaaaaa')).statusCode).toBe(400)
      const unknown = await read('8d3c9b8e-0000-4000-8000-000000000000', 'visitor-aaaaaaaaaaaaaaaa')
      expect(unknown.statusCode).toBe(404)
    })
  })

  describe('POST /api/clone/talk/conversation/title', () => {
    const title = async (message: string) => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/clone/talk/conversation/title',
        payload: { message },
      })
      expect(res.statusCode).toBe(200)
      return TitleResponse.parse(res.json()).title
    }

    it('makes a short sentence-case title from the first message', async () => {
      expect(await title('What temperature should my bedroom be for sleep?')).toBe(
        'What temperature should my bedroom be for sleep',
      )
      expect(await title('hi lena, can you tell me how to fall asleep faster?')).toBe(
        'How to fall asleep faster',
      )
      const long = await title('How late in the day can I drink coffee without hurting my sleep?')
      expect(long.split(' ').length).toBeLessThanOrEqual(8)
      expect(long).not.toMatch(/[.?!,;:]$/)
    })

    it('answers 400 without a message', async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/clone/talk/conversation/title',
        payload: {},
      })
      expect(res.statusCode).toBe(400)
    })
  })
})
