import { and, eq, gte, lt, type SQL, sql } from 'drizzle-orm'
import type { AnyPgColumn } from 'drizzle-orm/pg-core'
import type { AnalyticsMonth, AnalyticsTotals, CloneAnalytics } from '../../contract/studio-review'
import type { Db } from '../db/client'
import { checkoutSessions, conversations, leads, messages, videoCalls, voiceCalls } from '../db/schema'

/*
 * The studio's analytics (issue #16 'Run it'): a clone's activity per UTC calendar month over the last 12
 * months, one grouped query per metric, months with nothing filled with zeros.
 *
 * - conversations: conversations started (created), every medium, archived ones included;
 * - userMessages: messages the visitors sent (sender USER), by when they were sent;
 * - calls and their seconds: voice and video calls by the month they started (as the usage ledger counts
 *   them), seconds of the calls that ended;
 * - leads: people captured (embed contact capture or a text opt-in), by when they were first captured;
 * - revenue: what visitors paid at checkout for the clone's memberships (new subscriptions and plan
 *   switches), in USD cents at the checkout's price, gross (before provider fees and refunds), by the month
 *   the checkout was opened (it completes within the hour or expires). Local test-mode checkouts count like
 *   Stripe ones. Renewals are not recorded anywhere by the product (local renewals extend the period, Stripe
 *   renewals are not reported to us), so they are not in it.
 *
 * Each query reads one clone's rows of the window through an index on (clone_id, time) (migration 0016;
 * visitor messages through their conversations and messages_conversation_idx).
 */

export const ANALYTICS_MONTHS = 12

/** 'YYYY-MM' of a date's UTC month. */
const monthKey = (date: Date) => date.toISOString().slice(0, 7)

/** The first instants of the window's UTC months, oldest first, and the end of the current month. */
export function analyticsWindow(now: Date, months = ANALYTICS_MONTHS) {
  const year = now.getUTCFullYear()
  const month = now.getUTCMonth()
  const starts = Array.from(
    { length: months },
    (_, i) => new Date(Date.UTC(year, month - (months - 1) + i, 1)),
  )
  return { starts, end: new Date(Date.UTC(year, month + 1, 1)) }
}

/** Rows grouped by the UTC month of `column` (between `from` and `to`), as 'YYYY-MM'. */
const monthOf = (column: AnyPgColumn) =>
  sql<string>`to_char(date_trunc('month', ${column} at time zone 'UTC'), 'YYYY-MM')`

const inWindow = (column: AnyPgColumn, from: Date, to: Date): SQL =>
  and(gte(column, from), lt(column, to)) as SQL

type Counted = { month: string; count: number; seconds?: number }

const emptyTotals = (): AnalyticsTotals => ({
  conversations: 0,
  userMessages: 0,
  voiceCalls: 0,
  videoCalls: 0,
  voiceSeconds: 0,
  videoSeconds: 0,
  leads: 0,
  revenueCents: 0,
})

export async function cloneAnalytics(db: Db, cloneId: string, now = new Date()): Promise<CloneAnalytics> {
  const { starts, end } = analyticsWindow(now)
  const from = starts[0]!

  const started = monthOf(conversations.createdAt)
  const conversationRows = await db
    .select({ month: started, count: sql<number>`count(*)::int` })
    .from(conversations)
    .where(and(eq(conversations.cloneId, cloneId), inWindow(conversations.createdAt, from, end)))
    .groupBy(started)

  const sent = monthOf(messages.createdAt)
  const messageRows = await db
    .select({ month: sent, count: sql<number>`count(*)::int` })
    .from(messages)
    .innerJoin(conversations, eq(conversations.id, messages.conversationId))
    .where(
      and(
        eq(conversations.cloneId, cloneId),
        eq(messages.sender, 'USER'),
        inWindow(messages.createdAt, from, end),
      ),
    )
    .groupBy(sent)

  // Voice and video calls alike: by the month they started, how many and the seconds of those that ended.
  const callsPerMonth = (calls: typeof voiceCalls | typeof videoCalls) => {
    const started = monthOf(calls.startedAt)
    return db
      .select({
        month: started,
        count: sql<number>`count(*)::int`,
        seconds: sql<number>`coalesce(sum(${calls.durationSeconds}), 0)::int`,
      })
      .from(calls)
      .where(and(eq(calls.cloneId, cloneId), inWindow(calls.startedAt, from, end)))
      .groupBy(started)
  }
  const voiceRows = await callsPerMonth(voiceCalls)
  const videoRows = await callsPerMonth(videoCalls)

  const captured = monthOf(leads.createdAt)
  const leadRows = await db
    .select({ month: captured, count: sql<number>`count(*)::int` })
    .from(leads)
    .where(and(eq(leads.cloneId, cloneId), inWindow(leads.createdAt, from, end)))
    .groupBy(captured)

  const paid = monthOf(checkoutSessions.createdAt)
  const revenueRows = await db
    .select({ month: paid, count: sql<number>`coalesce(sum(${checkoutSessions.amountCents}), 0)::int` })
    .from(checkoutSessions)
    .where(
      and(
        eq(checkoutSessions.cloneId, cloneId),
        eq(checkoutSessions.status, 'completed'),
        inWindow(checkoutSessions.createdAt, from, end),
      ),
    )
    .groupBy(paid)

  const byMonth = (rows: Counted[]) => new Map(rows.map((r) => [r.month, r]))
  const c = byMonth(conversationRows)
  const m = byMonth(messageRows)
  const v = byMonth(voiceRows)
  const vi = byMonth(videoRows)
  const l = byMonth(leadRows)
  const r = byMonth(revenueRows)
  const months: AnalyticsMonth[] = starts.map((start) => {
    const key = monthKey(start)
    return {
      month: key,
      conversations: Number(c.get(key)?.count ?? 0),
      userMessages: Number(m.get(key)?.count ?? 0),
      voiceCalls: Number(v.get(key)?.count ?? 0),
      videoCalls: Number(vi.get(key)?.count ?? 0),
      voiceSeconds: Number(v.get(key)?.seconds ?? 0),
      videoSeconds: Number(vi.get(key)?.seconds ?? 0),
      leads: Number(l.get(key)?.count ?? 0),
      revenueCents: Number(r.get(key)?.count ?? 0),
    }
  })
  const totals = emptyTotals()
  for (const month of months) {
    for (const key of Object.keys(totals) as (keyof AnalyticsTotals)[]) totals[key] += month[key]
  }
  return { months, totals }
}
