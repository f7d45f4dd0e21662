import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ApiErrorBody, type ChatMessage } from '../../contract'
import { TRACKED_EVENT_TYPES, TrackedEventCounts } from '../../contract/events'
import { VISITOR_COOKIE } from '../../server/auth/visitor'
import { encodeAffiliateTarget } from '../../server/chat/affiliate-url'
import { trackedEvents } from '../../server/db/schema'
import { startOfMonthUtc } from '../../server/events/store'
import { RATE_LIMITED_ROUTES } from '../../server/rate-limits'
import { cloneIdOf } from '../../server/seed'
import { sendChatMessage } from './chat-helpers'
import { seededUserCookie, studio } from './embed-helpers'
import { createTestApp, type TestApp } from './helpers'

const TOPPER = 'https://shop.example.com/lena-hart/coolcore-mattress-topper'

/** spec 1 §7 'Tracked events' (issue #15): recorded by anyone, counted for the clone's team. */
describe('tracked events', () => {
  let t: TestApp
  let answer: ChatMessage
  let visitor: string
  let creator: string
  let contributor: string
  let otherCreator: string
  const lena = cloneIdOf('lena-hart')

  beforeAll(async () => {
    t = await createTestApp()
    const sent = await sendChatMessage(t.app, { text: 'What temperature should my bedroom be for sleep?' })
    answer = sent.message
    visitor = sent.visitor!
    creator = await seededUserCookie(t.db, 'user-lena')
    contributor = await seededUserCookie(t.db, 'user-sam')
    otherCreator = await seededUserCookie(t.db, 'user-tomas')
  })
  afterAll(() => t.close())

  const send = (payload: Record<string, unknown>, cookie = `${VISITOR_COOKIE}=${visitor}`) =>
    t.app.inject({ method: 'POST', url: '/api/events', payload, headers: { cookie } })
  const counts = async (slug = 'lena-hart', cookie = creator) => {
    const res = await studio(t.app, 'GET', `/api/studio/${slug}/events`, cookie)
    expect(res.statusCode, res.body).toBe(200)
    return Object.fromEntries(TrackedEventCounts.parse(res.json()).counts.map((c) => [c.type, c]))
  }

  it('records each type, anonymous visitors included, with the message and its conversation', async () => {
    const before = await counts()
    for (const type of [
      'CLICK_SOURCE',
      'VIDEO_CALL_VIEW_TRANSCRIPT',
      'VIDEO_CALL_SHARE',
      'CLICK_AFFILIATE_PRODUCT',
    ]) {
      const res = await send({ type, slug: 'lena-hart', messageId: answer.id })
      expect(res.statusCode, res.body).toBe(200)
      expect(res.json()).toEqual({ ok: true })
    }
    const after = await counts()
    for (const type of TRACKED_EVENT_TYPES) {
      expect(after[type]!.allTime, type).toBe(before[type]!.allTime + 1)
      expect(after[type]!.thisMonth, type).toBe(before[type]!.thisMonth + 1)
    }
    const [row] = await t.db
      .select()
      .from(trackedEvents)
      .where(and(eq(trackedEvents.messageId, answer.id), eq(trackedEvents.type, 'CLICK_SOURCE')))
    expect(row).toMatchObject({ cloneId: lena, conversationId: answer.conversationId, visitorId: visitor })
    // With no cookie at all, and with only the conversation.
    const bare = await send(
      { type: 'VIDEO_CALL_SHARE', slug: 'lena-hart', conversationId: answer.conversationId },
      '',
    )
    expect(bare.statusCode, bare.body).toBe(200)
  })

  it('refuses what is not one of the four types, or malformed, with 400', async () => {
    for (const payload of [
      { type: 'PAGE_VIEW', slug: 'lena-hart' },
      { type: 'click_source', slug: 'lena-hart' },
      { slug: 'lena-hart' },
      { type: 'CLICK_SOURCE' },
      { type: 'CLICK_SOURCE', slug: 'lena-hart', messageId: 'not-a-uuid' },
      { type: 'CLICK_SOURCE', slug: 'lena-hart', conversationId: 42 },
    ]) {
      const res = await send(payload)
      expect(res.statusCode, JSON.stringify(payload)).toBe(400)
      expect(ApiErrorBody.parse(res.json()).error.code).toBe('bad_request')
    }
  })

  it('answers 400 for a message or conversation of another clone (or none), 404 for an unknown clone', async () => {
    const before = await counts('tomas-rivera', otherCreator)
    for (const payload of [
      { type: 'CLICK_SOURCE', slug: 'tomas-rivera', messageId: answer.id },
      { type: 'CLICK_SOURCE', slug: 'tomas-rivera', conversationId: answer.conversationId },
      { type: 'CLICK_SOURCE', slug: 'lena-hart', messageId: '8d3c9b8e-0000-4000-8000-000000000000' },
    ]) {
      const res = await send(payload)
      expect(res.statusCode, JSON.stringify(payload)).toBe(400)
    }
    const unknown = await send({ type: 'CLICK_SOURCE', slug: 'nobody-here' })
    expect(unknown.statusCode).toBe(404)
    expect(await counts('tomas-rivera', otherCreator)).toEqual(before)
  })

  it('counts a product link click once, on the redirect that follows it', async () => {
    const before = (await counts()).CLICK_AFFILIATE_PRODUCT!
    const res = await t.app.inject({
      url: `/api/affiliate/product/${answer.id}?to=${encodeURIComponent(encodeAffiliateTarget(TOPPER))}`,
      headers: { cookie: `${VISITOR_COOKIE}=${visitor}` },
    })
    expect(res.statusCode).toBe(302)
    expect((await counts()).CLICK_AFFILIATE_PRODUCT).toEqual({
      type: 'CLICK_AFFILIATE_PRODUCT',
      thisMonth: before.thisMonth + 1,
      allTime: before.allTime + 1,
    })
    const refused = await t.app.inject({
      url: `/api/affiliate/product/${answer.id}?to=${encodeAffiliateTarget('https://evil.example.com/')}`,
    })
    expect(refused.statusCode).toBe(404)
    expect((await counts()).CLICK_AFFILIATE_PRODUCT!.allTime).toBe(before.allTime + 1)
  })

  it('counts per clone, this month apart from all time', async () => {
    const before = await counts()
    const lastMonth = new Date(startOfMonthUtc(new Date()).getTime() - 24 * 3600 * 1000)
    await t.db.insert(trackedEvents).values({ cloneId: lena, type: 'VIDEO_CALL_SHARE', createdAt: lastMonth })
    const tomasBefore = await counts('tomas-rivera', otherCreator)
    await send({ type: 'VIDEO_CALL_SHARE', slug: 'tomas-rivera' })
    const after = await counts()
    expect(after.VIDEO_CALL_SHARE).toEqual({
      type: 'VIDEO_CALL_SHARE',
      thisMonth: before.VIDEO_CALL_SHARE!.thisMonth,
      allTime: before.VIDEO_CALL_SHARE!.allTime + 1,
    })
    expect((await counts('tomas-rivera', otherCreator)).VIDEO_CALL_SHARE!.thisMonth).toBe(
      tomasBefore.VIDEO_CALL_SHARE!.thisMonth + 1,
    )
    // Every type is listed, in the contract's order.
    expect(Object.keys(after)).toEqual([...TRACKED_EVENT_TYPES])
  })

  it('shows the counts to the creator and contributors only: 404 for anyone else, 401 signed out', async () => {
    expect(await counts('lena-hart', contributor)).toEqual(await counts('lena-hart', creator))
    const notYours = await studio(t.app, 'GET', '/api/studio/lena-hart/events', otherCreator)
    expect(notYours.statusCode).toBe(404)
    const missing = await studio(t.app, 'GET', '/api/studio/nobody-here/events', creator)
    expect(missing.statusCode).toBe(404)
    const signedOut = await studio(t.app, 'GET', '/api/studio/lena-hart/events', null)
    expect(signedOut.statusCode).toBe(401)
  })

  it('is a rate-limited write', () => {
    expect(RATE_LIMITED_ROUTES['POST /api/events']).toBe('writes')
  })
})
