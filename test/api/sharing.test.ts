import { randomBytes } from 'node:crypto'
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
import { PNG_BYTES, uploadDataDir, uploadFile, visitorHeaders } from './upload-helpers'

const PUBLIC_URL = 'https://likeness.example'
const QUESTION = 'How late in the day can I drink coffee without hurting my sleep?'

describe('sharing routes', () => {
  let t: TestApp
  let sam: { id: string; cookie: string }
  let staffCookie: string

  let data: Awaited<ReturnType<typeof uploadDataDir>>

  beforeAll(async () => {
    data = await uploadDataDir()
    t = await createTestApp({ env: { PUBLIC_URL, DATA_DIR: data.dir } })
    const session = async (email: string) => {
      const [user] = await t.db.select().from(users).where(eq(users.email, email))
      return { id: user!.id, cookie: `lk_session=${(await createSession(t.db, user!.id, 'cookie')).token}` }
    }
    sam = await session('sam@likeness.test')
    staffCookie = (await session('staff@likeness.test')).cookie
  })
  afterAll(async () => {
    await t.close()
    await data.remove()
  })

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

  describe('attached files in a shared conversation', () => {
    /** A visitor's message with a PNG and a text file, answered, and the conversation shared. */
    async function sharedWithFiles() {
      const visitor = randomBytes(18).toString('base64url')
      const headers = visitorHeaders(visitor)
      const image = await uploadFile(t.app, headers, 'photo.png', PNG_BYTES)
      const notes = await uploadFile(t.app, headers, 'sleep-notes.txt', Buffer.from('Bed at 23:00'))
      const chat = await sendChatMessage(t.app, { text: QUESTION, files: [image, notes] }, visitor)
      const conversationId = chat.message.conversationId
      const { shared } = ShareConversationResponse.parse(
        (await share(conversationId, visitorCookie(visitor))).json(),
      )
      const view = SharedConversation.parse((await readShared(shared.id)).json())
      const files = view.messages.find((m) => m.sender === 'USER')!.files
      return { visitor, conversationId, shareId: shared.id, image, notes, files }
    }
    const get = (url: string, cookie?: string) =>
      t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} })

    it('shows them by share-scoped addresses that never reveal the files’ own', async () => {
      const { shareId, image, notes, files } = await sharedWithFiles()
      expect(files).toHaveLength(2)
      for (const [i, url] of files.entries()) {
        expect(url.startsWith(`/api/clone/talk/shared/${shareId}/files/`), url).toBe(true)
        expect(url.endsWith(['/photo.png', '/sleep-notes.txt'][i]!)).toBe(true)
      }
      const ownKey = (url: string) => url.split('/')[4]!
      const body = (await readShared(shareId)).body
      expect(body).not.toContain(ownKey(image))
      expect(body).not.toContain(ownKey(notes))

      const picture = await get(files[0]!)
      expect(picture.statusCode).toBe(200)
      expect(picture.rawPayload.equals(PNG_BYTES)).toBe(true)
      expect(picture.headers['content-type']).toBe('image/png')
      expect(picture.headers['content-disposition']).toMatch(/^inline;/)
      expect(picture.headers['content-security-policy']).toBe("sandbox; default-src 'none'")
      expect(picture.headers['cache-control']).toBe('private, no-store')
      const text = await get(files[1]!)
      expect(text.body).toBe('Bed at 23:00')
      expect(text.headers['content-disposition']).toMatch(/^attachment;/)
    })

    it('stops serving them the moment the conversation is unshared, copies included', async () => {
      const { visitor, conversationId, shareId, image, files } = await sharedWithFiles()
      // A stranger continues it: the copy names the files as the shared view did, never by their own address.
      const continued = await post(`/api/clone/talk/shared/${shareId}/continue`, undefined, {
        slug: 'lena-hart',
      })
      const copyId = ContinueSharedResponse.parse(continued.json()).conversationId
      const stranger = visitorCookie(continued.cookies.find((c) => c.name === VISITOR_COOKIE)!.value)
      const copy = ConversationWithMessages.parse(
        (await get(`/api/clone/talk/conversations/${copyId}`, stranger)).json(),
      )
      expect(copy.messages.find((m) => m.sender === 'USER')!.files).toEqual(files)
      expect((await get(files[0]!, stranger)).statusCode).toBe(200)

      expect((await unshare(conversationId, visitorCookie(visitor))).statusCode).toBe(200)
      for (const url of files) {
        const res = await get(url)
        expect(res.statusCode, url).toBe(404)
        expect(res.json().error.code).toBe('not_found')
      }
      // Sharing again makes a new link; the old file addresses stay dead.
      const again = ShareConversationResponse.parse(
        (await share(conversationId, visitorCookie(visitor))).json(),
      )
      expect(again.shared.id).not.toBe(shareId)
      expect((await get(files[0]!)).statusCode).toBe(404)
      // The owner still has their own file.
      expect((await get(image, visitorCookie(visitor))).statusCode).toBe(200)
    })

    it('serves only the files of that shared message, by place and name', async () => {
      const { shareId, files } = await sharedWithFiles()
      const other = await sharedWithFiles()
      const messageId = files[0]!.split('/')[7]!
      const urls = [
        files[0]!.replace('/photo.png', '/other.png'),
        files[0]!.replace(`/${messageId}/0/`, `/${messageId}/2/`),
        // Another share's message under this share's id.
        other.files[0]!.replace(other.shareId, shareId),
      ]
      expect(new Set(urls).size).toBe(3)
      expect(urls).not.toContain(files[0])
      for (const url of urls) {
        expect((await get(url)).statusCode, url).toBe(404)
      }
    })
  })
})
