import { describe } from 'vitest'
import {
  findPostgresBin,
  POSTGRES_MISSING,
  type PostgresCluster,
  startPostgresCluster,
} from '../../scripts/support/postgres-cluster'
import { type DatabaseHandle, openDatabase } from '../../server/db/client'
import { migrateDatabase } from '../../server/db/migrate'
import { seed } from '../../server/seed'

/*
 * A real PostgreSQL for the suites of several servers on one database (issue #24): a temporary cluster
 * (scripts/support/postgres-cluster.ts) started by the suite and removed after it. Without PostgreSQL
 * installed such a suite is skipped, saying why, except in CI (CI set), where it runs and fails: CI installs
 * Debian's postgresql (.ci/run).
 */

export type { PostgresCluster }

const installed = findPostgresBin() !== undefined

/** `describe` for a suite that needs a real PostgreSQL (see above). */
export function describeWithPostgres(name: string, suite: () => void): void {
  if (installed || process.env.CI) {
    describe(name, suite)
    return
  }
  console.warn(`Skipping "${name}": ${POSTGRES_MISSING}. (In CI this fails instead.)`)
  describe.skip(name, suite)
}

/** Starts a temporary cluster; `stop()` removes it. Fails with how to install PostgreSQL when it is missing. */
export function startTestPostgres(): Promise<PostgresCluster> {
  return startPostgresCluster()
}

/** A connection pool to the cluster's database, as a server opens it (DATABASE_URL). */
export function openPostgres(cluster: PostgresCluster): Promise<DatabaseHandle> {
  return openDatabase({ DATA_DIR: cluster.dir, DATABASE_URL: cluster.url })
}

/** Migrates the cluster's database and seeds the demo data, as a starting server does. */
export async function prepareDatabase(cluster: PostgresCluster): Promise<void> {
  const handle = await openPostgres(cluster)
  try {
    await migrateDatabase(handle)
    await seed(handle.db, undefined, { onlyWhenChanged: true })
  } finally {
    await handle.close()
  }
}
