/**
 * `npm run bench:start`: milliseconds from spawning the server to its first 200 from /api/health, on an
 * existing data folder (made by one start beforehand, not counted) and on an empty one, three runs each,
 * median printed. It measures the built server (`node dist/server/index.mjs`, after `npm run build:server`)
 * and the sources through tsx (`npm run dev`'s way), each when present; `-- built` or `-- tsx` picks one,
 * `RUNS=5` runs more. It builds nothing itself. Goal (issue #11): under 1 s on an existing folder.
 * Beside the wall time it prints the CPU time the server had used by its first 200 (Linux), which other
 * work on a shared machine inflates far less. `EMPTY_RUNS=0` leaves the empty folder out. The load average
 * (/proc/loadavg) is printed before and after: on a loaded machine the wall times say little (issue #27).
 */
import { spawn } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import http from 'node:http'
import os from 'node:os'
import path from 'node:path'
import { performance } from 'node:perf_hooks'
import { freePort } from '../test/support/free-port'
import { BUILT_SERVER, type ServerCommand, serverCommand } from './support/server-process'

const RUNS = Number(process.env.RUNS ?? 3)
const EMPTY_RUNS = Number(process.env.EMPTY_RUNS ?? RUNS)
const GOAL_MS = 1000
const GIVE_UP_MS = 180_000

const healthy = (port: number) =>
  new Promise<boolean>((resolve) => {
    const request = http.get({ host: '127.0.0.1', port, path: '/api/health', agent: false }, (res) => {
      res.resume()
      resolve(res.statusCode === 200)
    })
    request.on('error', () => resolve(false))
  })

/** Linux's clock ticks per second (`getconf CLK_TCK`), the unit of /proc/<pid>/stat's CPU times. */
const CLOCK_TICKS_PER_SECOND = 100

/** CPU time (user and system, all threads) a process has used so far, in ms; null where /proc is missing. */
function cpuMsOf(pid: number): number | null {
  try {
    // Fields after the parenthesised command name: state is the 3rd field, utime the 14th, stime the 15th.
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ')
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS_PER_SECOND
  } catch {
    return null
  }
}

interface Start {
  /** Wall time from spawn to the first 200. */
  ms: number
  /** CPU time the server used by then: what the start costs whatever else runs on the machine. */
  cpuMs: number | null
}

/** One start: spawn, then ask /api/health every few milliseconds until it answers 200. */
async function timeOneStart(command: ServerCommand, dataDir: string): Promise<Start> {
  const port = await freePort()
  const started = performance.now()
  const child = spawn(process.execPath, command.args, {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'pipe'],
  })
  let stderr = ''
  child.stderr!.on('data', (c: Buffer) => {
    stderr += c.toString()
  })
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  try {
    while (!(await healthy(port))) {
      if (child.exitCode !== null) throw new Error(`The server exited (${child.exitCode}):\n${stderr}`)
      if (performance.now() - started > GIVE_UP_MS)
        throw new Error(`No 200 from /api/health in ${GIVE_UP_MS} ms`)
      await new Promise((r) => setTimeout(r, 5))
    }
    return { ms: performance.now() - started, cpuMs: child.pid ? cpuMsOf(child.pid) : null }
  } finally {
    child.kill('SIGTERM')
    await exited
  }
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b)
  const mid = Math.floor(sorted.length / 2)
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2
}
const ms = (n: number) => `${Math.round(n)} ms`

async function measure(command: ServerCommand): Promise<number> {
  console.log(`\n${command.label}`)
  const existing = await mkdtemp(path.join(os.tmpdir(), 'likeness-bench-start-'))
  const empties: string[] = []
  try {
    // The existing folder: created, migrated and seeded by a first start that is not counted.
    await timeOneStart(command, existing)
    const onExisting: Start[] = []
    for (let i = 0; i < RUNS; i++) onExisting.push(await timeOneStart(command, existing))
    const onEmpty: Start[] = []
    for (let i = 0; i < EMPTY_RUNS; i++) {
      const empty = await mkdtemp(path.join(os.tmpdir(), 'likeness-bench-start-empty-'))
      empties.push(empty)
      onEmpty.push(await timeOneStart(command, empty))
    }
    const line = (starts: Start[]) => {
      const wall = starts.map((s) => s.ms)
      const cpu = starts.flatMap((s) => (s.cpuMs === null ? [] : [s.cpuMs]))
      const cpuText = cpu.length ? `; CPU p50 ${ms(median(cpu))} (${cpu.map(ms).join(', ')})` : ''
      if (!wall.length) return 'not measured'
      return `p50 ${ms(median(wall))}  (${wall.map(ms).join(', ')})${cpuText}`
    }
    const verdict = median(onExisting.map((s) => s.ms)) < GOAL_MS ? 'met' : 'MISSED'
    console.log(`  existing data folder: ${line(onExisting)}  goal < ${ms(GOAL_MS)}: ${verdict}`)
    console.log(`  empty data folder:    ${line(onEmpty)}`)
    return median(onExisting.map((s) => s.ms))
  } finally {
    for (const dir of [existing, ...empties]) await rm(dir, { recursive: true, force: true })
  }
}

const only = process.argv.slice(2).find((a) => a === 'built' || a === 'tsx')
const kinds = only
  ? [only]
  : (['built', 'tsx'] as const).filter((k) => k === 'tsx' || existsSync(BUILT_SERVER))
if (only === 'built' && !existsSync(BUILT_SERVER)) {
  console.error(`${BUILT_SERVER} is missing: run npm run build:server first.`)
  process.exit(1)
}
/** The load averages over 1, 5 and 15 minutes (os.loadavg() where /proc is missing). */
const loadAverage = () => {
  try {
    return readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ')
  } catch {
    return os
      .loadavg()
      .map((n) => n.toFixed(2))
      .join(' ')
  }
}
console.log(
  `Spawn to the first 200 from /api/health, ${RUNS} runs each (p50 and each run); ${os.cpus().length} CPUs, load average ${loadAverage()}:`,
)
for (const kind of kinds) await measure(serverCommand(kind as 'built' | 'tsx'))
console.log(`\nLoad average after: ${loadAverage()}`)
