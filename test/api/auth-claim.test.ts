import { desc, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SESSION_COOKIE } from '../../server/auth/identity'
import { VISITOR_COOKIE } from '../../server/auth/visitor'
import { conversations } from '../../server/db/schema'
import { signInWithBearer, signInWithCookie } from './auth-helpers'
import { sendChatMessage } from './chat-helpers'
import { createTestApp, type TestApp } from './helpers'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(async () => {
  await t.close()
})

const cookies = (parts: Record<string, string | undefined>) =>
  Object.entries(parts)
    .filter(([, v]) => v)
    .map(([k, v]) => `${k}=${v}`)
    .join('; ')

const getConversation = (id: string, cookie: string) =>
  t.app.inject({ method: 'GET', url: `/api/clone/talk/conversations/${id}`, headers: { cookie } })

const claim = (payload: Record<string, unknown>, cookie: string) =>
  t.app.inject({ method: 'POST', url: '/api/auth/claim', payload, headers: { cookie } })

describe('claiming anonymous conversations after sign-in', () => {
  it("makes the visitor's conversations with the clone the user's, and only theirs", async () => {
    const first = await sendChatMessage(t.app, { text: 'How much sleep do I need?' })
    const visitor = first.visitor!
    const conversationId = first.message.conversationId!
    const second = await sendChatMessage(t.app, { text: 'Is coffee bad for sleep?' }, visitor)
    const elsewhere = await sendChatMessage(
      t.app,
      { slug: 'tomas-rivera', text: 'How do I make stock?' },
      visitor,
    )
    const stranger = await sendChatMessage(t.app, { text: 'What about naps?' })

    const { session, body } = await signInWithCookie(t.app, t.db, 'claimer@example.com')
    const mine = cookies({ [VISITOR_COOKIE]: visitor, [SESSION_COOKIE]: session })

    // Another visitor's conversation cannot be claimed, and looks missing.
    const refused = await claim({ conversationId: stranger.message.conversationId }, mine)
    expect(refused.statusCode).toBe(404)

    const res = await claim({ conversationId, slug: 'lena-hart' }, mine)
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json()).toEqual({ claimed: 2 })
    const owners = await t.db.select().from(conversations).where(eq(conversations.userId, body.user.id))
    expect(owners.map((c) => c.id).sort()).toEqual([conversationId, second.message.conversationId!].sort())
    // The other clone's conversation stays the visitor's.
    const [other] = await t.db
      .select()
      .from(conversations)
      .where(eq(conversations.id, elsewhere.message.conversationId!))
    expect(other!.userId).toBeNull()

    // Claiming again is harmless.
    expect((await claim({ conversationId }, mine)).json()).toEqual({ claimed: 0 })

    // The user reads it with the session, on another browser (no visitor cookie) too.
    expect((await getConversation(conversationId, cookies({ [SESSION_COOKIE]: session }))).statusCode).toBe(
      200,
    )
    // Others cannot: another user, another visitor, and the old visitor cookie alone.
    const { session: otherSession } = await signInWithCookie(t.app, t.db, 'someone-else@example.com')
    expect(
      (await getConversation(conversationId, cookies({ [SESSION_COOKIE]: otherSession }))).statusCode,
    ).toBe(404)
    expect(
      (await getConversation(conversationId, cookies({ [VISITOR_COOKIE]: stranger.visitor }))).statusCode,
    ).toBe(404)
    expect((await getConversation(conversationId, cookies({ [VISITOR_COOKIE]: visitor }))).statusCode).toBe(
      404,
    )
    // And another user cannot claim it.
    const thief = cookies({ [VISITOR_COOKIE]: visitor, [SESSION_COOKIE]: otherSession })
    expect((await claim({ conversationId }, thief)).statusCode).toBe(404)
  })

  it('needs a signed-in user', async () => {
    const chat = await sendChatMessage(t.app, { text: 'Hello' })
    const res = await claim(
      { conversationId: chat.message.conversationId },
      cookies({ [VISITOR_COOKIE]: chat.visitor }),
    )
    expect(res.statusCode).toBe(401)
    expect(res.json().error.message).toBe('You need to be logged in first.')
  })

  it('gives new conversations of a signed-in user to that user at once', async () => {
    const token = await signInWithBearer(t.app, t.db, 'direct@example.com')
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/clone/talk/messages/stream',
      payload: { slug: 'lena-hart', text: 'Hi there' },
      headers: { authorization: `Bearer ${token}` },
    })
    expect(res.statusCode).toBe(200)
    const [row] = await t.db.select().from(conversations).orderBy(desc(conversations.createdAt)).limit(1)
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/me',
      headers: { authorization: `Bearer ${token}` },
    })
    expect(row!.userId).toBe(me.json().user.id)
  })
})
