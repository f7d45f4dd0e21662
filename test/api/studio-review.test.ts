import { randomUUID } from 'node:crypto'
import { and, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ConversationMedium } from '../../contract'
import { CREATOR_ANSWER_TITLE } from '../../contract/knowledge'
import {
  REVIEW_PAGE_SIZE,
  ReviewConversationDetail,
  ReviewConversationPage,
} from '../../contract/studio-review'
import { cloneTraining, conversations, documents, messageCitations, messages } from '../../server/db/schema'
import { cloneIdOf } from '../../server/seed'
import { seededUserCookie } from './embed-helpers'
import { createTestApp, type TestApp, userWithSession } from './helpers'

const MINUTE_MS = 60_000

/** Issue #16 'Run it': the clone's team reads its visitors' conversations and revises answers from there. */
describe('studio conversation review', () => {
  let t: TestApp
  let creator: string
  let contributor: string
  let otherCreator: string
  let visitor: { id: string; cookie: string; token: string }
  const url = '/api/studio/lena-hart/conversations'
  // Each conversation made here is a minute older than the one before, so the order is known.
  let age = 0

  beforeAll(async () => {
    t = await createTestApp()
    creator = await seededUserCookie(t.db, 'user-lena')
    contributor = await seededUserCookie(t.db, 'user-sam')
    otherCreator = await seededUserCookie(t.db, 'user-tomas')
    visitor = await userWithSession(t.db, 'visitor@review.test')
  })
  afterAll(() => t.close())

  const conversation = async (values: {
    slug?: string
    medium?: ConversationMedium
    userId?: string
    hidden?: boolean
    title?: string
  }) => {
    age += 1
    const at = new Date(Date.now() - age * MINUTE_MS)
    const [row] = await t.db
      .insert(conversations)
      .values({
        cloneId: cloneIdOf(values.slug ?? 'lena-hart'),
        medium: values.medium ?? 'WEB',
        userId: values.userId ?? null,
        visitorId: values.userId ? null : randomUUID(),
        title: values.title ?? 'Conversation',
        hidden: values.hidden ?? false,
        shareId: `share-${randomUUID()}`,
        createdAt: at,
        updatedAt: at,
      })
      .returning()
    return row!
  }
  const exchange = async (conversationId: string, question: string, answer: string, at = Date.now()) => {
    const [asked] = await t.db
      .insert(messages)
      .values({ conversationId, sender: 'USER', text: question, createdAt: new Date(at) })
      .returning()
    const [answered] = await t.db
      .insert(messages)
      .values({
        conversationId,
        sender: 'CLONE',
        text: answer,
        hasSources: true,
        replyToId: asked!.id,
        createdAt: new Date(at + 1000),
      })
      .returning()
    return { question: asked!, answer: answered! }
  }
  const page = async (query = '', cookie = creator) => {
    const res = await t.app.inject({ url: `${url}${query}`, headers: { cookie } })
    expect(res.statusCode, res.body).toBe(200)
    return ReviewConversationPage.parse(res.json())
  }
  const detail = async (id: string, cookie = creator) => {
    const res = await t.app.inject({ url: `${url}/${id}`, headers: { cookie } })
    expect(res.statusCode, res.body).toBe(200)
    return ReviewConversationDetail.parse(res.json())
  }
  const revise = (messageId: string, idealResponse: string, cookie = creator) =>
    t.app.inject({
      method: 'POST',
      url: '/api/clone/training/revise',
      payload: { slug: 'lena-hart', messageId, idealResponse },
      headers: { cookie },
    })

  it('lists every medium, newest activity first, with the visitor, the count, and nothing private', async () => {
    const signedIn = await conversation({ userId: visitor.id, title: 'Morning routines' })
    await exchange(signedIn.id, 'How do I start my day?', 'With a glass of water [1].')
    // Activity moves a conversation up: it was made first, but its message is the newest.
    await t.db.update(conversations).set({ updatedAt: new Date() }).where(eq(conversations.id, signedIn.id))
    const sms = await conversation({ medium: 'SMS', title: 'Texting' })
    await t.db.insert(messages).values([
      { conversationId: sms.id, sender: 'USER', text: 'hi' },
      // An announcement copy is the team's own post, not counted.
      { conversationId: sms.id, sender: 'OWNER', text: 'New course out!' },
    ])
    const archived = await conversation({ medium: 'EMBED', hidden: true })
    const theirs = await conversation({ slug: 'tomas-rivera', title: 'Not Lena’s' })

    const { conversations: listed } = await page()
    const ids = listed.map((c) => c.id)
    expect(ids.slice(0, 3)).toEqual([signedIn.id, sms.id, archived.id])
    expect(ids).not.toContain(theirs.id)
    // A contributor reads the same list.
    expect((await page('', contributor)).conversations.map((c) => c.id)).toEqual(ids)
    const [first, second, third] = listed
    expect(first).toMatchObject({
      title: 'Morning routines',
      medium: 'WEB',
      visitor: { name: null, email: 'visitor@review.test' },
      messageCount: 2,
      archived: false,
    })
    expect(second).toMatchObject({ medium: 'SMS', visitor: null, messageCount: 1 })
    expect(third).toMatchObject({ medium: 'EMBED', archived: true, messageCount: 0 })
    // No visitor cookie, share link or session crosses to the team.
    const body = JSON.stringify(listed)
    expect(body).not.toContain(sms.visitorId!)
    expect(body).not.toContain(sms.shareId!)
    expect(body).not.toContain(visitor.token)
  })

  it('filters by medium', async () => {
    const call = await conversation({ medium: 'BROWSER_VOICE' })
    const { conversations: voice } = await page('?medium=BROWSER_VOICE')
    expect(voice.map((c) => c.id)).toContain(call.id)
    expect(voice.every((c) => c.medium === 'BROWSER_VOICE')).toBe(true)
    const { conversations: sms } = await page('?medium=SMS')
    expect(sms.length).toBeGreaterThan(0)
    expect(sms.every((c) => c.medium === 'SMS')).toBe(true)
    expect(
      (await t.app.inject({ url: `${url}?medium=PIGEON`, headers: { cookie: creator } })).statusCode,
    ).toBe(400)
  })

  it('pages with a cursor, never repeating or skipping a conversation', async () => {
    for (let i = 0; i < REVIEW_PAGE_SIZE + 3; i += 1) await conversation({ medium: 'WHATSAPP' })
    const first = await page('?medium=WHATSAPP')
    expect(first.conversations).toHaveLength(REVIEW_PAGE_SIZE)
    expect(first.nextCursor).not.toBeNull()
    const second = await page(`?medium=WHATSAPP&cursor=${first.nextCursor}`)
    expect(second.conversations).toHaveLength(3)
    expect(second.nextCursor).toBeNull()
    const all = [...first.conversations, ...second.conversations]
    expect(new Set(all.map((c) => c.id)).size).toBe(REVIEW_PAGE_SIZE + 3)
    const times = all.map((c) => Date.parse(c.lastActivityAt))
    expect(times).toEqual([...times].sort((a, b) => b - a))
    const bad = await t.app.inject({ url: `${url}?cursor=nonsense`, headers: { cookie: creator } })
    expect(bad.statusCode).toBe(400)
  })

  it('pages through conversations active within the same millisecond without losing one', async () => {
    // Microseconds apart, and some at the very same instant: the cursor keeps what Postgres keeps.
    const rows = Array.from({ length: REVIEW_PAGE_SIZE + 5 }, (_, i) => ({
      cloneId: cloneIdOf('lena-hart'),
      medium: 'EMAIL' as const,
      visitorId: randomUUID(),
      updatedAt: sql`${`2026-01-01T00:00:00.000${String(i % 7).padStart(3, '0')}Z`}::timestamptz`,
    }))
    const made = await t.db.insert(conversations).values(rows).returning({ id: conversations.id })
    const first = await page('?medium=EMAIL')
    const second = await page(`?medium=EMAIL&cursor=${first.nextCursor}`)
    expect(second.nextCursor).toBeNull()
    const seen = [...first.conversations, ...second.conversations].map((c) => c.id)
    expect(new Set(seen).size).toBe(made.length)
    expect(seen.sort()).toEqual(made.map((m) => m.id).sort())
  })

  it('opens a conversation read-only: messages in order, sources named, the sender of each', async () => {
    const c = await conversation({ userId: visitor.id })
    const { question, answer } = await exchange(c.id, 'What about sleep?', 'Eight hours [1][2].')
    await t.db.insert(messageCitations).values([
      {
        messageId: answer.id,
        index: 1,
        documentId: randomUUID(),
        documentTitle: 'Sleep',
        type: 'Website',
        title: 'Sleep guide',
        url: 'https://lena.example/sleep',
        text: 'passage one',
      },
      {
        messageId: answer.id,
        index: 2,
        documentId: randomUUID(),
        documentTitle: 'Book',
        type: 'File',
        title: 'The Routine Book',
        url: null,
        text: 'passage two',
        // Cited by its marker: shown as used even when not visible as a relevant source (spec 1 §5).
        visible: false,
      },
      // A citation with an empty title is hidden (spec 1 §4).
      {
        messageId: answer.id,
        index: 3,
        documentId: randomUUID(),
        documentTitle: '',
        type: 'File',
        title: '',
        url: null,
        text: 'x',
      },
    ])
    const opened = await detail(c.id)
    expect(opened.visitor).toEqual({ name: null, email: 'visitor@review.test' })
    expect(opened.messages.map((m) => [m.sender, m.text])).toEqual([
      ['USER', 'What about sleep?'],
      ['CLONE', 'Eight hours [1][2].'],
    ])
    expect(opened.messages[0]!.id).toBe(question.id)
    expect(opened.messages[1]!.citations).toEqual([
      { index: 1, type: 'Website', title: 'Sleep guide', url: 'https://lena.example/sleep', visible: true },
      { index: 2, type: 'File', title: 'The Routine Book', url: null, visible: false },
    ])
    expect(opened.messages[1]!.revision).toBeNull()
    // The cited passages stay with the sources overlay, not in the review.
    expect(JSON.stringify(opened)).not.toContain('passage one')
    expect(await detail(c.id, contributor)).toEqual(opened)
  })

  it('answers 404 for another clone’s conversation, or one that does not exist', async () => {
    const theirs = await conversation({ slug: 'tomas-rivera' })
    expect(
      (await t.app.inject({ url: `${url}/${theirs.id}`, headers: { cookie: creator } })).statusCode,
    ).toBe(404)
    expect(
      (await t.app.inject({ url: `${url}/${randomUUID()}`, headers: { cookie: creator } })).statusCode,
    ).toBe(404)
    expect((await t.app.inject({ url: `${url}/not-a-uuid`, headers: { cookie: creator } })).statusCode).toBe(
      400,
    )
    // Tomás reads his own through his studio.
    const own = await t.app.inject({
      url: `/api/studio/tomas-rivera/conversations/${theirs.id}`,
      headers: { cookie: otherCreator },
    })
    expect(own.statusCode).toBe(200)
  })

  it('is nobody else’s: signed out 401, a visitor and another creator 404', async () => {
    const c = await conversation({})
    expect((await t.app.inject({ url })).statusCode).toBe(401)
    for (const cookie of [visitor.cookie, otherCreator]) {
      expect((await t.app.inject({ url, headers: { cookie } })).statusCode).toBe(404)
      expect((await t.app.inject({ url: `${url}/${c.id}`, headers: { cookie } })).statusCode).toBe(404)
    }
    expect(
      (await t.app.inject({ url: '/api/studio/no-such-clone/conversations', headers: { cookie: creator } }))
        .statusCode,
    ).toBe(404)
  })

  it('lets the creator revise an answer from the review: it takes effect and is marked; a contributor may not', async () => {
    const c = await conversation({ userId: visitor.id })
    const { answer } = await exchange(c.id, 'Do you like coffee?', 'I have no view.')

    const refused = await revise(answer.id, 'Black, no sugar.', contributor)
    expect(refused.statusCode).toBe(403)
    expect((await detail(c.id)).messages[1]!.revision).toBeNull()

    expect((await revise(answer.id, 'One cup before nine, black.')).statusCode).toBe(201)
    expect((await revise(answer.id, 'One cup before ten, black.')).statusCode).toBe(201)
    const revised = (await detail(c.id)).messages[1]!
    expect(revised.text).toBe('I have no view.')
    expect(revised.revision?.text).toBe('One cup before ten, black.')

    // In effect as the chat's revise puts it: one creator-answer source of the clone, the latest answer.
    const sources = await t.db
      .select({ title: documents.title, text: documents.text })
      .from(cloneTraining)
      .innerJoin(documents, eq(documents.id, cloneTraining.documentId))
      .where(and(eq(cloneTraining.messageId, answer.id), eq(documents.cloneId, cloneIdOf('lena-hart'))))
    expect(sources).toHaveLength(1)
    expect(sources[0]!.title).toBe(CREATOR_ANSWER_TITLE)
    expect(sources[0]!.text).toContain('One cup before ten, black.')
  })
})
