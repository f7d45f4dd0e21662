import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  ContinueSharedResponse,
  ConversationHistoryPage,
  ConversationWithMessages,
  ShareConversationResponse,
  SharedConversation,
  UnshareConversationResponse,
} from '../../contract'
import { createSession } from '../../server/auth/sessions'
import { VISITOR_COOKIE } from '../../server/auth/visitor'
import { conversations, users } from '../../server/db/schema'
import { sendChatMessage } from './chat-helpers'
import { createTestApp, type TestApp } from './helpers'

const PUBLIC_URL = 'https://likeness.example'
const QUESTION = 'How late in the day can I drink coffee without hurting my sleep?'

describe('sharing routes', () => {
  let t: TestApp
  let sam: { id: string; cookie: string }
  let staffCookie: string

  beforeAll(async () => {
    t = await createTestApp({ env: { PUBLIC_URL } })
    const session = async (email: string) => {
      const [user] = await t.db.select().from(users).where(eq(users.email, email))
      return { id: user!.id, cookie: `lk_session=${(await createSession(t.db, user!.id, 'cookie')).token}` }
    }
    sam = await session('sam@likeness.test')
    staffCookie = (await session('staff@likeness.test')).cookie
  })
  afterAll(() => t.close())

  const visitorCookie = (visitor: string) => `${VISITOR_COOKIE}=${visitor}`
  const post = (url: string, cookie?: string, payload?: object) =>
    t.app.inject({ method: 'POST', url, payload, headers: cookie ? { cookie } : {} })
  const share = (id: string, cookie?: string) => post(`/api/clone/talk/conversations/${id}/share`, cookie)
  const unshare = (id: string, cookie?: string) => post(`/api/clone/talk/conversations/${id}/unshare`, cookie)
  const readShared = (shareId: string) =>
    t.app.inject({ method: 'GET', url: `/api/clone/talk/shared/${shareId}` })

  /** A real chat exchange (with citations) in a new conversation of a fresh anonymous visitor. */
  async function chatted(instanceId?: string) {
    const result = await sendChatMessage(t.app, { text: QUESTION, ...(instanceId ? { instanceId } : {}) })
    return { conversationId: result.message.conversationId, visitor: result.visitor!, reply: result.message }
  }

  it('shares with a random url-safe id and a public link, and sharing again keeps the same id', async () => {
    const { conversationId, visitor } = await chatted()
    const first = await share(conversationId, visitorCookie(visitor))
    expect(first.statusCode, first.body).toBe(200)
    const { shared } = ShareConversationResponse.parse(first.json())
    expect(shared.id).toMatch(/^[A-Za-z0-9_-]{16}$/)
    expect(shared.id).not.toContain(conversationId)
    expect(shared.url).toBe(`${PUBLIC_URL}/lena-hart/talk/conversation/shared/${shared.id}`)

    const again = ShareConversationResponse.parse(
      (await share(conversationId, visitorCookie(visitor))).json(),
    )
    expect(again.shared).toEqual(shared)
  })

  it('serves the shared conversation read-only to anyone, without a cookie, with its citations', async () => {
    const { conversationId, visitor, reply } = await chatted()
    const { shared } = ShareConversationResponse.parse(
      (await share(conversationId, visitorCookie(visitor))).json(),
    )
    const res = await readShared(shared.id)
    expect(res.statusCode, res.body).toBe(200)
    expect(res.headers['set-cookie']).toBeUndefined()
    const view = SharedConversation.parse(res.json())
    expect(view).toMatchObject({ shareId: shared.id, clone: { slug: 'lena-hart', instanceSlug: null } })
    expect(view.messages.map((m) => m.sender)).toEqual(['USER', 'CLONE'])
    expect(view.messages[0]!.text).toBe(QUESTION)
    expect(view.messages[1]!.citations.length).toBe(reply.citations.length)
    expect(view.messages[1]!.citations.length).toBeGreaterThan(0)

    expect((await readShared('not-a-share-id-at-all')).statusCode).toBe(404)
    expect((await readShared('bad!id')).statusCode).toBe(404)
  })

  it('builds the instance form of the link for an instance conversation', async () => {
    const clone = await t.app.inject({ method: 'GET', url: '/api/clones/lena-hart/clinic' })
    const instanceId = (clone.json() as { instance?: { id: string } }).instance?.id
    expect(instanceId).toBeTruthy()
    const { conversationId, visitor } = await chatted(instanceId)
    const { shared } = ShareConversationResponse.parse(
      (await share(conversationId, visitorCookie(visitor))).json(),
    )
    expect(shared.url).toBe(`${PUBLIC_URL}/lena-hart/clinic/talk/conversation/shared/${shared.id}`)
    const view = SharedConversation.parse((await readShared(shared.id)).json())
    expect(view.clone).toEqual({ slug: 'lena-hart', instanceSlug: 'clinic' })
  })

  it('unsharing kills the link at once; sharing again makes a new id', async () => {
    const { conversationId, visitor } = await chatted()
    const cookie = visitorCookie(visitor)
    const { shared } = ShareConversationResponse.parse((await share(conversationId, cookie)).json())
    expect((await readShared(shared.id)).statusCode).toBe(200)

    const res = await unshare(conversationId, cookie)
    expect(res.statusCode, res.body).toBe(200)
    expect(UnshareConversationResponse.parse(res.json())).toEqual({ id: conversationId, shareId: null })
    expect((await readShared(shared.id)).statusCode).toBe(404)
    expect(
      (await post(`/api/clone/talk/shared/${shared.id}/continue`, undefined, { slug: 'lena-hart' }))
        .statusCode,
    ).toBe(404)

    const again = ShareConversationResponse.parse((await share(conversationId, cookie)).json())
    expect(again.shared.id).not.toBe(shared.id)

    // The same by share id: DELETE /api/clone/talk/shares/:shareId, the owner only.
    const byShareId = (cookieHeader?: string) =>
      t.app.inject({
        method: 'DELETE',
        url: `/api/clone/talk/shares/${again.shared.id}`,
        headers: cookieHeader ? { cookie: cookieHeader } : {},
      })
    expect((await byShareId(visitorCookie('someone-else-visitor-0'))).statusCode).toBe(404)
    expect((await byShareId()).statusCode).toBe(404)
    expect((await readShared(again.shared.id)).statusCode).toBe(200)
    expect((await byShareId(cookie)).statusCode).toBe(200)
    expect((await readShared(again.shared.id)).statusCode).toBe(404)
  })

  it('an archived conversation’s link answers 404', async () => {
    const { conversationId, visitor } = await chatted()
    const cookie = visitorCookie(visitor)
    const { shared } = ShareConversationResponse.parse((await share(conversationId, cookie)).json())
    await t.app.inject({
      method: 'PATCH',
      url: `/api/clone/talk/conversations/${conversationId}`,
      payload: { hidden: true },
      headers: { cookie },
    })
    expect((await readShared(shared.id)).statusCode).toBe(404)
    expect((await share(conversationId, cookie)).statusCode).toBe(404)
  })

  it('nobody but the owner shares or unshares: 404', async () => {
    const { conversationId, visitor } = await chatted()
    const { shared } = ShareConversationResponse.parse(
      (await share(conversationId, visitorCookie(visitor))).json(),
    )
    for (const cookie of [undefined, staffCookie, visitorCookie('another-visitor-000')]) {
      expect((await share(conversationId, cookie)).statusCode).toBe(404)
      expect((await unshare(conversationId, cookie)).statusCode).toBe(404)
    }
    expect((await readShared(shared.id)).statusCode).toBe(200)

    // A user's conversation: the user's session shares it, the old visitor cookie no longer does.
    await t.db.update(conversations).set({ userId: sam.id }).where(eq(conversations.id, conversationId))
    expect((await unshare(conversationId, visitorCookie(visitor))).statusCode).toBe(404)
    const bySam = ShareConversationResponse.parse((await share(conversationId, sam.cookie)).json())
    expect(bySam.shared.id).toBe(shared.id)
    const history = ConversationHistoryPage.parse(
      (
        await t.app.inject({
          method: 'GET',
          url: '/api/clone/talk/conversations?slug=lena-hart',
          headers: { cookie: sam.cookie },
        })
      ).json(),
    )
    expect(history.conversations.find((c) => c.id === conversationId)).toMatchObject({
      isSharer: true,
      shareId: shared.id,
      shareUrl: shared.url,
    })
  })

  describe('POST /api/clone/talk/shared/:shareId/continue', () => {
    it('creates a new conversation owned by the caller, with the shared messages as its history', async () => {
      const { conversationId, visitor } = await chatted()
      const { shared } = ShareConversationResponse.parse(
        (await share(conversationId, visitorCookie(visitor))).json(),
      )
      // A stranger with no cookie at all: the answer gives them a visitor cookie that owns the copy.
      const res = await post(`/api/clone/talk/shared/${shared.id}/continue`, undefined, {
        slug: 'lena-hart',
        text: 'And what about decaf?',
      })
      expect(res.statusCode, res.body).toBe(200)
      const { conversationId: copyId } = ContinueSharedResponse.parse(res.json())
      expect(copyId).not.toBe(conversationId)
      const stranger = res.cookies.find((c) => c.name === VISITOR_COOKIE)?.value
      expect(stranger).toBeTruthy()

      const read = (id: string, cookie?: string) =>
        t.app.inject({
          method: 'GET',
          url: `/api/clone/talk/conversations/${id}`,
          headers: cookie ? { cookie } : {},
        })
      const original = ConversationWithMessages.parse(
        (await read(conversationId, visitorCookie(visitor))).json(),
      )
      const copy = ConversationWithMessages.parse((await read(copyId, visitorCookie(stranger!))).json())
      expect(copy.shareId).toBeNull()
      expect(copy.title).toBe(original.title)
      expect(copy.messages.map((m) => [m.sender, m.text])).toEqual(
        original.messages.map((m) => [m.sender, m.text]),
      )
      expect(copy.messages.every((m) => m.conversationId === copyId)).toBe(true)
      expect(copy.messages.map((m) => m.id)).not.toContain(original.messages[0]!.id)
      expect(copy.messages[1]!.citations.map((c) => c.title)).toEqual(
        original.messages[1]!.citations.map((c) => c.title),
      )
      // The sharer cannot read the copy, nor the copier the original.
      expect((await read(copyId, visitorCookie(visitor))).statusCode).toBe(404)
      expect((await read(conversationId, visitorCookie(stranger!))).statusCode).toBe(404)

      // The copier chats on in their own conversation; the clone gets the shared turns as context.
      const next = await sendChatMessage(
        t.app,
        { text: 'And what about decaf?', conversationId: copyId },
        stranger,
      )
      expect(next.message.conversationId).toBe(copyId)
      expect(original.messages).toHaveLength(2)
    })

    it('a signed-in caller owns the copy as a user, and finds it in history', async () => {
      const { conversationId, visitor } = await chatted()
      const { shared } = ShareConversationResponse.parse(
        (await share(conversationId, visitorCookie(visitor))).json(),
      )
      const res = await post(`/api/clone/talk/shared/${shared.id}/continue`, sam.cookie, {
        slug: 'lena-hart',
      })
      const { conversationId: copyId } = ContinueSharedResponse.parse(res.json())
      const [row] = await t.db.select().from(conversations).where(eq(conversations.id, copyId))
      expect(row!.userId).toBe(sam.id)
      const history = ConversationHistoryPage.parse(
        (
          await t.app.inject({
            method: 'GET',
            url: '/api/clone/talk/conversations?slug=lena-hart&limit=1',
            headers: { cookie: sam.cookie },
          })
        ).json(),
      )
      expect(history.conversations[0]).toMatchObject({ id: copyId, isSharer: false, shareId: null })
    })

    it('answers 404 for the wrong clone or an unknown link', async () => {
      const { conversationId, visitor } = await chatted()
      const { shared } = ShareConversationResponse.parse(
        (await share(conversationId, visitorCookie(visitor))).json(),
      )
      expect(
        (await post(`/api/clone/talk/shared/${shared.id}/continue`, undefined, { slug: 'tomas-rivera' }))
          .statusCode,
      ).toBe(404)
      expect(
        (await post('/api/clone/talk/shared/unknown-share-id/continue', undefined, { slug: 'lena-hart' }))
          .statusCode,
      ).toBe(404)
      expect((await post(`/api/clone/talk/shared/${shared.id}/continue`, undefined, {})).statusCode).toBe(400)
    })
  })
})
