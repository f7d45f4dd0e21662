import { randomUUID } from 'node:crypto'
import { and, eq, isNull, lt, or, sql } from 'drizzle-orm'
import { DEFAULT_CONVERSATION_TITLE } from '../../contract'
import type { VoiceCallEndReason } from '../../contract/calls'
import type { Db, Tx } from '../db/client'
import { type CallTranscriptLine, conversations, usageCounters, voiceCalls } from '../db/schema'

/*
 * The server's record of a voice call (spec 2 §3 'Voice call metadata'). Whoever holds the call (the browser
 * with our routes, or Vapi with its webhook), the seconds reach the usage ledger once: endVoiceCall sets
 * `ended_at` only on a row where it is still null and adds the seconds in the same transaction.
 */

export type VoiceCallRow = typeof voiceCalls.$inferSelect

/** spec 2 §9 'max duration 21600 s (6 h)': no call is charged more than that. */
export const MAX_CALL_SECONDS = 21_600

/** Where a call's seconds count (server/billing/usage.ts allowanceOf: subject, period and scope). */
export interface CallLedger {
  subject: string
  periodStart: Date
  /** The instance the quota belongs to, or null for the whole clone. */
  scope: string | null
}

export interface VoiceCallToOpen {
  /** Made here when absent. */
  id?: string
  cloneId: string
  instanceId: string | null
  userId: string | null
  visitorId: string | null
  ledger: CallLedger
  language: string
  provider: 'local' | 'vapi'
  startedAt: Date
  /** An existing conversation to hold the call; otherwise a new BROWSER_VOICE one is made. */
  conversationId?: string | null
}

/** Opens a call and, unless one is given, its conversation (medium BROWSER_VOICE), in one transaction. */
export function openVoiceCall(db: Db, call: VoiceCallToOpen): Promise<VoiceCallRow> {
  return db.transaction(async (tx) => {
    let conversationId = call.conversationId ?? null
    if (!conversationId) {
      const [conversation] = await tx
        .insert(conversations)
        .values({
          cloneId: call.cloneId,
          instanceId: call.instanceId,
          userId: call.userId,
          visitorId: call.visitorId,
          title: DEFAULT_CONVERSATION_TITLE,
          medium: 'BROWSER_VOICE',
          createdAt: call.startedAt,
          updatedAt: call.startedAt,
        })
        .returning({ id: conversations.id })
      conversationId = conversation!.id
    }
    const [row] = await tx
      .insert(voiceCalls)
      .values({
        id: call.id ?? randomUUID(),
        conversationId,
        cloneId: call.cloneId,
        instanceId: call.instanceId,
        userId: call.userId,
        visitorId: call.visitorId,
        ledgerSubject: call.ledger.subject,
        ledgerPeriodStart: call.ledger.periodStart,
        ledgerScope: call.ledger.scope,
        language: call.language,
        provider: call.provider,
        startedAt: call.startedAt,
        lastSeenAt: call.startedAt,
      })
      .returning()
    return row!
  })
}

export async function findVoiceCall(db: Db | Tx, id: string): Promise<VoiceCallRow | undefined> {
  const [row] = await db.select().from(voiceCalls).where(eq(voiceCalls.id, id)).limit(1)
  return row
}

export async function findVoiceCallByProviderId(
  db: Db | Tx,
  providerCallId: string,
): Promise<VoiceCallRow | undefined> {
  const [row] = await db
    .select()
    .from(voiceCalls)
    .where(eq(voiceCalls.providerCallId, providerCallId))
    .limit(1)
  return row
}

/** The newest call held in a conversation. */
export async function findVoiceCallByConversation(db: Db, conversationId: string) {
  const [row] = await db
    .select()
    .from(voiceCalls)
    .where(eq(voiceCalls.conversationId, conversationId))
    .orderBy(sql`${voiceCalls.startedAt} desc`)
    .limit(1)
  return row
}

/** Records the provider's call id (Vapi): false when the call is unknown or already has another id. */
export async function setProviderCallId(db: Db, id: string, providerCallId: string): Promise<boolean> {
  const rows = await db
    .update(voiceCalls)
    .set({ providerCallId })
    .where(
      and(
        eq(voiceCalls.id, id),
        sql`(${voiceCalls.providerCallId} is null or ${voiceCalls.providerCallId} = ${providerCallId})`,
      ),
    )
    .returning({ id: voiceCalls.id })
  return rows.length > 0
}

/** The call is still there (a heartbeat or a turn): the inactivity sweeper leaves it open. */
export async function touchVoiceCall(db: Db, id: string, now: Date): Promise<VoiceCallRow | undefined> {
  const [row] = await db
    .update(voiceCalls)
    .set({ lastSeenAt: sql`greatest(${voiceCalls.lastSeenAt}, ${now.toISOString()}::timestamptz)` })
    .where(and(eq(voiceCalls.id, id), isNull(voiceCalls.endedAt)))
    .returning()
  return row
}

