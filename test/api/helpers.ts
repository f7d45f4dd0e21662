import { readFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { inject } from 'vitest'
import { type App, type BuildAppOptions, buildApp } from '../../server/app'
import { SESSION_COOKIE } from '../../server/auth/identity'
import { createSession } from '../../server/auth/sessions'
import { type Config, loadConfig } from '../../server/config'
import { type DatabaseHandle, type Db, openDatabase } from '../../server/db/client'
import { users } from '../../server/db/schema'

export interface TestApp {
  app: App
  db: Db
  handle: DatabaseHandle
  config: Config
  close(): Promise<void>
}

export interface TestAppOptions {
  /** Overrides of the configuration, e.g. `{ WEB_DIST: someFolder }`. */
  env?: Record<string, string>
  /** Runs before the app is ready: add test-only routes or hooks here. */
  configure?: (app: App) => void | Promise<void>
  /** Replaces the clone brain's grounded answerer (to observe or fake it). */
  answerer?: BuildAppOptions['answerer']
  chatHeartbeatMs?: number
  /** Fakes of outside services (text to speech, mail, payments...). */
  providers?: BuildAppOptions['providers']
}

/** The app on its own in-memory copy of the migrated, seeded database (test/setup/global-db.ts). */
export async function createTestApp({
  env = {},
  configure,
  answerer,
  chatHeartbeatMs,
  providers,
}: TestAppOptions = {}): Promise<TestApp> {
  const dump = await readFile(inject('seedDbPath'))
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: os.tmpdir(),
    // No web build unless a test provides one.
    WEB_DIST: path.join(os.tmpdir(), 'likeness-test-no-web-dist'),
    // Answers stream without pacing unless a test asks for it (the API suite must stay fast).
    BRAIN_TOKEN_DELAY_MS: '0',
    ...env,
  })
  const handle = await openDatabase(config, { loadDataDir: new Blob([new Uint8Array(dump)]) })
  const app = await buildApp({
    db: handle.db,
    dbKind: handle.kind,
    config,
    answerer,
    chatHeartbeatMs,
    providers,
  })
  await configure?.(app)
  await app.ready()
  return {
    app,
    db: handle.db,
    handle,
    config,
    close: async () => {
      await app.close()
      await handle.close()
    },
  }
}

/** A new user with a session: `cookie` is the Cookie header for cookie transport; `token` the bearer token. */
export async function userWithSession(db: Db, email: string, transport: 'cookie' | 'bearer' = 'cookie') {
  const [user] = await db.insert(users).values({ email }).returning()
  const { token } = await createSession(db, user!.id, transport)
  return { id: user!.id, token, cookie: `${SESSION_COOKIE}=${token}` }
}
