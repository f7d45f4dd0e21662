import { randomUUID } from 'node:crypto'
import { and, eq, isNull, lt, or, sql } from 'drizzle-orm'
import { DEFAULT_CONVERSATION_TITLE } from '../../contract'
import { MAX_VIDEO_CALL_SECONDS, type VideoCallEndReason } from '../../contract/video'
import type { Db, Tx } from '../db/client'
import { conversations, usageCounters, videoCalls } from '../db/schema'
import type { CallLedger } from './voice-call-store'

/*
 * The server's record of a video call (spec 2 §3 'Video call metadata'), mirroring voice-call-store.ts: the
 * seconds reach usage_counters.video_seconds once, by the request that sets `ended_at` (an UPDATE ... WHERE
 * ended_at IS NULL) in the same transaction, and never more than the 1-hour hard limit (spec 2 §9).
 */

export type VideoCallRow = typeof videoCalls.$inferSelect

export interface VideoCallToOpen {
  id?: string
  cloneId: string
  instanceId: string | null
  userId: string | null
  visitorId: string | null
  ledger: CallLedger
  language: string
  provider: 'local' | 'tavus'
  startedAt: Date
  /** The Tavus conversation created for it, when Tavus holds it. */
  tavus?: { conversationId: string; conversationUrl: string } | null
}

/** Opens a call and its conversation (medium VIDEO) in one transaction. */
export function openVideoCall(db: Db, call: VideoCallToOpen): Promise<VideoCallRow> {
  return db.transaction(async (tx) => {
    const [conversation] = await tx
      .insert(conversations)
      .values({
        cloneId: call.cloneId,
        instanceId: call.instanceId,
        userId: call.userId,
        visitorId: call.visitorId,
        title: DEFAULT_CONVERSATION_TITLE,
        medium: 'VIDEO',
        createdAt: call.startedAt,
        updatedAt: call.startedAt,
      })
      .returning({ id: conversations.id })
    const [row] = await tx
      .insert(videoCalls)
      .values({
        id: call.id ?? randomUUID(),
        conversationId: conversation!.id,
        cloneId: call.cloneId,
        instanceId: call.instanceId,
        userId: call.userId,
        visitorId: call.visitorId,
        ledgerSubject: call.ledger.subject,
        ledgerPeriodStart: call.ledger.periodStart,
        ledgerScope: call.ledger.scope,
        language: call.language,
        provider: call.provider,
        tavusConversationId: call.tavus?.conversationId ?? null,
        tavusConversationUrl: call.tavus?.conversationUrl ?? null,
        startedAt: call.startedAt,
        lastSeenAt: call.startedAt,
      })
      .returning()
    return row!
  })
}

export async function findVideoCall(db: Db | Tx, id: string): Promise<VideoCallRow | undefined> {
  const [row] = await db.select().from(videoCalls).where(eq(videoCalls.id, id)).limit(1)
  return row
}

/** The newest call held in a conversation. */
export async function findVideoCallByConversation(db: Db, conversationId: string) {
  const [row] = await db
    .select()
    .from(videoCalls)
    .where(eq(videoCalls.conversationId, conversationId))
    .orderBy(sql`${videoCalls.startedAt} desc`)
    .limit(1)
  return row
}

/**
 * Tavus's replica joined the room (its `system.replica_joined` callback): the call's charged time starts
 * here. Only the first report of an open call counts.
 */
export async function markReplicaJoined(db: Db, id: string, at: Date): Promise<VideoCallRow | undefined> {
  const [row] = await db
    .update(videoCalls)
    .set({
      replicaJoinedAt: at,
      lastSeenAt: sql`greatest(${videoCalls.lastSeenAt}, ${at.toISOString()}::timestamptz)`,
    })
    .where(and(eq(videoCalls.id, id), isNull(videoCalls.endedAt), isNull(videoCalls.replicaJoinedAt)))
    .returning()
  return row
}

/** The call is still there (a heartbeat, a turn, a transcript line): the sweeper leaves it open. */
export async function touchVideoCall(db: Db, id: string, now: Date): Promise<VideoCallRow | undefined> {
  const [row] = await db
    .update(videoCalls)
    .set({ lastSeenAt: sql`greatest(${videoCalls.lastSeenAt}, ${now.toISOString()}::timestamptz)` })
    .where(and(eq(videoCalls.id, id), isNull(videoCalls.endedAt)))
    .returning()
  return row
}

/** Whole seconds the call is charged for up to `at` (as endVideoCall), between 0 and the 1-hour limit. */
export function videoElapsedSeconds(
  call: Pick<VideoCallRow, 'startedAt' | 'replicaJoinedAt'>,
  at: Date,
): number {
  const ms = at.getTime() - (call.replicaJoinedAt ?? call.startedAt).getTime()
  return Math.min(MAX_VIDEO_CALL_SECONDS, Math.max(0, Math.ceil(ms / 1000)))
}

