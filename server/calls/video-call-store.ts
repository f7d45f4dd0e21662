import { randomUUID } from 'node:crypto'
import { and, eq, isNull, sql } from 'drizzle-orm'
import { DEFAULT_CONVERSATION_TITLE } from '../../contract'
import { MAX_VIDEO_CALL_SECONDS, type VideoCallEndReason } from '../../contract/video'
import type { Db, Tx } from '../db/client'
import { conversations, videoCalls } from '../db/schema'
import {
  type CallKind,
  type CallLedger,
  endCall,
  endLeftCalls,
  findCall,
  findCallByConversation,
  ledgerColumns,
  measuredSeconds,
  secondsBetween,
  touchCall,
} from './call-ledger'

/*
 * The server's record of a video call (spec 2 §3 'Video call metadata'), the other kind of call of the ledger
 * (call-ledger.ts): the seconds reach usage_counters.video_seconds once, never more than the 1-hour hard
 * limit (spec 2 §9). What is video's own here: Tavus's room, the replica joining, the boot time.
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
        ...ledgerColumns(call.ledger, call.startedAt),
        language: call.language,
        provider: call.provider,
        tavusConversationId: call.tavus?.conversationId ?? null,
        tavusConversationUrl: call.tavus?.conversationUrl ?? null,
      })
      .returning()
    return row!
  })
}

export const findVideoCall = (db: Db | Tx, id: string) => findCall(VIDEO, db, id)

/** The newest call held in a conversation. */
export const findVideoCallByConversation = (db: Db, conversationId: string) =>
  findCallByConversation(VIDEO, db, conversationId)

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
export const touchVideoCall = (db: Db, id: string, now: Date) => touchCall(VIDEO, db, id, now)

/** Whole seconds the call is charged for up to `at` (as endVideoCall), between 0 and the 1-hour limit. */
export const videoElapsedSeconds = (
  call: Pick<VideoCallRow, 'startedAt' | 'replicaJoinedAt'>,
  at: Date,
): number => secondsBetween(call.replicaJoinedAt ?? call.startedAt, at, MAX_VIDEO_CALL_SECONDS)

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
export function endVideoCall(
  db: Db,
  id: string,
  ending: VideoCallEnding,
): Promise<{ charged: boolean; durationSeconds: number }> {
  return endCall(VIDEO, db, id, {
    endedAt: ending.endedAt,
    reason: ending.reason,
    durationSeconds: measuredSeconds(
      sql`coalesce(${videoCalls.replicaJoinedAt}, ${videoCalls.startedAt})`,
      ending.endedAt,
      MAX_VIDEO_CALL_SECONDS,
    ),
    also:
      ending.replicaBootDuration != null
        ? { replicaBootDuration: Math.round(ending.replicaBootDuration) }
        : {},
  })
}

/** A local call unheard of for this long has been left (the voice call's 60 s, spec 2 §9). */
export const VIDEO_CALL_INACTIVITY_MS = 60_000
/** How long a Tavus call may stay open without its end report: the 1-hour limit and ten minutes. */
export const TAVUS_REPORT_GRACE_MS = (MAX_VIDEO_CALL_SECONDS + 600) * 1000

/** Video calls in the ledger: video seconds, the local avatar's heartbeats, Tavus's report. */
const VIDEO: CallKind<typeof videoCalls> = {
  table: videoCalls,
  counter: 'videoSeconds',
  inactivityMs: VIDEO_CALL_INACTIVITY_MS,
  remote: { provider: 'tavus', graceMs: TAVUS_REPORT_GRACE_MS },
}

/**
 * Ends every open local call last seen more than VIDEO_CALL_INACTIVITY_MS before `now`, at its last sign of
 * life. A Tavus call is left to its end report (Tavus ends the room itself at the hour), and ended here at
 * its last sign of life only when no report came within TAVUS_REPORT_GRACE_MS. Answers how many it ended.
 */
export const endInactiveVideoCalls = (db: Db, now: Date): Promise<number> =>
  endLeftCalls(VIDEO, db, now, (id, at) => endVideoCall(db, id, { endedAt: at, reason: 'inactivity' }))
