import { drizzle as drizzlePostgres } from 'drizzle-orm/node-postgres'
import { migrate as migratePostgres } from 'drizzle-orm/node-postgres/migrator'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator'
import { serverPath } from '../paths'
import type { DatabaseHandle } from './client'

/** Resolved from this module, not the working directory, so any cwd works. */
export const migrationsFolder = serverPath('db/migrations')

/** Applies pending migrations from server/db/migrations with the driver's own migrator. */
export async function migrateDatabase(handle: DatabaseHandle): Promise<void> {
  if (handle.kind === 'pglite') {
    await migratePglite(drizzlePglite({ client: handle.client }), { migrationsFolder })
    return
  }
  // Several servers may start at once on one PostgreSQL: one migrates, the others wait for it.
  const connection = await handle.client.connect()
  try {
    await connection.query(`select pg_advisory_lock(hashtext('likeness:migrate'))`)
    await migratePostgres(drizzlePostgres({ client: connection }), { migrationsFolder })
  } finally {
    await connection.query(`select pg_advisory_unlock(hashtext('likeness:migrate'))`).catch(() => {})
    connection.release()
  }
}
