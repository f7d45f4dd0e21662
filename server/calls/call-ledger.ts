import { and, eq, isNull, lt, or, type SQL, sql } from 'drizzle-orm'
import type { Db, Tx } from '../db/client'
import { usageCounters, type videoCalls, type voiceCalls } from '../db/schema'

/*
 * One ledger for both kinds of call (issue #26 part 0; spec 2 §3 call metadata, §9 time-outs): a call's
 * seconds reach usage_counters once, by the request that sets `ended_at` (an UPDATE ... WHERE ended_at IS
 * NULL) in the same transaction; heartbeats keep it open; the sweeper ends what was left at its last sign of
 * life. voice-call-store.ts and video-call-store.ts add only what is their own (Vapi's ids and report,
 * Tavus's room and replica) through the kinds below.
 */

/** The two call tables share every column the ledger reads and writes. */
type CallTable = typeof voiceCalls | typeof videoCalls
type AnyCallRow = typeof voiceCalls.$inferSelect | typeof videoCalls.$inferSelect

export interface CallKind<Table extends CallTable> {
  table: Table
  /** The usage counter the seconds are added to. */
  counter: 'voiceSeconds' | 'videoSeconds'
  /** A call held in the browser (heartbeats) is left after this long unheard of. */
  inactivityMs: number
  /** A call a provider holds sends no heartbeats: its end report ends it; this long after its start, the sweeper does. */
  remote: { provider: 'vapi' | 'tavus'; graceMs: number }
}

// Drizzle's builders do not take a union of tables; both are the same shape where the ledger touches them.
const asVoice = (table: CallTable) => table as typeof voiceCalls

/** Where a call's seconds count (server/billing/usage.ts allowanceOf: subject, period and scope). */
export interface CallLedger {
  subject: string
  periodStart: Date
  /** The instance the quota belongs to, or null for the whole clone. */
  scope: string | null
}

/** The ledger fields of a call to open, as both tables store them. */
export const ledgerColumns = (ledger: CallLedger, startedAt: Date) => ({
  ledgerSubject: ledger.subject,
  ledgerPeriodStart: ledger.periodStart,
  ledgerScope: ledger.scope,
  startedAt,
  lastSeenAt: startedAt,
})

export async function findCall<Table extends CallTable>(
  kind: CallKind<Table>,
  db: Db | Tx,
  id: string,
): Promise<Table['$inferSelect'] | undefined> {
  const t = asVoice(kind.table)
  const [row] = await db.select().from(t).where(eq(t.id, id)).limit(1)
  return row as Table['$inferSelect'] | undefined
}

/** The newest call held in a conversation. */
export async function findCallByConversation<Table extends CallTable>(
  kind: CallKind<Table>,
  db: Db,
  conversationId: string,
): Promise<Table['$inferSelect'] | undefined> {
  const t = asVoice(kind.table)
  const [row] = await db
    .select()
    .from(t)
    .where(eq(t.conversationId, conversationId))
    .orderBy(sql`${t.startedAt} desc`)
    .limit(1)
  return row as Table['$inferSelect'] | undefined
}

/** The call is still there (a heartbeat, a turn, a transcript line): the sweeper leaves it open. */
export async function touchCall<Table extends CallTable>(
  kind: CallKind<Table>,
  db: Db,
  id: string,
  now: Date,
): Promise<Table['$inferSelect'] | undefined> {
  const t = asVoice(kind.table)
  const [row] = await db
    .update(t)
    .set({ lastSeenAt: sql`greatest(${t.lastSeenAt}, ${now.toISOString()}::timestamptz)` })
    .where(and(eq(t.id, id), isNull(t.endedAt)))
    .returning()
  return row as Table['$inferSelect'] | undefined
}

/** A count of seconds as charged: whole, rounded up, between 0 and `max`. */
export const wholeSeconds = (seconds: number, max: number): number =>
  Math.min(max, Math.max(0, Math.ceil(seconds)))

/** Whole seconds from `from` to `at`, rounded up, between 0 and `max`. */
export const secondsBetween = (from: Date, at: Date, max: number): number =>
  wholeSeconds((at.getTime() - from.getTime()) / 1000, max)

