import type { AddressInfo } from 'node:net'
import { performance } from 'node:perf_hooks'
import pino from 'pino'
import { loadConfig } from './config'
import { openDatabase } from './db/client'

// Entry: node dist/server/index.mjs (npm run serve, built by npm run build:server), or the sources
// through tsx (npm run dev).
const config = loadConfig()
// Logs go to stderr so stdout carries only the start banner below.
const logger = pino({ level: config.LOG_LEVEL }, process.stderr)

// Milliseconds since the process started, per step: what a slow start spends its time on; beside them the CPU
// time used by then, which other work on a shared machine inflates far less (issue #27).
const startup: Record<string, number> = {}
const startupCpu: Record<string, number> = {}
const step = (name: string) => {
  startup[name] = Math.round(performance.now())
  const { user, system } = process.cpuUsage()
  startupCpu[name] = Math.round((user + system) / 1000)
}
step('entry')
// The database opens (PGlite compiles its WebAssembly off the main thread) while the app's modules load.
const opening = openDatabase(config)
const [{ PRODUCT_NAME }, { buildApp }, { migrateDatabase }, { seed, seedDataFor }] = await Promise.all([
  import('../contract/product'),
  import('./app'),
  import('./db/migrate'),
  import('./seed'),
])
step('modulesLoaded')
const database = await opening
step('databaseOpen')
// On an existing database this is one query when every migration is applied already.
const migrations = await migrateDatabase(database)
step('migrated')
// Seeding writes only when the seed data (or the schema) changed since the last start.
const seeded = await seed(database.db, seedDataFor(config.NODE_ENV), { onlyWhenChanged: true })
step('seeded')
logger.info({ database: database.kind, migrations, ...seeded }, 'database ready')

const app = await buildApp({ db: database.db, dbKind: database.kind, config, logger })
step('appBuilt')
await app.listen({ port: config.PORT, host: config.HOST })
step('listening')
logger.info({ startupMs: startup, startupCpuMs: startupCpu }, 'started')

const { port } = app.server.address() as AddressInfo
// The start banner, after listen so PORT=0 prints the port actually bound.
console.log(`${PRODUCT_NAME} is running at http://localhost:${port}`)
console.log(`Demo clone: http://localhost:${port}/lena-hart`)

let stopping = false
async function shutdown(signal: NodeJS.Signals) {
  if (stopping) return
  stopping = true
  logger.info({ signal }, 'shutting down')
  try {
    await app.close()
    await database.close()
    process.exit(0)
  } catch (err) {
    logger.error({ err }, 'shutdown failed')
    process.exit(1)
  }
}
process.once('SIGINT', shutdown)
process.once('SIGTERM', shutdown)
