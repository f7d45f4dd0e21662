import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type AnalyticsMonth, CloneAnalytics } from '../../contract/studio-review'
import {
  checkoutSessions,
  conversations,
  leads,
  memberships,
  messages,
  videoCalls,
  voiceCalls,
} from '../../server/db/schema'
import { cloneIdOf } from '../../server/seed'
import { analyticsWindow } from '../../server/studio/analytics'
import { seededUserCookie } from './embed-helpers'
import { createTestApp, type TestApp, userWithSession } from './helpers'

/** The middle of the UTC month `back` months before this one (the 15th, noon). */
const monthsAgo = (back: number) => {
  const now = new Date()
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back, 15, 12))
}
const keyOf = (date: Date) => date.toISOString().slice(0, 7)

/** Issue #16 'Run it': a clone's activity per UTC month, for its team. */
describe('studio analytics', () => {
  let t: TestApp
  let creator: string
  let contributor: string
  const url = '/api/studio/lena-hart/analytics'
  const lena = () => cloneIdOf('lena-hart')

  beforeAll(async () => {
    t = await createTestApp()
    creator = await seededUserCookie(t.db, 'user-lena')
    contributor = await seededUserCookie(t.db, 'user-sam')
  })
  afterAll(() => t.close())

  const read = async (cookie = creator) => {
    const res = await t.app.inject({ url, headers: { cookie } })
    expect(res.statusCode, res.body).toBe(200)
    return CloneAnalytics.parse(res.json())
  }
  const conversation = async (
    at: Date,
    cloneId = lena(),
    medium: 'WEB' | 'BROWSER_VOICE' | 'VIDEO' = 'WEB',
  ) => {
    const [row] = await t.db
      .insert(conversations)
      .values({ cloneId, medium, visitorId: randomUUID(), createdAt: at, updatedAt: at })
      .returning()
    return row!.id
  }
  const call = (at: Date, seconds: number | null, cloneId = lena()) => ({
    cloneId,
    ledgerSubject: `visitor:${randomUUID()}`,
    ledgerPeriodStart: at,
    language: 'English',
    provider: 'local' as const,
    startedAt: at,
    lastSeenAt: at,
    endedAt: seconds === null ? null : new Date(at.getTime() + seconds * 1000),
    durationSeconds: seconds,
  })
  const checkout = async (
    at: Date,
    cents: number,
    status: 'completed' | 'open' | 'expired',
    cloneId = lena(),
  ) => {
    const [membership] = await t.db
      .select()
      .from(memberships)
      .where(eq(memberships.cloneId, cloneId))
      .limit(1)
    const buyer = await userWithSession(t.db, `buyer-${randomUUID()}@analytics.test`)
    await t.db.insert(checkoutSessions).values({
      clientSecret: `cs_test_${randomUUID()}`,
      userId: buyer.id,
      cloneId,
      membershipId: membership!.id,
      basis: 'monthly',
      amountCents: cents,
      redirectUrl: 'http://localhost/lena-hart',
      provider: 'local',
      status,
      createdAt: at,
      expiresAt: new Date(at.getTime() + 3_600_000),
    })
  }

  it('counts each metric in its UTC month over the last 12 months, zero-filled, with totals', async () => {
    const before = await read()
    const now = monthsAgo(0)
    const twoAgo = monthsAgo(2)
    const oldest = monthsAgo(11)
    const tooOld = monthsAgo(12)

    // Conversations and the visitors' messages (the clone's answers are not user messages).
    const recent = await conversation(now)
    await t.db.insert(messages).values([
      { conversationId: recent, sender: 'USER', text: 'a', createdAt: now },
      { conversationId: recent, sender: 'CLONE', text: 'b', createdAt: now },
      { conversationId: recent, sender: 'USER', text: 'c', createdAt: now },
    ])
    const older = await conversation(twoAgo)
    await t.db
      .insert(messages)
      .values({ conversationId: older, sender: 'USER', text: 'd', createdAt: twoAgo })
    await conversation(oldest)
    const ancient = await conversation(tooOld)
    await t.db
      .insert(messages)
      .values({ conversationId: ancient, sender: 'USER', text: 'e', createdAt: tooOld })
    // Another clone's activity counts for it, not for Lena.
    const tomas = cloneIdOf('tomas-rivera')
    const theirs = await conversation(now, tomas)
    await t.db.insert(messages).values({ conversationId: theirs, sender: 'USER', text: 'f', createdAt: now })

    // Calls: two voice calls this month (one still open), a video call two months ago.
    const voiceConversation = await conversation(now, lena(), 'BROWSER_VOICE')
    await t.db.insert(voiceCalls).values([
      { ...call(now, 90), conversationId: voiceConversation },
      { ...call(now, null), conversationId: voiceConversation },
      { ...call(now, 600, tomas), conversationId: theirs },
    ])
    const videoConversation = await conversation(twoAgo, lena(), 'VIDEO')
    await t.db.insert(videoCalls).values({ ...call(twoAgo, 150), conversationId: videoConversation })

    // Leads and revenue.
    const lead = await userWithSession(t.db, 'lead@analytics.test')
    await t.db.insert(leads).values({ cloneId: lena(), userId: lead.id, createdAt: twoAgo })
    await checkout(now, 1999, 'completed')
    await checkout(twoAgo, 9900, 'completed')
    await checkout(now, 5000, 'open')
    await checkout(now, 5000, 'expired')
    await checkout(now, 700, 'completed', tomas)

    const after = await read()
    expect(after.months).toHaveLength(12)
    expect(after.months.map((m) => m.month)).toEqual(analyticsWindow(new Date()).starts.map(keyOf))
    expect(after.months[0]!.month).toBe(keyOf(oldest))
    expect(after.months[11]!.month).toBe(keyOf(now))

    const added = (key: string) => {
      const a = after.months.find((m) => m.month === key)!
      const b = before.months.find((m) => m.month === key)!
      return Object.fromEntries(
        (Object.keys(a) as (keyof AnalyticsMonth)[])
          .filter((k) => k !== 'month')
          .map((k) => [k, (a[k] as number) - (b[k] as number)]),
      )
    }
    expect(added(keyOf(now))).toEqual({
      conversations: 2,
      userMessages: 2,
      voiceCalls: 2,
      videoCalls: 0,
      voiceSeconds: 90,
      videoSeconds: 0,
      leads: 0,
      revenueCents: 1999,
    })
    expect(added(keyOf(twoAgo))).toEqual({
      conversations: 2,
      userMessages: 1,
      voiceCalls: 0,
      videoCalls: 1,
      voiceSeconds: 0,
      videoSeconds: 150,
      leads: 1,
      revenueCents: 9900,
    })
    expect(added(keyOf(oldest))).toMatchObject({ conversations: 1, userMessages: 0 })
    // A month with nothing is there, with zeros.
    const quiet = after.months.find((m) => m.month === keyOf(monthsAgo(5)))!
    expect(quiet).toEqual({
      month: keyOf(monthsAgo(5)),
      conversations: 0,
      userMessages: 0,
      voiceCalls: 0,
      videoCalls: 0,
      voiceSeconds: 0,
      videoSeconds: 0,
      leads: 0,
      revenueCents: 0,
    })
    // Totals are the sum of the twelve months (the 13th month back is not in them).
    for (const key of Object.keys(after.totals) as (keyof typeof after.totals)[]) {
      expect(after.totals[key]).toBe(after.months.reduce((sum, m) => sum + m[key], 0))
    }
    expect(after.totals.conversations - before.totals.conversations).toBe(5)
    expect(after.totals.revenueCents - before.totals.revenueCents).toBe(1999 + 9900)
  })

  it('is read by the team only: a contributor reads it, a visitor and another creator get 404', async () => {
    expect((await read(contributor)).months).toHaveLength(12)
    expect((await t.app.inject({ url })).statusCode).toBe(401)
    const visitor = await userWithSession(t.db, 'curious@analytics.test')
    const other = await seededUserCookie(t.db, 'user-tomas')
    for (const cookie of [visitor.cookie, other]) {
      expect((await t.app.inject({ url, headers: { cookie } })).statusCode).toBe(404)
    }
  })

  it('starts its window eleven months before the current UTC month, across a year', () => {
    const { starts, end } = analyticsWindow(new Date('2026-02-10T23:30:00Z'))
    expect(starts.map(keyOf)).toEqual([
      '2025-03',
      '2025-04',
      '2025-05',
      '2025-06',
      '2025-07',
      '2025-08',
      '2025-09',
      '2025-10',
      '2025-11',
      '2025-12',
      '2026-01',
      '2026-02',
    ])
    expect(end.toISOString()).toBe('2026-03-01T00:00:00.000Z')
  })
})
