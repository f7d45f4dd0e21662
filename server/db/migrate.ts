import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { serverPath } from '../paths'
import type { DatabaseHandle } from './client'

/** Resolved from this module, not the working directory, so any cwd works. */
export const migrationsFolder = serverPath('db/migrations')

/** What migrateDatabase did: applied what was pending, or found every migration applied already. */
export type MigrationOutcome = 'migrated' | 'up to date'

/**
 * Applies pending migrations from server/db/migrations with the driver's own migrator. A start on an existing
 * database (issue #27) first compares the newest migration applied with the journal's newest, in one query,
 * and leaves the migrator (its schema and table DDL, and its hashing of every file) out when nothing is pending.
 */
export async function migrateDatabase(handle: DatabaseHandle): Promise<MigrationOutcome> {
  const query = async (text: string) =>
    handle.kind === 'pglite'
      ? (await handle.client.query<{ created_at: unknown }>(text)).rows
      : (await handle.client.query<{ created_at: unknown }>(text)).rows
  if (await upToDate(query)) return 'up to date'
  // The migrators load only when there is something to apply.
  if (handle.kind === 'pglite') {
    const [{ drizzle: drizzlePglite }, { migrate: migratePglite }] = await Promise.all([
      import('drizzle-orm/pglite'),
      import('drizzle-orm/pglite/migrator'),
    ])
    await migratePglite(drizzlePglite({ client: handle.client }), { migrationsFolder })
    return 'migrated'
  }
  const [{ drizzle: drizzlePostgres }, { migrate: migratePostgres }] = await Promise.all([
    import('drizzle-orm/node-postgres'),
    import('drizzle-orm/node-postgres/migrator'),
  ])
  // Several servers may start at once on one PostgreSQL: one migrates, the others wait for it.
  const connection = await handle.client.connect()
  try {
    await connection.query(`select pg_advisory_lock(hashtext('likeness:migrate'))`)
    await migratePostgres(drizzlePostgres({ client: connection }), { migrationsFolder })
  } finally {
    await connection.query(`select pg_advisory_unlock(hashtext('likeness:migrate'))`).catch(() => {})
    connection.release()
  }
  return 'migrated'
}

/**
 * Whether the database holds every migration of the journal: the rule of drizzle's migrator, which applies
 * each migration newer ('when', its folderMillis) than the newest one applied. No migrations table yet (a new
 * database) means not.
 */
async function upToDate(query: (text: string) => Promise<{ created_at: unknown }[]>): Promise<boolean> {
  const journal = JSON.parse(await readFile(path.join(migrationsFolder, 'meta/_journal.json'), 'utf8')) as {
    entries: { when: number }[]
  }
  const newest = Math.max(...journal.entries.map((entry) => entry.when))
  try {
    const [applied] = await query(
      'select created_at from "drizzle"."__drizzle_migrations" order by created_at desc limit 1',
    )
    return applied !== undefined && Number(applied.created_at) >= newest
  } catch {
    return false
  }
}
