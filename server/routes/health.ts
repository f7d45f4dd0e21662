import { sql } from 'drizzle-orm'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { Health } from '../../contract'
import type { Db, DbKind } from '../db/client'

export interface HealthOptions {
  /** Resolves once the database answers; rejects when it does not. */
  ping: () => Promise<unknown>
  dbKind: DbKind
  version: string
}

/** The health check's question to the database. */
export const pingDatabase = (db: Db) => () => db.execute(sql`select 1`)

export const healthRoutes: FastifyPluginAsyncZod<HealthOptions> = async (app, { ping, dbKind, version }) => {
  app.get('/api/health', { schema: { response: { 200: Health } } }, async () => {
    // A load balancer asks this: answer ok only when the database answers too.
    await ping()
    return { ok: true as const, version, database: dbKind }
  })
}
