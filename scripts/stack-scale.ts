/**
 * `npm run stack:scale` (issue #24): the product as several machines would run it, on this one. A temporary
 * PostgreSQL 15 cluster, the S3-compatible server (s3rver), two server instances, each with its own
 * temporary data folder, on the same database, bucket and AUTH_SECRET (generated per run), and Debian's
 * haproxy in front, round-robin with health checks on /api/health (scripts/support/scale-stack.ts).
 *
 * Builds the server first (as `npm start` does) and the web app when dist/web has none; prints
 * `Scale-out stack at http://127.0.0.1:PORT` once the proxy and every instance answer; stops everything on
 * Ctrl-C or SIGTERM and exits 0; exits 1 when any part dies.
 *
 *   npm run stack:scale                     a free port
 *   STACK_PORT=8080 npm run stack:scale     a fixed port
 *   STACK_INSTANCES=3 npm run stack:scale   more instances
 *   STACK_BUILD=0 npm run stack:scale       no builds (the server through tsx when dist/server has none)
 *
 * Needs Debian's postgresql and haproxy (apt-get install postgresql haproxy); run as root, PostgreSQL runs
 * as the postgres user. The proxy names the instance that answered in the X-Stack-Instance header; each
 * instance's warnings and errors are printed with its name (LOG_LEVEL=info for more).
 */
import { spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { HAPROXY_BIN, HAPROXY_MISSING, type ScaleStack, startScaleStack } from './support/scale-stack'

const root = fileURLToPath(new URL('..', import.meta.url))
process.chdir(root)

function positiveInteger(name: string): number | undefined {
  const value = process.env[name]
  if (value === undefined || value === '') return undefined
  if (!/^\d+$/.test(value) || Number(value) < 1 || Number(value) > 65_535) {
    console.error(`${name} must be a whole number from 1 to 65535, not '${value}'`)
    process.exit(1)
  }
  return Number(value)
}

const port = positiveInteger('STACK_PORT')
const instances = positiveInteger('STACK_INSTANCES') ?? 2

if (!existsSync(HAPROXY_BIN)) {
  console.error(HAPROXY_MISSING)
  process.exit(1)
}

function npmRun(script: string) {
  console.error(`> npm run ${script}`)
  // Its output goes to stderr: stdout carries only the stack's banner.
  const result = spawnSync('npm', ['run', '--silent', script], { stdio: ['ignore', 2, 2] })
  if (result.status !== 0) {
    console.error(`npm run ${script} failed`)
    process.exit(1)
  }
}

if (process.env.STACK_BUILD !== '0') {
  if (!existsSync('dist/web/index.html')) npmRun('build:web')
  npmRun('build:server')
}

const abort = new AbortController()
let starting: Promise<ScaleStack> | undefined
let stopping: Promise<void> | undefined

function stopAll(code: number) {
  stopping ??= (async () => {
    abort.abort(new Error('stopped'))
    try {
      // A start under way stops what it started once aborted, and rejects.
      const stack = await starting?.catch(() => undefined)
      await stack?.stop()
    } catch (error) {
      console.error('Stopping the stack failed:', error)
      code = 1
    }
    process.exit(code)
  })()
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    console.error(`\n${signal}: stopping the stack`)
    stopAll(0)
  })
}

starting = startScaleStack({
  instances,
  port,
  signal: abort.signal,
  onProgress: (message) => console.error(message),
  // Once stopping, Ctrl-C has often stopped PostgreSQL (same process group) before the instances: their
  // complaints about it then are no news.
  onLog: (source, line) => {
    if (!stopping) console.error(`[${source}] ${line}`)
  },
})
let stack: ScaleStack | undefined
try {
  stack = await starting
} catch (error) {
  if (!stopping) {
    console.error(`The stack did not start: ${(error as Error).message}`)
    process.exit(1)
  }
}

if (stack && !stopping) {
  console.log(`Scale-out stack at ${stack.url}`)
  for (const instance of stack.instances) {
    console.log(`  ${instance.name}: ${instance.url} (DATA_DIR ${instance.dataDir})`)
  }
  console.log(`  PostgreSQL: ${stack.databaseUrl}`)
  console.log(`  S3: ${stack.s3.endpoint} (bucket ${stack.s3.bucket})`)
  console.log('Ctrl-C stops everything.')
  const error = await stack.failed
  if (!stopping) {
    console.error(`The stack is stopping: ${error.message}`)
    stopAll(1)
  }
}
