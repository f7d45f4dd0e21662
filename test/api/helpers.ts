import os from 'node:os'
import path from 'node:path'
import { drizzle } from 'drizzle-orm/pglite'
import type { InjectOptions } from 'fastify'
import { type App, appVersion, type BuildAppOptions, buildApp, buildBareApp } from '../../server/app'
import { SESSION_COOKIE } from '../../server/auth/identity'
import { createSession } from '../../server/auth/sessions'
import { type Config, loadConfig } from '../../server/config'
import { type DatabaseHandle, type Db, openDatabase } from '../../server/db/client'
import * as schema from '../../server/db/schema'
import { users } from '../../server/db/schema'
import { healthRoutes } from '../../server/routes/health'
import { acquireSeededDatabase } from './seeded-db'

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
  /** Sees every route as it is added, the product's included (configure runs after them). */
  onRoute?: BuildAppOptions['onRoute']
  /** The voice calls' clock (server/app.ts BuildAppOptions.now). */
  now?: BuildAppOptions['now']
  /** The studio's web-source address rule or DNS (server/app.ts BuildAppOptions.knowledgeWeb). */
  knowledgeWeb?: BuildAppOptions['knowledgeWeb']
  /** Off for tests of the readers: the app's own take up no row from under theirs. */
  takeUpWork?: BuildAppOptions['takeUpWork']
  /** The bot check's siteverify fetch, clock and difficulty (server/app.ts BuildAppOptions.botCheck). */
  botCheck?: BuildAppOptions['botCheck']
  /** SENTRY_* settings and the SDK's transport (server/app.ts BuildAppOptions.failureReporting). */
  failureReporting?: BuildAppOptions['failureReporting']
  /** A logger to read what the app logs (none by default). */
  logger?: BuildAppOptions['logger']
}

const testConfig = (env: Record<string, string>) =>
  loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: os.tmpdir(),
    // No web build unless a test provides one.
    WEB_DIST: path.join(os.tmpdir(), 'likeness-test-no-web-dist'),
    // Answers stream without pacing unless a test asks for it (the API suite must stay fast).
    BRAIN_TOKEN_DELAY_MS: '0',
    // Suites send many requests from one address: only test/api/rate-limits.test.ts meets the limits.
    RATE_LIMIT_WRITES: '100000',
    RATE_LIMIT_CHAT: '100000',
    RATE_LIMIT_SPEECH: '100000',
    // Anonymous chat messages and sign-in codes go without a solved challenge, except in the suites that
    // test the bot check (test/api/bot-check.test.ts turns it on); production refuses 'off', so a
    // production test app keeps the check.
    ...(env.NODE_ENV === 'production' ? {} : { BOT_CHECK: 'off' }),
    ...env,
  })

/**
 * The app on its own in-memory database in the migrated, seeded state (test/setup/global-db.ts): a fresh
 * copy, or the one the worker's previous test app gave back, reset to that state (./seeded-db.ts).
 */
export async function createTestApp({
  env = {},
  configure,
  answerer,
  chatHeartbeatMs,
  providers,
  onRoute,
  now,
  knowledgeWeb,
  takeUpWork,
  failureReporting,
  botCheck,
  logger,
}: TestAppOptions = {}): Promise<TestApp> {
  const config = testConfig(env)
  const database = await acquireSeededDatabase()
  const handle: DatabaseHandle = {
    kind: 'pglite',
    db: drizzle({ client: database.client, schema }),
    client: database.client,
    close: database.release,
  }
  const app = await buildApp({
    db: handle.db,
    dbKind: handle.kind,
    config,
    answerer,
    chatHeartbeatMs,
    providers,
    onRoute,
    now,
    knowledgeWeb,
    takeUpWork,
    failureReporting,
    logger,
    botCheck,
  })
  await configure?.(app)
  return readyTestApp(app, handle, config)
}

/**
 * The app on a real PostgreSQL (DATABASE_URL `url`, migrated and seeded already: test/setup/postgres.ts), with
 * its own connection pool, as one of several servers on one database (issue #24).
 */
export async function createPostgresTestApp(
  url: string,
  { env = {}, providers }: Pick<TestAppOptions, 'env' | 'providers'> = {},
): Promise<TestApp> {
  const config = testConfig({ DATABASE_URL: url, ...env })
  const handle = await openDatabase(config)
  const app = await buildApp({ db: handle.db, dbKind: handle.kind, config, providers })
  return readyTestApp(app, handle, config)
}

export type BareTestApp = Pick<TestApp, 'app' | 'config' | 'close'>

/**
 * Only the HTTP layer (server/app.ts buildBareApp): proxies, security headers, errors, cookies, CORS, and no
 * database, for suites that read headers or the client address. `configure` adds the routes they call.
 */
export async function createBareTestApp({
  env = {},
  configure,
}: Pick<TestAppOptions, 'env' | 'configure'> = {}): Promise<BareTestApp> {
  const config = testConfig(env)
  const app = await buildBareApp({ config })
  await configure?.(app)
  await app.ready()
  asFromOurPages(app)
  return { app, config, close: () => app.close() }
}

/**
 * Injected requests come from one of our own pages unless a test says otherwise: like a browser on a page of
 * ours, they carry `Sec-Fetch-Site: same-origin`, which the CSRF check asks of a cookie-carrying write that
 * names no Origin (server/auth/identity.ts). A test of a request from elsewhere sets the header (or Origin)
 * itself; `'sec-fetch-site': ''` stands for a client that sends none.
 */
function asFromOurPages(app: App): void {
  const inject = app.inject.bind(app) as (options: InjectOptions) => ReturnType<App['inject']>
  app.inject = ((options: InjectOptions | string) => {
    const opts = typeof options === 'string' ? { url: options } : options
    const headers = { 'sec-fetch-site': 'same-origin', ...opts.headers }
    if (headers['sec-fetch-site'] === '') delete (headers as Record<string, unknown>)['sec-fetch-site']
    return inject({ ...opts, headers })
  }) as App['inject']
}

/** The real health route over a stand-in database that always answers: an API answer with no database. */
export async function healthWithoutDatabase(app: App): Promise<void> {
  await app.register(healthRoutes, { ping: async () => undefined, dbKind: 'pglite', version: appVersion })
}

/** A new user with a session: `cookie` is the Cookie header for cookie transport; `token` the bearer token. */
export async function userWithSession(db: Db, email: string, transport: 'cookie' | 'bearer' = 'cookie') {
  const [user] = await db.insert(users).values({ email }).returning()
  const { token } = await createSession(db, user!.id, transport)
  return { id: user!.id, token, cookie: `${SESSION_COOKIE}=${token}` }
}

/** A built app made ready as from our own pages, and how to close it with its database. */
async function readyTestApp(app: App, handle: DatabaseHandle, config: Config): Promise<TestApp> {
  await app.ready()
  asFromOurPages(app)
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