/** Whole seconds from start to `at`, rounded up, between 0 and MAX_CALL_SECONDS. */
export function elapsedSeconds(call: Pick<VoiceCallRow, 'startedAt'>, at: Date): number {
  const ms = at.getTime() - call.startedAt.getTime()
  return Math.min(MAX_CALL_SECONDS, Math.max(0, Math.ceil(ms / 1000)))
}

export interface CallEnding {
  endedAt: Date
  reason: VoiceCallEndReason
  /** The provider's own count (Vapi); otherwise from started_at to endedAt. */
  durationSeconds?: number
  recordingUrl?: string | null
  transcript?: CallTranscriptLine[] | null
}

/**
 * Ends a call and charges its seconds to the ledger (usage_counters.voice_seconds), exactly once: only the
 * request that sets `ended_at` (an UPDATE ... WHERE ended_at IS NULL) charges, in the same transaction. A
 * later end (a second hang-up, the sweeper, Vapi's webhook) answers the stored duration with charged false.
 */
export async function endVoiceCall(
  db: Db,
  id: string,
  ending: CallEnding,
): Promise<{ charged: boolean; durationSeconds: number }> {
  const endedAt = ending.endedAt.toISOString()
  const duration =
    ending.durationSeconds !== undefined
      ? sql`${Math.min(MAX_CALL_SECONDS, Math.max(0, Math.ceil(ending.durationSeconds)))}`
      : sql`least(${MAX_CALL_SECONDS}, greatest(0, ceil(extract(epoch from (${endedAt}::timestamptz - ${voiceCalls.startedAt})))))::int`
  const ended = await db.transaction(async (tx) => {
    const [row] = await tx
      .update(voiceCalls)
      .set({
        endedAt: sql`${endedAt}::timestamptz`,
        endReason: ending.reason,
        durationSeconds: duration,
        charged: true,
        ...(ending.recordingUrl !== undefined ? { recordingUrl: ending.recordingUrl } : {}),
        ...(ending.transcript !== undefined ? { transcript: ending.transcript } : {}),
      })
      .where(and(eq(voiceCalls.id, id), isNull(voiceCalls.endedAt)))
      .returning()
    if (!row) return undefined
    const seconds = row.durationSeconds ?? 0
    await chargeVoiceSeconds(tx, row, seconds)
    if (row.recordingUrl) {
      await tx
        .update(conversations)
        .set({ recordingUrl: row.recordingUrl })
        .where(eq(conversations.id, row.conversationId))
    }
    return { charged: true, durationSeconds: seconds }
  })
  if (ended) return ended
  const stored = await findVoiceCall(db, id)
  return { charged: false, durationSeconds: stored?.durationSeconds ?? 0 }
}

/** Adds a call's seconds to its ledger row (made when it is the subject's first use this period). */
async function chargeVoiceSeconds(tx: Tx, call: VoiceCallRow, seconds: number): Promise<void> {
  await tx
    .insert(usageCounters)
    .values({
      cloneId: call.cloneId,
      instanceId: call.ledgerScope,
      subject: call.ledgerSubject,
      periodStart: call.ledgerPeriodStart,
      voiceSeconds: seconds,
    })
    .onConflictDoUpdate({
      target: [
        usageCounters.cloneId,
        usageCounters.instanceId,
        usageCounters.subject,
        usageCounters.periodStart,
      ],
      set: { voiceSeconds: sql`${usageCounters.voiceSeconds} + ${seconds}`, updatedAt: sql`now()` },
    })
}

/** spec 2 §9 'silence time-out 60 s': a call unheard of for this long has been left. */
export const CALL_INACTIVITY_MS = 60_000

/**
 * How long a Vapi call may stay open without its end-of-call report: its longest possible call (spec 2 §9
 * max duration) and ten minutes for the report to arrive.
 */
export const VAPI_REPORT_GRACE_MS = (MAX_CALL_SECONDS + 600) * 1000

/**
 * Ends every open local call last seen more than CALL_INACTIVITY_MS before `now`, at its last sign of life
 * (the visitor is not charged for the minute nobody was there). A Vapi call sends no heartbeats: Vapi's
 * end-of-call report ends it with Vapi's own duration, so it is left to the webhook, and ended here at its
 * last sign of life only when no report came within VAPI_REPORT_GRACE_MS. Answers how many it ended.
 */
export async function endInactiveCalls(db: Db, now: Date): Promise<number> {
  const stale = await db
    .select({ id: voiceCalls.id, lastSeenAt: voiceCalls.lastSeenAt })
    .from(voiceCalls)
    .where(
      and(
        isNull(voiceCalls.endedAt),
        or(
          and(
            eq(voiceCalls.provider, 'local'),
            lt(voiceCalls.lastSeenAt, new Date(now.getTime() - CALL_INACTIVITY_MS)),
          ),
          and(
            eq(voiceCalls.provider, 'vapi'),
            lt(voiceCalls.startedAt, new Date(now.getTime() - VAPI_REPORT_GRACE_MS)),
          ),
        ),
      ),
    )
  let ended = 0
  for (const call of stale) {
    const result = await endVoiceCall(db, call.id, { endedAt: call.lastSeenAt, reason: 'inactivity' })
    if (result.charged) ended++
  }
  return ended
}
