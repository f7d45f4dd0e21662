import type { PGlite, Transaction } from '@electric-sql/pglite'
import { drizzle } from 'drizzle-orm/pglite'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { KnowledgeIndexCache } from '../../server/brain/knowledge-index'
import { type DatabaseHandle, openDatabase } from '../../server/db/client'
import { migrateDatabase } from '../../server/db/migrate'
import * as schema from '../../server/db/schema'
import { seed } from '../../server/seed'
import { createTestApp } from './helpers'
import { acquireSeededDatabase, type SeededDatabase } from './seeded-db'

// What a start of the server (server/index.ts) does on an existing data folder (issue #27): it must not redo
// the work of the first start, and it must answer before the knowledge indexes are built.

/** Records every statement sent through the client (its own queries and those inside its transactions). */
function recordStatements(client: PGlite): { statements: string[]; stop(): void } {
  const statements: string[] = []
  const original = { query: client.query, exec: client.exec, transaction: client.transaction }
  const recorded = <F extends (text: string, ...rest: never[]) => unknown>(run: F) =>
    ((text: string, ...rest: never[]) => {
      statements.push(text.replace(/\s+/g, ' ').trim())
      return run(text, ...rest)
    }) as unknown as F
  client.query = recorded(client.query.bind(client))
  client.exec = recorded(client.exec.bind(client))
  client.transaction = ((callback: (tx: Transaction) => Promise<unknown>) =>
    original.transaction.call(client, (tx) => {
      const watched: Transaction = Object.create(tx)
      watched.query = recorded(tx.query.bind(tx))
      watched.exec = recorded(tx.exec.bind(tx))
      return callback(watched)
    })) as PGlite['transaction']
  return {
    statements,
    stop: () => Object.assign(client, original),
  }
}

const pgliteHandle = (client: PGlite, close: () => Promise<void>): DatabaseHandle => ({
  kind: 'pglite',
  db: drizzle({ client, schema }),
  client,
  close,
})

const writes = (statements: string[]) =>
  statements.filter((s) => /^(insert|update|delete|create|alter|drop|truncate)\b/i.test(s))

describe('a start on an existing database', () => {
  let database: SeededDatabase
  beforeAll(async () => {
    database = await acquireSeededDatabase()
  })

  it('checks the migrations with one query and reseeds nothing', async () => {
    const recording = recordStatements(database.client)
    try {
      const handle = pgliteHandle(database.client, database.release)
      expect(await migrateDatabase(handle)).toBe('up to date')
      const migrationStatements = [...recording.statements]
      expect(migrationStatements).toHaveLength(1)
      expect(migrationStatements[0]).toMatch(/^select created_at from "drizzle"\."__drizzle_migrations"/)

      const seeded = await seed(handle.db, undefined, { onlyWhenChanged: true })
      expect(seeded.unchanged).toBe(true)
      expect(writes(recording.statements)).toEqual([])
    } finally {
      recording.stop()
      await database.release()
    }
  })

  // A new PGlite and all the migrations: seconds on a loaded machine.
  const MIGRATING_MS = 120_000

  it(
    'applies the migrations to a new database, and finds them applied the next time',
    async () => {
      const handle = await openDatabase({ DATA_DIR: '', DATABASE_URL: undefined }, { inMemory: true })
      try {
        expect(await migrateDatabase(handle)).toBe('migrated')
        if (handle.kind !== 'pglite') throw new Error('An in-memory PGlite was asked for')
        const { rows } = await handle.client.query("select to_regclass('public.clones')::text as name")
        expect(rows).toEqual([{ name: 'clones' }])
        expect(await migrateDatabase(handle)).toBe('up to date')
      } finally {
        await handle.close()
      }
    },
    MIGRATING_MS,
  )
})

describe('knowledge indexes at start', () => {
  afterEach(() => {
    vi.restoreAllMocks()
  })

  it('are built once the server listens, not before it is ready', async () => {
    const warm = vi.spyOn(KnowledgeIndexCache.prototype, 'warm')
    const t = await createTestApp()
    try {
      expect(warm).not.toHaveBeenCalled()
      await t.app.listen({ port: 0, host: '127.0.0.1' })
      expect(warm).toHaveBeenCalledTimes(1)
      // The server answers while they are built.
      const res = await t.app.inject({ method: 'GET', url: '/api/health' })
      expect(res.statusCode).toBe(200)
    } finally {
      // Closing waits for the build, which reads the database.
      await t.close()
    }
    expect(await warm.mock.results[0]!.value).toBeGreaterThan(0)
  })
})