export interface VideoCallEnding {
  endedAt: Date
  reason: VideoCallEndReason
  /** The browser's report of the replica's boot, kept for the studio's figures; it charges nothing. */
  replicaBootDuration?: number | null
}

/**
 * Ends a call and charges its seconds to usage_counters.video_seconds exactly once: only the request that
 * sets `ended_at` charges, in the same transaction. Later ends (a second hang-up, the sweeper, Tavus's
 * shutdown callback) answer the stored duration with charged false.
 *
 * The seconds are the server's own measure (issue #26): from the replica joining (Tavus's callback), else
 * from the start, to `endedAt`. Nothing the browser reports can lower them.
 */
export async function endVideoCall(
  db: Db,
  id: string,
  ending: VideoCallEnding,
): Promise<{ charged: boolean; durationSeconds: number }> {
  const endedAt = ending.endedAt.toISOString()
  const from = sql`coalesce(${videoCalls.replicaJoinedAt}, ${videoCalls.startedAt})`
  const measured = sql`ceil(extract(epoch from (${endedAt}::timestamptz - ${from})))`
  const duration = sql`least(${MAX_VIDEO_CALL_SECONDS}, greatest(0, ${measured}))::int`
  const ended = await db.transaction(async (tx) => {
    const [row] = await tx
      .update(videoCalls)
      .set({
        endedAt: sql`${endedAt}::timestamptz`,
        endReason: ending.reason,
        durationSeconds: duration,
        charged: true,
        ...(ending.replicaBootDuration != null
          ? { replicaBootDuration: Math.round(ending.replicaBootDuration) }
          : {}),
      })
      .where(and(eq(videoCalls.id, id), isNull(videoCalls.endedAt)))
      .returning()
    if (!row) return undefined
    const seconds = row.durationSeconds ?? 0
    await chargeVideoSeconds(tx, row, seconds)
    return { charged: true, durationSeconds: seconds }
  })
  if (ended) return ended
  const stored = await findVideoCall(db, id)
  return { charged: false, durationSeconds: stored?.durationSeconds ?? 0 }
}

async function chargeVideoSeconds(tx: Tx, call: VideoCallRow, seconds: number): Promise<void> {
  await tx
    .insert(usageCounters)
    .values({
      cloneId: call.cloneId,
      instanceId: call.ledgerScope,
      subject: call.ledgerSubject,
      periodStart: call.ledgerPeriodStart,
      videoSeconds: seconds,
    })
    .onConflictDoUpdate({
      target: [
        usageCounters.cloneId,
        usageCounters.instanceId,
        usageCounters.subject,
        usageCounters.periodStart,
      ],
      set: { videoSeconds: sql`${usageCounters.videoSeconds} + ${seconds}`, updatedAt: sql`now()` },
    })
}

/** A local call unheard of for this long has been left (the voice call's 60 s, spec 2 §9). */
export const VIDEO_CALL_INACTIVITY_MS = 60_000
/** How long a Tavus call may stay open without its end report: the 1-hour limit and ten minutes. */
export const TAVUS_REPORT_GRACE_MS = (MAX_VIDEO_CALL_SECONDS + 600) * 1000

/**
 * Ends every open local call last seen more than VIDEO_CALL_INACTIVITY_MS before `now`, at its last sign of
 * life. A Tavus call is left to its end report (Tavus ends the room itself at the hour), and ended here at
 * its last sign of life only when no report came within TAVUS_REPORT_GRACE_MS. Answers how many it ended.
 */
export async function endInactiveVideoCalls(db: Db, now: Date): Promise<number> {
  const stale = await db
    .select({ id: videoCalls.id, lastSeenAt: videoCalls.lastSeenAt })
    .from(videoCalls)
    .where(
      and(
        isNull(videoCalls.endedAt),
        or(
          and(
            eq(videoCalls.provider, 'local'),
            lt(videoCalls.lastSeenAt, new Date(now.getTime() - VIDEO_CALL_INACTIVITY_MS)),
          ),
          and(
            eq(videoCalls.provider, 'tavus'),
            lt(videoCalls.startedAt, new Date(now.getTime() - TAVUS_REPORT_GRACE_MS)),
          ),
        ),
      ),
    )
  let ended = 0
  for (const call of stale) {
    const result = await endVideoCall(db, call.id, { endedAt: call.lastSeenAt, reason: 'inactivity' })
    if (result.charged) ended++
  }
  return ended
}
