import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core'

/*
 * What several servers on one PostgreSQL share to work as one (README "Running on several machines"): who runs
 * each periodic sweep now, and the request-rate counters. Background reads are claimed on their own rows
 * (upload_texts and documents: claimed_by, claim_expires_at; server/jobs/claims.ts).
 */

/**
 * One row per periodic task (server/periodic.ts): the server running it now holds a lease (`claimedBy` until
 * `claimExpiresAt`, renewed while it runs), so one server runs it at a time; `startedAt` spaces the runs of
 * all servers together.
 */
export const periodicRuns = pgTable('periodic_runs', {
  name: text('name').primaryKey(),
  claimedBy: text('claimed_by'),
  claimExpiresAt: timestamp('claim_expires_at', { withTimezone: true }),
  startedAt: timestamp('started_at', { withTimezone: true }),
  finishedAt: timestamp('finished_at', { withTimezone: true }),
})

/**
 * Request-rate counters shared by every server on PostgreSQL (server/rate-limit-store.ts): the requests of one
 * key (route and client) in the window that ends at `resetAt`. PGlite keeps them in memory instead.
 */
export const rateLimitCounters = pgTable(
  'rate_limit_counters',
  {
    key: text('key').primaryKey(),
    count: integer('count').notNull(),
    resetAt: timestamp('reset_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('rate_limit_counters_reset_idx').on(t.resetAt)],
)
