import { sql } from 'drizzle-orm'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { Health } from '../../contract'
import type { Db, DbKind } from '../db/client'

export const healthRoutes: FastifyPluginAsyncZod<{ db: Db; dbKind: DbKind; version: string }> = async (
  app,
  { db, dbKind, version },
) => {
  app.get('/api/health', { schema: { response: { 200: Health } } }, async () => {
    // A load balancer asks this: answer ok only when the database answers too.
    await db.execute(sql`select 1`)
    return { ok: true as const, version, database: dbKind }
  })
}
