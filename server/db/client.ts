import { mkdirSync } from 'node:fs'
import path from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import type { ExtractTablesWithRelations } from 'drizzle-orm'
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import type pg from 'pg'
import type { Config } from '../config'
import * as schema from './schema'

export type Schema = typeof schema

/** The drizzle database both drivers satisfy: write queries against this, never against a driver type. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>

/** A transaction handle; it is also a `Db`, so helpers taking `Db` run inside transactions too. */
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>

export type DbKind = 'pglite' | 'postgres'

interface HandleBase {
  db: Db
  close(): Promise<void>
}

/** An open database. The driver client is kept so the matching migrator can be used. */
export type DatabaseHandle =
  | (HandleBase & { kind: 'pglite'; client: PGlite })
  | (HandleBase & { kind: 'postgres'; client: pg.Pool })

export interface OpenDatabaseOptions {
  /** Start an in-memory PGlite from this dump (`PGlite.dumpDataDir()`), for tests. */
  loadDataDir?: Blob
  /** Use an in-memory PGlite instead of DATA_DIR/pglite. */
  inMemory?: boolean
}

/**
 * The embedded PGlite's shared_buffers. PostgreSQL's 128 MB default is zeroed on every start, about 0.6 s of
 * CPU here (a third of opening the database, issue #27's start time), and each test's in-memory database pays
 * it again. PGlite is one process whose files the operating system caches anyway, so a smaller page cache
 * costs a one-machine product little; PGLITE_SHARED_BUFFERS sets another size.
 */
export const PGLITE_SHARED_BUFFERS = '16MB'

/** PGlite's start options with the product's page cache (tests' own copies of the database use them too). */
export const pgliteStart = (sharedBuffers?: string) => ({
  startParams: [
    ...PGlite.defaultStartParams,
    '-c',
    `shared_buffers=${sharedBuffers ?? PGLITE_SHARED_BUFFERS}`,
  ],
})

/**
 * PostgreSQL when DATABASE_URL is set, otherwise the embedded PGlite in DATA_DIR/pglite
 * (or in memory when asked). The caller applies migrations with `migrateDatabase`.
 */
export async function openDatabase(
  config: Pick<Config, 'DATA_DIR' | 'DATABASE_URL'> & Partial<Pick<Config, 'PGLITE_SHARED_BUFFERS'>>,
  options: OpenDatabaseOptions = {},
): Promise<DatabaseHandle> {
  const inMemory = options.inMemory === true || options.loadDataDir !== undefined
  if (config.DATABASE_URL && !inMemory) {
    // Loaded only for PostgreSQL: a start on PGlite does not evaluate them (issue #27).
    const [{ default: pgModule }, { drizzle: drizzlePostgres }] = await Promise.all([
      import('pg'),
      import('drizzle-orm/node-postgres'),
    ])
    const pool = new pgModule.Pool({ connectionString: config.DATABASE_URL })
    // A dropped idle connection must not crash the process; the pool replaces it.
    pool.on('error', () => {})
    const db: Db = drizzlePostgres({ client: pool, schema })
    return { kind: 'postgres', db, client: pool, close: () => pool.end() }
  }

  let client: PGlite
  if (inMemory) {
    const start = pgliteStart(config.PGLITE_SHARED_BUFFERS)
    client = new PGlite(options.loadDataDir ? { ...start, loadDataDir: options.loadDataDir } : start)
  } else {
    const dataDir = path.join(config.DATA_DIR, 'pglite')
    mkdirSync(dataDir, { recursive: true })
    client = new PGlite(dataDir, pgliteStart(config.PGLITE_SHARED_BUFFERS))
  }
  await client.waitReady
  const db: Db = drizzlePglite({ client, schema })
  return { kind: 'pglite', db, client, close: () => client.close() }
}
