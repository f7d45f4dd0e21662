import { sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import type { Db, DbKind } from '../db/client'
import { CLAIM_LEASE_MS, newClaimerId, releaseClaimsOfStoppedServer, rowsOf } from './claims'

/*
 * Issue #24: a periodic task (server/periodic.ts: the upload, billing and call sweeps, the interrupted-answers
 * sweep, the rate-limit counters' clean-up) runs on one server at a time. Its row in periodic_runs is claimed
 * like a job (server/jobs/claims.ts): a lease renewed while it runs, given back when it ends, taken by anyone
 * once it runs out (a server killed mid-run). A run also waits until `spacingMs` after the last one started
 * anywhere, so N servers together run a task about as often as one would. The tasks stay idempotent anyway.
 */

export interface PeriodicClaims {
  readonly claimerId: string
  /**
   * Takes the run of `name` when no server runs it now and none started one within `spacingMs`; answers how to
   * end it (the lease is renewed until then), or null when this server must skip this run.
   */
  begin(name: string, spacingMs: number): Promise<(() => Promise<void>) | null>
}

export function periodicClaims(
  db: Db,
  { claimerId = newClaimerId(), leaseMs = CLAIM_LEASE_MS }: { claimerId?: string; leaseMs?: number } = {},
): PeriodicClaims {
  const expiresAt = sql`now() + ${leaseMs} * interval '1 millisecond'`
  return {
    claimerId,
    async begin(name, spacingMs) {
      const taken = rowsOf<{ name: string }>(
        await db.execute(sql`
          insert into periodic_runs (name, claimed_by, claim_expires_at, started_at)
          values (${name}, ${claimerId}, ${expiresAt}, now())
          on conflict (name) do update
            set claimed_by = excluded.claimed_by, claim_expires_at = excluded.claim_expires_at,
              started_at = excluded.started_at
            where (periodic_runs.claimed_by is null or periodic_runs.claim_expires_at <= now())
              and (periodic_runs.started_at is null
                or periodic_runs.started_at <= now() - ${spacingMs} * interval '1 millisecond')
          returning name`),
      )
      if (taken.length === 0) return null
      const mine = sql`name = ${name} and claimed_by = ${claimerId}`
      const renewal = setInterval(
        () => {
          db.execute(sql`update periodic_runs set claim_expires_at = ${expiresAt} where ${mine}`).catch(
            () => {},
          )
        },
        Math.max(1, Math.floor(leaseMs / 3)),
      )
      renewal.unref()
      return async () => {
        clearInterval(renewal)
        await db.execute(sql`
          update periodic_runs set claimed_by = null, claim_expires_at = null, finished_at = now()
          where ${mine}`)
      }
    },
  }
}

const registered = new WeakMap<FastifyInstance, PeriodicClaims>()

/** The app's periodic tasks run claimed through `db` (server/app.ts, before any task is started). */
export function claimPeriodicRuns(app: FastifyInstance, claims: PeriodicClaims): void {
  registered.set(app, claims)
}

/** The claims the app's periodic tasks run under, if it has any (an app without a database has none). */
export function periodicClaimsOf(app: FastifyInstance): PeriodicClaims | undefined {
  return registered.get(app)
}

/**
 * The app's claims (server/app.ts, before the readers and periodic tasks start): its periodic tasks run claimed
 * through `db`; on PGlite the claims a stopped server left are given back once the app is ready, before the
 * readers look for work.
 */
export function registerJobClaims(app: FastifyInstance, db: Db, dbKind: DbKind): void {
  claimPeriodicRuns(app, periodicClaims(db))
  if (dbKind === 'pglite') app.addHook('onReady', () => releaseClaimsOfStoppedServer(db))
}
