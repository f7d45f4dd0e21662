import { randomUUID } from 'node:crypto'
import { rm, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import type { TestProject } from 'vitest/node'
import { openDatabase } from '../../server/db/client'
import { migrateDatabase } from '../../server/db/migrate'
import { seed } from '../../server/seed'

declare module 'vitest' {
  export interface ProvidedContext {
    /** A gzipped PGlite data directory, migrated and seeded: load it with createTestApp(). */
    seedDbPath: string
  }
}

/**
 * A fresh PGlite takes seconds to start, so one is migrated and seeded per run and its data
 * directory dumped. A worker starts a copy from the dump in about a second, and between test apps puts
 * that copy back to the dumped state in a tenth of that (test/api/seeded-db.ts).
 */
export default async function setup(project: TestProject) {
  const handle = await openDatabase({ DATA_DIR: os.tmpdir(), DATABASE_URL: undefined }, { inMemory: true })
  if (handle.kind !== 'pglite') throw new Error('the test database must be PGlite')
  try {
    await migrateDatabase(handle)
    await seed(handle.db)
    const dump = await handle.client.dumpDataDir('gzip')
    const file = path.join(os.tmpdir(), `likeness-test-db-${randomUUID()}.tar.gz`)
    await writeFile(file, new Uint8Array(await dump.arrayBuffer()))
    project.provide('seedDbPath', file)
    return async () => {
      await rm(file, { force: true })
    }
  } finally {
    await handle.close()
  }
}
