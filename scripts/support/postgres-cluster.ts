import { type ChildProcess, execFileSync, spawn } from 'node:child_process'
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { setTimeout as delay } from 'node:timers/promises'
import pg from 'pg'
import { freePort } from '../../test/support/free-port'

/*
 * A throwaway PostgreSQL cluster on this machine (issue #24): initdb in a temporary folder, one `postgres`
 * on 127.0.0.1 and a free port with trust authentication, a `likeness` database in it, and everything
 * removed again on stop. The tests of several servers on one database use it (test/setup/postgres.ts), and
 * so does the local multi-instance stack. PostgreSQL refuses to run as root: as root, the cluster runs as
 * the `postgres` user, which owns its folder. Needs Debian's `postgresql` (or PG_BIN naming a bin folder).
 */

export interface PostgresCluster {
  /** postgres://postgres@127.0.0.1:PORT/likeness */
  url: string
  port: number
  /** The temporary folder (the data folder and the socket), removed on stop. */
  dir: string
  /** Stops the server (fast shutdown) and removes its folder. */
  stop(): Promise<void>
}

export interface StartPostgresOptions {
  /** The database created for the caller (default `likeness`). */
  database?: string
  /** Settings passed to the server as `-c name=value`. */
  settings?: Record<string, string>
}

/** The folder of `initdb` and `postgres`: PG_BIN, else the newest /usr/lib/postgresql/<version>/bin. */
export function findPostgresBin(): string | undefined {
  const fromEnv = process.env.PG_BIN
  if (fromEnv) return existsSync(path.join(fromEnv, 'initdb')) ? fromEnv : undefined
  const root = '/usr/lib/postgresql'
  if (!existsSync(root)) return undefined
  const versions = readdirSync(root)
    .filter((name) => existsSync(path.join(root, name, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a))
  return versions[0] ? path.join(root, versions[0], 'bin') : undefined
}

export const POSTGRES_MISSING =
  'PostgreSQL is not installed: install Debian\'s "postgresql" (apt-get install postgresql) or set PG_BIN to the folder of initdb and postgres'

/** As root, the uid and gid of the `postgres` user (PostgreSQL refuses root); otherwise none. */
function runAs(): { uid: number; gid: number } | undefined {
  if (process.getuid?.() !== 0) return undefined
  try {
    const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim())
    const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim())
    return { uid, gid }
  } catch {
    throw new Error('Running as root, and there is no "postgres" user to run PostgreSQL as')
  }
}

function run(command: string, args: string[], user: { uid: number; gid: number } | undefined) {
  return new Promise<void>((resolve, reject) => {
    const child = spawn(command, args, { ...user, stdio: ['ignore', 'pipe', 'pipe'] })
    let output = ''
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString()
    })
    child.stderr.on('data', (chunk: Buffer) => {
      output += chunk.toString()
    })
    child.on('error', reject)
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`${path.basename(command)} failed (${code}):\n${output}`)),
    )
  })
}

/** Starts a temporary cluster and resolves once it accepts connections and its database exists. */
export async function startPostgresCluster({
  database = 'likeness',
  settings = {},
}: StartPostgresOptions = {}): Promise<PostgresCluster> {
  const bin = findPostgresBin()
  if (!bin) throw new Error(POSTGRES_MISSING)
  const user = runAs()
  const dir = mkdtempSync(path.join(os.tmpdir(), 'likeness-postgres-'))
  if (user) chownSync(dir, user.uid, user.gid)
  const dataDir = path.join(dir, 'data')
  let server: ChildProcess | undefined
  const removeOnExit = () => {
    server?.kill('SIGKILL')
    rmSync(dir, { recursive: true, force: true })
  }
  process.once('exit', removeOnExit)
  try {
    await run(
      path.join(bin, 'initdb'),
      ['-D', dataDir, '-U', 'postgres', '-A', 'trust', '-E', 'UTF8', '--locale=C', '--no-sync'],
      user,
    )
    // A free port can be taken before the server binds it: try another a few times.
    for (let attempt = 1; ; attempt += 1) {
      const port = await freePort()
      const args = ['-D', dataDir, '-p', String(port), '-h', '127.0.0.1', '-k', dir]
      // Throwaway data: nothing needs to survive a crash.
      const all = { fsync: 'off', synchronous_commit: 'off', full_page_writes: 'off', ...settings }
      for (const [name, value] of Object.entries(all)) args.push('-c', `${name}=${value}`)
      const child = spawn(path.join(bin, 'postgres'), args, { ...user, stdio: ['ignore', 'ignore', 'pipe'] })
      server = child
      let log = ''
      child.stderr?.on('data', (chunk: Buffer) => {
        log += chunk.toString()
      })
      let dead = false
      const exited = new Promise<void>((resolve) =>
        child.once('exit', () => {
          dead = true
          resolve()
        }),
      )
      const admin = `postgres://postgres@127.0.0.1:${port}/postgres`
      const ready = await waitForConnections(admin, () => dead)
      if (!ready) {
        if (attempt < 3 && /could not bind|already in use/i.test(log)) continue
        throw new Error(`postgres did not start:\n${log}`)
      }
      const client = new pg.Client({ connectionString: admin })
      await client.connect()
      try {
        await client.query(`create database ${pg.escapeIdentifier(database)}`)
      } finally {
        await client.end()
      }
      const stop = async () => {
        process.removeListener('exit', removeOnExit)
        if (child.exitCode === null && child.signalCode === null) {
          // SIGINT is PostgreSQL's fast shutdown: connections are ended, nothing waits for clients.
          child.kill('SIGINT')
          const stopped = await Promise.race([exited.then(() => true), delay(10_000).then(() => false)])
          if (!stopped) {
            child.kill('SIGKILL')
            await exited
          }
        }
        rmSync(dir, { recursive: true, force: true })
      }
      return { url: `postgres://postgres@127.0.0.1:${port}/${database}`, port, dir, stop }
    }
  } catch (error) {
    removeOnExit()
    process.removeListener('exit', removeOnExit)
    throw error
  }
}

/**
 * Resolves true once `url` accepts a connection (a starting server refuses or answers 'starting up'), false
 * once the server is dead.
 */
async function waitForConnections(url: string, dead: () => boolean): Promise<boolean> {
  while (!dead()) {
    const client = new pg.Client({ connectionString: url })
    try {
      await client.connect()
      await client.end()
      return true
    } catch {
      await client.end().catch(() => {})
      await delay(50)
    }
  }
  return false
}
