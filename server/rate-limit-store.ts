import type { FastifyRateLimitStore } from '@fastify/rate-limit'
import { sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import type { Db } from './db/client'
import { rowsOf } from './jobs/claims'
import { runPeriodically } from './periodic'

/*
 * Issue #24 'Shared limits': on PostgreSQL the request-rate counters of @fastify/rate-limit live in the
 * database (rate_limit_counters), so every server counts the same requests and N servers allow what one would.
 * One row per key (the route's `METHOD url` and the client), counted by an atomic upsert: a window that ran out
 * starts again at 1. Rows whose window ended are deleted by a periodic sweep. PGlite (one process) keeps the
 * plugin's memory store.
 */

/** How often counters whose window ended are deleted. */
export const RATE_LIMIT_SWEEP_MS = 60_000

type IncrCallback = (error: Error | null, result?: { current: number; ttl: number }) => void

/** The part of a route's options @fastify/rate-limit hands to `child`: its method and url. */
interface ChildOptions {
  routeInfo?: { method?: string | string[]; url?: string }
}

/**
 * A @fastify/rate-limit store class (the plugin's `store` option: constructed with the plugin's options, a
 * `child` per limited route, `incr(key, callback, timeWindow, max)` per request) over `db`.
 */
export function postgresRateLimitStore(db: Db) {
  return class PostgresRateLimitStore implements FastifyRateLimitStore {
    readonly prefix: string
    constructor(_options?: unknown, prefix = '') {
      this.prefix = prefix
    }

    incr(key: string, callback: IncrCallback, timeWindow: number): void {
      incrementCounter(db, this.prefix + key, timeWindow).then(
        (result) => callback(null, result),
        (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
      )
    }

    /** The plugin's non-mutating peek (`{ increment: false }`): the count and time left, or none. */
    read(key: string, callback: IncrCallback): void {
      readCounter(db, this.prefix + key).then(
        (result) => callback(null, result),
        (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
      )
    }

    child(options: Parameters<FastifyRateLimitStore['child']>[0]): PostgresRateLimitStore {
      // The plugin passes its merged options with the route as `routeInfo` (its types say the route's options).
      const routeOptions = options as unknown as ChildOptions
      const method = routeOptions.routeInfo?.method
      const route = `${Array.isArray(method) ? method.join(',') : (method ?? '')} ${routeOptions.routeInfo?.url ?? ''}`
      return new PostgresRateLimitStore(undefined, `${this.prefix}${route} `)
    }
  }
}

/** Counts one request of `key`: 1 in a new window (none, or the last one ended), else one more. */
export async function incrementCounter(
  db: Db,
  key: string,
  timeWindowMs: number,
): Promise<{ current: number; ttl: number }> {
  const window = sql`${timeWindowMs} * interval '1 millisecond'`
  const [row] = rowsOf<{ count: number; ttl: string | number }>(
    await db.execute(sql`
      insert into rate_limit_counters as c (key, count, reset_at) values (${key}, 1, now() + ${window})
      on conflict (key) do update set
        count = case when c.reset_at <= now() then 1 else c.count + 1 end,
        reset_at = case when c.reset_at <= now() then now() + ${window} else c.reset_at end
      returning count, ceil(extract(epoch from (reset_at - now())) * 1000) as ttl`),
  )
  return { current: Number(row!.count), ttl: Math.max(0, Number(row!.ttl)) }
}

async function readCounter(db: Db, key: string): Promise<{ current: number; ttl: number }> {
  const [row] = rowsOf<{ count: number; ttl: string | number }>(
    await db.execute(sql`
      select count, ceil(extract(epoch from (reset_at - now())) * 1000) as ttl
      from rate_limit_counters where key = ${key} and reset_at > now()`),
  )
  return row ? { current: Number(row.count), ttl: Number(row.ttl) } : { current: 0, ttl: 0 }
}

/** Deletes the counters whose window ended; answers how many. */
export async function sweepRateLimitCounters(db: Db): Promise<number> {
  return rowsOf(await db.execute(sql`delete from rate_limit_counters where reset_at <= now() returning key`))
    .length
}

/** Runs sweepRateLimitCounters once the app is ready and then every `everyMs`, until the app closes. */
export function startRateLimitSweeper(app: FastifyInstance, db: Db, everyMs = RATE_LIMIT_SWEEP_MS): void {
  runPeriodically(app, 'rate limit counters sweep', everyMs, () => sweepRateLimitCounters(db))
}
