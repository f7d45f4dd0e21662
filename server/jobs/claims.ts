import { randomBytes } from 'node:crypto'
import os from 'node:os'
import { type SQL, sql } from 'drizzle-orm'
import type { Db } from '../db/client'

/*
 * Issue #24 'Work claimed once': background work lives in database rows (upload_texts, documents), and a server
 * works on a row only while it holds the row's claim, a lease: `claimed_by` (the claimer's id) until
 * `claim_expires_at`. The holder renews its leases while it holds them (queued in its memory or being read)
 * and gives them back when it stops; the lease of a server that died (SIGKILL, power) runs out and any other
 * server takes the row. Claims are atomic conditional updates, so two claimers never hold one row: one row by
 * its key (a concurrent update waits for the row's lock and sees the new claim), many at once with
 * `FOR UPDATE SKIP LOCKED`. Times are the database's (`now()`), so the servers' clocks do not matter.
 * PGlite runs the same SQL in one process.
 */

/** How long a claim lasts unless renewed. */
export const CLAIM_LEASE_MS = 30_000
/** Most rows one claimer takes in one sweep for available work (the next sweep takes more). */
export const CLAIM_BATCH = 100

/** States in which a row is work waiting for a reader: 'queued' or 'reading' (by someone). */
const WAITING_STATES = ['queued', 'reading'] as const

/**
 * A claimer's id as stored in `claimed_by`: the host, the process and a random part, so each reader (two in
 * one process, one per app in the tests) holds its own claims and a log line names the machine.
 */
export function newClaimerId(): string {
  return `${os.hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`
}

/** A table of claimable work: its name and key column; it has `state`, `claimed_by`, `claim_expires_at`. */
export interface ClaimTable {
  table: 'upload_texts' | 'documents'
  key: 'upload_id' | 'id'
}

export const UPLOAD_TEXT_CLAIMS: ClaimTable = { table: 'upload_texts', key: 'upload_id' }
export const DOCUMENT_CLAIMS: ClaimTable = { table: 'documents', key: 'id' }

/** Where a row of work stands for this claimer. */
export type ClaimStatus =
  | { state: 'ready' | 'failed' | string; holder: 'mine' | 'other' | 'none' }
  | { state: undefined; holder: 'none' }

export interface JobClaims {
  readonly claimerId: string
  readonly leaseMs: number
  /**
   * Takes the row when it is waiting work and nobody else holds a live claim on it (this claimer may hold it
   * already: the lease is renewed). `reading` also moves it to 'reading' (and clears `error` when asked).
   */
  claim(key: string, options?: { reading?: { clearError?: boolean } }): Promise<boolean>
  /** Takes up to `limit` rows of waiting work that nobody holds (or whose claim ran out); answers their keys. */
  claimAvailable(limit?: number): Promise<string[]>
  /** Renews every claim this claimer holds; answers the keys it still holds (a row taken or removed is gone). */
  renew(): Promise<Set<string>>
  /** Gives back every claim this claimer holds on waiting work (stopping): another server takes them at once. */
  releaseAll(): Promise<number>
  /** The row's state and who holds it, if it exists. */
  status(key: string): Promise<ClaimStatus>
  /** SQL that holds when this claimer holds the row (for the fenced writes of a read's outcome). */
  readonly heldByMe: SQL
}

/**
 * Claims on `spec`'s rows for one claimer. `leaseMs` is how long a claim lasts without renewal (tests make it
 * short to see a dead claimer's work taken over).
 */
export function jobClaims(
  db: Db,
  spec: ClaimTable,
  { claimerId = newClaimerId(), leaseMs = CLAIM_LEASE_MS }: { claimerId?: string; leaseMs?: number } = {},
): JobClaims {
  const table = sql.identifier(spec.table)
  const key = sql.identifier(spec.key)
  const expiresAt = sql`now() + ${leaseMs} * interval '1 millisecond'`
  const waiting = sql`state in (${sql.join(
    WAITING_STATES.map((s) => sql`${s}`),
    sql`, `,
  )})`
  const heldByMe = sql`claimed_by = ${claimerId}`
  /** Nobody else holds a live claim. */
  const free = sql`(claimed_by is null or claimed_by = ${claimerId} or claim_expires_at <= now())`

  const keysOf = (result: unknown) => rowsOf<{ key: string }>(result).map((row) => String(row.key))

  return {
    claimerId,
    leaseMs,
    heldByMe,

    async claim(id, options = {}) {
      const reading = options.reading
        ? sql`, state = 'reading'${options.reading.clearError ? sql`, error = null` : sql``}`
        : sql``
      const result = await db.execute(sql`
        update ${table} set claimed_by = ${claimerId}, claim_expires_at = ${expiresAt}${reading}
        where ${key} = ${id} and ${waiting} and ${free}
        returning ${key} as key`)
      return keysOf(result).length > 0
    },

    async claimAvailable(limit = CLAIM_BATCH) {
      const result = await db.execute(sql`
        update ${table} set claimed_by = ${claimerId}, claim_expires_at = ${expiresAt}
        where ${key} in (
          select ${key} from ${table}
          where ${waiting} and (claimed_by is null or claim_expires_at <= now())
          order by created_at
          limit ${limit}
          for update skip locked
        )
        returning ${key} as key`)
      return keysOf(result)
    },

    async renew() {
      const result = await db.execute(sql`
        update ${table} set claim_expires_at = ${expiresAt}
        where ${heldByMe} and ${waiting}
        returning ${key} as key`)
      return new Set(keysOf(result))
    },

    async releaseAll() {
      const result = await db.execute(sql`
        update ${table} set claimed_by = null, claim_expires_at = null
        where ${heldByMe} and ${waiting}
        returning ${key} as key`)
      return keysOf(result).length
    },

    async status(id) {
      const [row] = rowsOf<{ state: string; holder: 'mine' | 'other' | 'none' }>(
        await db.execute(sql`
          select state, case
            when claimed_by = ${claimerId} then 'mine'
            when claimed_by is not null and claim_expires_at > now() then 'other'
            else 'none' end as holder
          from ${table} where ${key} = ${id}`),
      )
      return row ? { state: row.state, holder: row.holder } : { state: undefined, holder: 'none' }
    },
  }
}

/** The rows of `db.execute`: node-postgres and PGlite both answer `{ rows }`. */
export function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows
}

/**
 * Gives back every claim in the database: on PGlite, which one process owns, every claim found at start is
 * of a server that stopped (killed, it gave nothing back), so its work is read at once rather than after
 * its leases run out. Never on PostgreSQL, where the claims of other live servers are there.
 */
export async function releaseClaimsOfStoppedServer(db: Db): Promise<void> {
  for (const spec of [UPLOAD_TEXT_CLAIMS, DOCUMENT_CLAIMS]) {
    await db.execute(sql`
      update ${sql.identifier(spec.table)} set claimed_by = null, claim_expires_at = null
      where claimed_by is not null`)
  }
  await db.execute(
    sql`update periodic_runs set claimed_by = null, claim_expires_at = null where claimed_by is not null`,
  )
}