/** SQL for whole seconds from the column `from` to `endedAt`, rounded up, between 0 and `max`. */
export const measuredSeconds = (from: SQL | typeof voiceCalls.startedAt, endedAt: Date, max: number): SQL =>
  sql`least(${max}, greatest(0, ceil(extract(epoch from (${endedAt.toISOString()}::timestamptz - ${from})))))::int`

export interface Ending<Table extends CallTable> {
  endedAt: Date
  reason: string
  /** The seconds, as SQL over the row (the server's measure) or a number the provider counted. */
  durationSeconds: SQL
  /** What the kind stores with the end (Vapi's recording and transcript, Tavus's boot time). */
  also?: Partial<Table['$inferInsert']>
  /** Runs in the ending's transaction, after the charge (the conversation's recording). */
  after?: (tx: Tx, row: Table['$inferSelect']) => Promise<void>
}

/**
 * Ends a call and charges its seconds to the kind's counter, exactly once: only the request that sets
 * `ended_at` charges, in the same transaction. A later end (a second hang-up, the sweeper, a provider's
 * report) answers the stored duration with charged false.
 */
export async function endCall<Table extends CallTable>(
  kind: CallKind<Table>,
  db: Db,
  id: string,
  ending: Ending<Table>,
): Promise<{ charged: boolean; durationSeconds: number }> {
  const t = asVoice(kind.table)
  const ended = await db.transaction(async (tx) => {
    const [row] = await tx
      .update(t)
      .set({
        ...(ending.also as object),
        endedAt: sql`${ending.endedAt.toISOString()}::timestamptz`,
        endReason: ending.reason as never,
        durationSeconds: ending.durationSeconds,
        charged: true,
      })
      .where(and(eq(t.id, id), isNull(t.endedAt)))
      .returning()
    if (!row) return undefined
    const seconds = row.durationSeconds ?? 0
    await chargeSeconds(tx, kind.counter, row, seconds)
    await ending.after?.(tx, row as Table['$inferSelect'])
    return { charged: true, durationSeconds: seconds }
  })
  if (ended) return ended
  const stored = await findCall(kind, db, id)
  return { charged: false, durationSeconds: stored?.durationSeconds ?? 0 }
}

/** Adds a call's seconds to its ledger row (made when it is the subject's first use this period). */
async function chargeSeconds(
  tx: Tx,
  counter: CallKind<CallTable>['counter'],
  call: AnyCallRow,
  seconds: number,
): Promise<void> {
  await tx
    .insert(usageCounters)
    .values({
      cloneId: call.cloneId,
      instanceId: call.ledgerScope,
      subject: call.ledgerSubject,
      periodStart: call.ledgerPeriodStart,
      [counter]: seconds,
    })
    .onConflictDoUpdate({
      target: [
        usageCounters.cloneId,
        usageCounters.instanceId,
        usageCounters.subject,
        usageCounters.periodStart,
      ],
      set: { [counter]: sql`${usageCounters[counter]} + ${seconds}`, updatedAt: sql`now()` },
    })
}

/**
 * Ends every open call of the kind that was left: a browser-held one last seen more than `inactivityMs`
 * before `now`, at its last sign of life (nobody pays for the minute nobody was there); a provider-held one
 * only when no end report came within its grace. Answers how many it ended.
 */
export async function endLeftCalls<Table extends CallTable>(
  kind: CallKind<Table>,
  db: Db,
  now: Date,
  end: (id: string, at: Date) => Promise<{ charged: boolean }>,
): Promise<number> {
  const t = asVoice(kind.table)
  const stale = await db
    .select({ id: t.id, lastSeenAt: t.lastSeenAt })
    .from(t)
    .where(
      and(
        isNull(t.endedAt),
        or(
          and(eq(t.provider, 'local'), lt(t.lastSeenAt, new Date(now.getTime() - kind.inactivityMs))),
          and(
            eq(t.provider, kind.remote.provider as never),
            lt(t.startedAt, new Date(now.getTime() - kind.remote.graceMs)),
          ),
        ),
      ),
    )
  let ended = 0
  for (const call of stale) if ((await end(call.id, call.lastSeenAt)).charged) ended++
  return ended
}
