import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  ApiErrorBody,
  ConversationHistoryPage,
  ConversationListItem,
  ConversationWithMessages,
  MessageSavedResponse,
} from '../../contract'
import { createSession } from '../../server/auth/sessions'
import { VISITOR_COOKIE } from '../../server/auth/visitor'
import { clones, conversations, instances, messages, users } from '../../server/db/schema'
import { createTestApp, type TestApp } from './helpers'

describe('history routes', () => {
  let t: TestApp
  let lenaCloneId: string
  let clinicId: string
  const people: Record<'sam' | 'staff', { id: string; cookie: string }> = {} as never

  beforeAll(async () => {
    t = await createTestApp()
    const [clone] = await t.db.select().from(clones).where(eq(clones.slug, 'lena-hart'))
    lenaCloneId = clone!.id
    const [clinic] = await t.db.select().from(instances).where(eq(instances.cloneId, lenaCloneId))
    clinicId = clinic!.id
    for (const [key, email] of [
      ['sam', 'sam@likeness.test'],
      ['staff', 'staff@likeness.test'],
    ] as const) {
      const [user] = await t.db.select().from(users).where(eq(users.email, email))
      const { token } = await createSession(t.db, user!.id, 'cookie')
      people[key] = { id: user!.id, cookie: `lk_session=${token}` }
    }
  })
  afterAll(() => t.close())

  /** A conversation straight in the database, with one exchange, at a chosen time. */
  async function makeConversation(values: {
    userId?: string | null
    visitorId?: string | null
    title?: string
    updatedAt: Date
    hidden?: boolean
    instanceId?: string | null
  }) {
    const [row] = await t.db
      .insert(conversations)
      .values({
        cloneId: lenaCloneId,
        instanceId: values.instanceId ?? null,
        userId: values.userId ?? null,
        visitorId: values.visitorId ?? null,
        title: values.title ?? 'Conversation',
        hidden: values.hidden ?? false,
        createdAt: values.updatedAt,
        updatedAt: values.updatedAt,
      })
      .returning()
    const [question, answer] = await t.db
      .insert(messages)
      .values([
        { conversationId: row!.id, sender: 'USER', text: 'Hello', createdAt: values.updatedAt },
        { conversationId: row!.id, sender: 'CLONE', text: 'Hi there', createdAt: values.updatedAt },
      ])
      .returning()
    return { ...row!, questionId: question!.id, answerId: answer!.id }
  }

  const list = (query: string, cookie?: string) =>
    t.app.inject({
      method: 'GET',
      url: `/api/clone/talk/conversations?${query}`,
      headers: cookie ? { cookie } : {},
    })
  const patch = (url: string, payload: object, cookie?: string) =>
    t.app.inject({ method: 'PATCH', url, payload, headers: cookie ? { cookie } : {} })

  describe('GET /api/clone/talk/conversations', () => {
    it('answers 401 with the spec text to anyone not signed in, visitor cookie or not', async () => {
      for (const cookie of [undefined, `${VISITOR_COOKIE}=visitor-anonymous-0001`]) {
        const res = await list('slug=lena-hart', cookie)
        expect(res.statusCode).toBe(401)
        expect(ApiErrorBody.parse(res.json()).error.message).toBe('You need to be logged in first.')
      }
    })

    it('lists the caller’s conversations newest-updated first, page by page, without archived ones', async () => {
      const base = Date.parse('2026-03-01T12:00:00.000Z')
      const made = []
      for (let i = 0; i < 5; i += 1) {
        made.push(
          await makeConversation({
            userId: people.sam.id,
            title: `Sam ${i}`,
            updatedAt: new Date(base + i * 3_600_000),
          }),
        )
      }
      // Two with the same time: the id breaks the tie, and neither is lost between pages.
      const tieA = await makeConversation({
        userId: people.sam.id,
        title: 'Tie A',
        updatedAt: new Date(base),
      })
      await makeConversation({
        userId: people.sam.id,
        title: 'Archived',
        updatedAt: new Date(base),
        hidden: true,
      })
      // Someone else's, another clone's instance, and an anonymous visitor's never show.
      await makeConversation({ userId: people.staff.id, title: 'Staff', updatedAt: new Date(base + 9e6) })
      await makeConversation({
        userId: people.sam.id,
        title: 'Clinic',
        updatedAt: new Date(base + 9e6),
        instanceId: clinicId,
      })
      await makeConversation({ visitorId: 'someone-elses-visitor', title: 'Anon', updatedAt: new Date(base) })

      const seen: string[] = []
      let cursor: string | null = null
      let pages = 0
      do {
        const res = await list(
          `slug=lena-hart&limit=2${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
          people.sam.cookie,
        )
        expect(res.statusCode, res.body).toBe(200)
        const page = ConversationHistoryPage.parse(res.json())
        expect(page.conversations.length).toBeLessThanOrEqual(2)
        seen.push(...page.conversations.map((c) => c.title))
        cursor = page.nextCursor
        pages += 1
      } while (cursor && pages < 10)
      const tieTitles = [made[0]!, tieA].sort((a, b) => (a.id < b.id ? 1 : -1)).map((c) => c.title)
      expect(seen).toEqual(['Sam 4', 'Sam 3', 'Sam 2', 'Sam 1', ...tieTitles])
      expect(pages).toBe(3)

      // The instance form lists the instance's conversations only.
      const clinic = ConversationHistoryPage.parse(
        (await list('slug=lena-hart&instanceSlug=clinic', people.sam.cookie)).json(),
      )
      expect(clinic.conversations.map((c) => c.title)).toEqual(['Clinic'])

      // autoLoadRecent: limit=1 is the most recent one.
      const recent = ConversationHistoryPage.parse(
        (await list('slug=lena-hart&limit=1', people.sam.cookie)).json(),
      )
      expect(recent.conversations.map((c) => c.title)).toEqual(['Sam 4'])
      expect(recent.conversations[0]).toMatchObject({ isSharer: false, shareUrl: null, medium: 'WEB' })
    })

    it('lists a signed-in visitor’s own unclaimed conversations, never one claimed by another user', async () => {
      const visitor = 'visitor-shared-browser-01'
      const at = new Date('2026-02-01T08:00:00.000Z')
      await makeConversation({ visitorId: visitor, title: 'Made on this browser', updatedAt: at })
      await makeConversation({
        visitorId: visitor,
        userId: people.sam.id,
        title: 'Claimed by Sam',
        updatedAt: at,
      })
      const res = await list('slug=tomas-rivera', `${people.staff.cookie}; ${VISITOR_COOKIE}=${visitor}`)
      expect(ConversationHistoryPage.parse(res.json()).conversations).toEqual([])
      const lena = ConversationHistoryPage.parse(
        (
          await list('slug=lena-hart&limit=50', `${people.staff.cookie}; ${VISITOR_COOKIE}=${visitor}`)
        ).json(),
      )
      const titles = lena.conversations.map((c) => c.title)
      expect(titles).toContain('Made on this browser')
      expect(titles).not.toContain('Claimed by Sam')
    })

    it('refuses a bad cursor, a bad limit and an unknown clone', async () => {
      expect((await list('slug=lena-hart&cursor=nonsense', people.sam.cookie)).statusCode).toBe(400)
      expect((await list('slug=lena-hart&limit=500', people.sam.cookie)).statusCode).toBe(400)
      expect((await list('slug=nobody-here', people.sam.cookie)).statusCode).toBe(404)
      expect((await list('slug=lena-hart&instanceSlug=nowhere', people.sam.cookie)).statusCode).toBe(404)
    })
  })

  describe('PATCH /api/clone/talk/conversations/:id', () => {
    it('renames (trimmed, 1 to 100 characters) and archives for the owner', async () => {
      const conversation = await makeConversation({
        userId: people.sam.id,
        updatedAt: new Date('2026-01-01'),
      })
      const url = `/api/clone/talk/conversations/${conversation.id}`
      const renamed = await patch(url, { title: '  Sleep before the race  ' }, people.sam.cookie)
      expect(renamed.statusCode, renamed.body).toBe(200)
      const item = ConversationListItem.parse(renamed.json())
      expect(item.title).toBe('Sleep before the race')
      // Renaming keeps the conversation's place in history unless the client says otherwise.
      expect(item.updatedAt).toBe('2026-01-01T00:00:00.000Z')

      for (const title of ['', '   ', 'x'.repeat(101)]) {
        expect((await patch(url, { title }, people.sam.cookie)).statusCode).toBe(400)
      }
      expect((await patch(url, {}, people.sam.cookie)).statusCode).toBe(400)
      expect((await patch(url, { title: 'x'.repeat(100) }, people.sam.cookie)).statusCode).toBe(200)

      // updatedAt moves it, but never into the future.
      const moved = ConversationListItem.parse(
        (
          await patch(url, { title: 'Moved', updatedAt: '2099-01-01T00:00:00.000Z' }, people.sam.cookie)
        ).json(),
      )
      expect(Date.parse(moved.updatedAt)).toBeLessThanOrEqual(Date.now())

      const archived = ConversationListItem.parse(
        (await patch(url, { hidden: true }, people.sam.cookie)).json(),
      )
      expect(archived.hidden).toBe(true)
      const page = ConversationHistoryPage.parse(
        (await list('slug=lena-hart&limit=50', people.sam.cookie)).json(),
      )
      expect(page.conversations.map((c) => c.id)).not.toContain(conversation.id)
    })

    it('answers 404, never 403, to anyone but the owner, and changes nothing', async () => {
      const conversation = await makeConversation({
        userId: people.sam.id,
        visitorId: 'sams-visitor-cookie-1',
        title: 'Mine',
        updatedAt: new Date('2026-01-02'),
      })
      const url = `/api/clone/talk/conversations/${conversation.id}`
      const strangers = [
        undefined,
        people.staff.cookie,
        // Even Sam's old visitor cookie, once Sam's user owns it.
        `${VISITOR_COOKIE}=sams-visitor-cookie-1`,
      ]
      for (const cookie of strangers) {
        expect((await patch(url, { title: 'Hijacked' }, cookie)).statusCode).toBe(404)
        expect((await patch(url, { hidden: true }, cookie)).statusCode).toBe(404)
        expect(
          (await t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} })).statusCode,
        ).toBe(404)
      }
      expect(
        (
          await patch(
            `/api/clone/talk/conversations/${crypto.randomUUID()}`,
            { hidden: true },
            people.sam.cookie,
          )
        ).statusCode,
      ).toBe(404)
      const mine = ConversationWithMessages.parse(
        (await t.app.inject({ method: 'GET', url, headers: { cookie: people.sam.cookie } })).json(),
      )
      expect(mine).toMatchObject({ title: 'Mine', hidden: false })
    })

    it('lets an anonymous visitor rename their own conversation (the chat persists its first title)', async () => {
      const conversation = await makeConversation({
        visitorId: 'anon-owner-visitor-1',
        updatedAt: new Date(),
      })
      const res = await patch(
        `/api/clone/talk/conversations/${conversation.id}`,
        { title: 'Caffeine and sleep' },
        `${VISITOR_COOKIE}=anon-owner-visitor-1`,
      )
      expect(res.statusCode).toBe(200)
      expect(ConversationListItem.parse(res.json()).title).toBe('Caffeine and sleep')
    })
  })

  describe('PATCH /api/clone/talk/messages/:id/saved', () => {
    it('saves and unsaves a message for the owner; 404 for anyone else', async () => {
      const conversation = await makeConversation({ userId: people.sam.id, updatedAt: new Date() })
      const url = `/api/clone/talk/messages/${conversation.answerId}/saved`
      const saved = await patch(url, { saved: true }, people.sam.cookie)
      expect(saved.statusCode, saved.body).toBe(200)
      expect(MessageSavedResponse.parse(saved.json())).toEqual({ id: conversation.answerId, saved: true })

      for (const cookie of [undefined, people.staff.cookie, `${VISITOR_COOKIE}=random-visitor-0001`]) {
        expect((await patch(url, { saved: false }, cookie)).statusCode).toBe(404)
      }
      const read = ConversationWithMessages.parse(
        (
          await t.app.inject({
            method: 'GET',
            url: `/api/clone/talk/conversations/${conversation.id}`,
            headers: { cookie: people.sam.cookie },
          })
        ).json(),
      )
      expect(read.messages.find((m) => m.id === conversation.answerId)?.saved).toBe(true)

      const unsaved = MessageSavedResponse.parse(
        (await patch(url, { saved: false }, people.sam.cookie)).json(),
      )
      expect(unsaved.saved).toBe(false)
      expect((await patch(url, { saved: 'yes' }, people.sam.cookie)).statusCode).toBe(400)
      expect(
        (
          await patch(
            `/api/clone/talk/messages/${crypto.randomUUID()}/saved`,
            { saved: true },
            people.sam.cookie,
          )
        ).statusCode,
      ).toBe(404)
    })
  })
})

describe('dev-only helpers (server/routes/dev-tools.ts)', () => {
  let dev: TestApp
  let production: TestApp
  beforeAll(async () => {
    dev = await createTestApp()
    production = await createTestApp({
      env: { NODE_ENV: 'production', LOG_LEVEL: 'silent', SMTP_URL: 'smtp://127.0.0.1:2525' },
    })
  })
  afterAll(async () => {
    await dev.close()
    await production.close()
  })

  it('backdate exists outside production only, and only for the caller’s own conversation', async () => {
    const request = {
      method: 'POST',
      url: `/dev/conversations/${crypto.randomUUID()}/backdate`,
      payload: { updatedAt: '2025-01-01T00:00:00.000Z' },
    } as const
    const res = await dev.app.inject(request)
    expect(res.statusCode).toBe(404)
    expect(ApiErrorBody.parse(res.json()).error.message).toBe('Conversation not found')
    const refused = await production.app.inject(request)
    expect(refused.statusCode).toBe(404)
    expect(ApiErrorBody.parse(refused.json()).error.message).not.toBe('Conversation not found')
  })

  it('seed makes the caller a conversation of that many messages, answered with citations', async () => {
    const request = {
      method: 'POST',
      url: '/dev/conversations/seed',
      payload: { cloneSlug: 'lena-hart', messages: 7 },
    } as const
    const res = await dev.app.inject(request)
    expect(res.statusCode).toBe(200)
    const { id } = res.json() as { id: string }
    const visitor = res.cookies.find((c) => c.name === VISITOR_COOKIE)?.value
    const read = (cookie?: string) =>
      dev.app.inject({
        method: 'GET',
        url: `/api/clone/talk/conversations/${id}`,
        headers: cookie ? { cookie } : {},
      })
    const conversation = ConversationWithMessages.parse((await read(`${VISITOR_COOKIE}=${visitor}`)).json())
    // Questions and answers alternate, oldest first; an odd count ends on a question.
    expect(conversation.messages.map((m) => m.sender)).toEqual([
      'USER',
      'CLONE',
      'USER',
      'CLONE',
      'USER',
      'CLONE',
      'USER',
    ])
    expect(conversation.messages[0]!.text).toMatch(/^Question 1 of 4: /)
    expect(conversation.messages[6]!.text).toMatch(/^Question 4 of 4: /)
    expect(conversation.messages.filter((m) => m.citations.length > 0).length).toBeGreaterThan(0)
    // Someone else's cookie sees nothing.
    expect((await read()).statusCode).toBe(404)

    const refused = await production.app.inject(request)
    expect(refused.statusCode).toBe(404)
    expect(ApiErrorBody.parse(refused.json()).error.message).not.toBe('Clone not found')
    expect(
      (await dev.app.inject({ ...request, payload: { cloneSlug: 'nobody', messages: 2 } })).statusCode,
    ).toBe(404)
  })
})
