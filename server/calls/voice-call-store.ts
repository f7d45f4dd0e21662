import { randomUUID } from 'node:crypto'
import { and, eq, sql } from 'drizzle-orm'
import { DEFAULT_CONVERSATION_TITLE } from '../../contract'
import type { VoiceCallEndReason } from '../../contract/calls'
import type { Db, Tx } from '../db/client'
import { type CallTranscriptLine, conversations, voiceCalls } from '../db/schema'
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
  wholeSeconds,
} from './call-ledger'

/*
 * The server's record of a voice call (spec 2 §3 'Voice call metadata'), one kind of call of the ledger
 * (call-ledger.ts). Whoever holds the call (the browser with our routes, or Vapi with its webhook), the
 * seconds reach usage_counters.voice_seconds once; what is voice's own here: Vapi's call id and report.
 */

export type VoiceCallRow = typeof voiceCalls.$inferSelect

/** spec 2 §9 'max duration 21600 s (6 h)': no call is charged more than that. */
export const MAX_CALL_SECONDS = 21_600

export type { CallLedger }

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
        ...ledgerColumns(call.ledger, call.startedAt),
        language: call.language,
        provider: call.provider,
      })
      .returning()
    return row!
  })
}

export const findVoiceCall = (db: Db | Tx, id: string) => findCall(VOICE, db, id)

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
export const findVoiceCallByConversation = (db: Db, conversationId: string) =>
  findCallByConversation(VOICE, db, conversationId)

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
export const touchVoiceCall = (db: Db, id: string, now: Date) => touchCall(VOICE, db, id, now)

/** Whole seconds from start to `at`, rounded up, between 0 and MAX_CALL_SECONDS. */
export const elapsedSeconds = (call: Pick<VoiceCallRow, 'startedAt'>, at: Date): number =>
  secondsBetween(call.startedAt, at, MAX_CALL_SECONDS)

export interface CallEnding {
  endedAt: Date
  reason: VoiceCallEndReason
  /** The provider's own count (Vapi); otherwise from started_at to endedAt. */
  durationSeconds?: number
  recordingUrl?: string | null
  transcript?: CallTranscriptLine[] | null
}

/**
 * Ends a call and charges its seconds to usage_counters.voice_seconds, exactly once (call-ledger.ts endCall).
 * Vapi's report brings its own count, recording and transcript; a recording reaches the conversation too.
 */
export function endVoiceCall(
  db: Db,
  id: string,
  ending: CallEnding,
): Promise<{ charged: boolean; durationSeconds: number }> {
  const counted = ending.durationSeconds
  return endCall(VOICE, db, id, {
    endedAt: ending.endedAt,
    reason: ending.reason,
    durationSeconds:
      counted !== undefined
        ? sql`${wholeSeconds(counted, MAX_CALL_SECONDS)}`
        : measuredSeconds(voiceCalls.startedAt, ending.endedAt, MAX_CALL_SECONDS),
    also: {
      ...(ending.recordingUrl !== undefined ? { recordingUrl: ending.recordingUrl } : {}),
      ...(ending.transcript !== undefined ? { transcript: ending.transcript } : {}),
    },
    after: async (tx, row) => {
      if (!row.recordingUrl) return
      await tx
        .update(conversations)
        .set({ recordingUrl: row.recordingUrl })
        .where(eq(conversations.id, row.conversationId))
    },
  })
}

/** spec 2 §9 'silence time-out 60 s': a call unheard of for this long has been left. */
export const CALL_INACTIVITY_MS = 60_000

/**
 * How long a Vapi call may stay open without its end-of-call report: its longest possible call (spec 2 §9
 * max duration) and ten minutes for the report to arrive.
 */
export const VAPI_REPORT_GRACE_MS = (MAX_CALL_SECONDS + 600) * 1000

/** Voice calls in the ledger: voice seconds, the local call's heartbeats, Vapi's report. */
const VOICE: CallKind<typeof voiceCalls> = {
  table: voiceCalls,
  counter: 'voiceSeconds',
  inactivityMs: CALL_INACTIVITY_MS,
  remote: { provider: 'vapi', graceMs: VAPI_REPORT_GRACE_MS },
}

/**
 * Ends every open local call last seen more than CALL_INACTIVITY_MS before `now`, at its last sign of life
 * (the visitor is not charged for the minute nobody was there). A Vapi call sends no heartbeats: Vapi's
 * end-of-call report ends it with Vapi's own duration, so it is left to the webhook, and ended here at its
 * last sign of life only when no report came within VAPI_REPORT_GRACE_MS. Answers how many it ended.
 */
export const endInactiveCalls = (db: Db, now: Date): Promise<number> =>
  endLeftCalls(VOICE, db, now, (id, at) => endVoiceCall(db, id, { endedAt: at, reason: 'inactivity' }))
