import { count, eq, gte, sql } from 'drizzle-orm'
import { TRACKED_EVENT_TYPES, type TrackedEventCount, type TrackedEventType } from '../../contract/events'
import type { Owner } from '../auth/visitor'
import type { Db } from '../db/client'
import { trackedEvents } from '../db/schema'

/** spec 1 §7 'Tracked events': one row per event; `db` may be a transaction. */
export async function recordTrackedEvent(
  db: Pick<Db, 'insert'>,
  event: {
    cloneId: string
    type: TrackedEventType
    owner: Owner
    messageId?: string | null
    conversationId?: string | null
  },
): Promise<void> {
  await db.insert(trackedEvents).values({
    cloneId: event.cloneId,
    type: event.type,
    messageId: event.messageId ?? null,
    conversationId: event.conversationId ?? null,
    visitorId: event.owner.userId ? null : event.owner.visitorId,
    userId: event.owner.userId,
  })
}

/** The first instant of `now`'s calendar month, UTC. */
export const startOfMonthUtc = (now: Date) => new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1))

/** Counts per type of a clone: this month (UTC) and all time, every type listed (zero when none). */
export async function countTrackedEvents(
  db: Db,
  cloneId: string,
  now = new Date(),
): Promise<TrackedEventCount[]> {
  const monthStart = startOfMonthUtc(now)
  const rows = await db
    .select({
      type: trackedEvents.type,
      allTime: count(),
      thisMonth: sql<number>`count(*) filter (where ${gte(trackedEvents.createdAt, monthStart)})`.mapWith(
        Number,
      ),
    })
    .from(trackedEvents)
    .where(eq(trackedEvents.cloneId, cloneId))
    .groupBy(trackedEvents.type)
  return TRACKED_EVENT_TYPES.map((type) => {
    const row = rows.find((r) => r.type === type)
    return { type, thisMonth: row?.thisMonth ?? 0, allTime: row?.allTime ?? 0 }
  })
}
