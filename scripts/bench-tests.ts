/**
 * `npm run bench:tests [-- <vitest filters>] [-- --json <file>]`: runs the vitest suite once (the same
 * configuration as `npm run test:unit`) and prints the wall time, the machine load before and after (the
 * machine may be shared, so a time means little without it), the time spent per phase summed over all
 * files (environment, prepare, setup files, import/collect, tests and hooks), the same per folder, and the
 * 10 slowest files. Exits 1 when a test fails.
 */
import { readFileSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { Reporter, TestModule } from 'vitest/node'
import { startVitest } from 'vitest/node'

const args = process.argv.slice(2)
const jsonAt = args.indexOf('--json')
const jsonFile = jsonAt >= 0 ? args[jsonAt + 1] : undefined
const filters = jsonAt >= 0 ? args.filter((_, i) => i !== jsonAt && i !== jsonAt + 1) : args

interface FileTimes {
  file: string
  tests: number
  environment: number
  prepare: number
  setup: number
  collect: number
  run: number
  /** What the file cost its worker: the sum of the phases above. */
  total: number
}

const files: FileTimes[] = []
const timesOf = (module: TestModule): FileTimes => {
  const d = module.diagnostic()
  const times = {
    environment: d.environmentSetupDuration,
    prepare: d.prepareDuration,
    setup: d.setupDuration,
    collect: d.collectDuration,
    run: d.duration,
  }
  return {
    file: path.relative(process.cwd(), module.moduleId),
    tests: [...module.children.allTests()].length,
    ...times,
    total: Object.values(times).reduce((a, b) => a + b, 0),
  }
}
const collector: Reporter = {
  onTestModuleEnd(module) {
    files.push(timesOf(module))
  },
}

const load = () =>
  os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(' ')
/**
 * CPU seconds, from /proc/self/stat (Linux; undefined elsewhere): this process (vitest's main process: the
 * transforms, the global setup, the reporters) and its ended children (the test workers). Less sensitive than
 * the wall time to other work on a shared machine.
 */
const cpuSeconds = (): { main: number; workers: number } | undefined => {
  try {
    const stat = readFileSync('/proc/self/stat', 'utf8')
    // After the name and the state: utime, stime, cutime, cstime are the 12th to 15th fields, in ticks.
    const [utime, stime, cutime, cstime] = stat
      .slice(stat.lastIndexOf(')') + 2)
      .split(' ')
      .slice(11, 15)
      .map(Number) as [number, number, number, number]
    return { main: (utime + stime) / 100, workers: (cutime + cstime) / 100 }
  } catch {
    return undefined
  }
}
const loadBefore = load()
const started = performance.now()
const vitest = await startVitest('test', filters, { watch: false, reporters: ['dot', collector] })
const wall = performance.now() - started
const loadAfter = load()
const failed = !vitest || vitest.state.getCountOfFailedTests() > 0 || process.exitCode === 1
await vitest?.close()
const cpu = cpuSeconds()

const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`.padStart(8)
const phases = ['environment', 'prepare', 'setup', 'collect', 'run', 'total'] as const
const sum = (list: FileTimes[], key: (typeof phases)[number]) => list.reduce((a, f) => a + f[key], 0)
const row = (label: string, list: FileTimes[]) =>
  `${label.padEnd(14)}${String(list.length).padStart(6)}${String(list.reduce((a, f) => a + f.tests, 0)).padStart(7)}${phases
    .map((p) => s(sum(list, p)))
    .join('')}`

const cpuText = cpu
  ? `${(cpu.main + cpu.workers).toFixed(1)} s CPU (main process ${cpu.main.toFixed(1)} s, workers ${cpu.workers.toFixed(1)} s)`
  : 'CPU time unknown'
console.log(`\nvitest: ${s(wall).trim()} wall, ${cpuText}`)
console.log(
  `${os.availableParallelism()} cores, load average (1, 5, 15 min) ${loadBefore} before, ${loadAfter} after`,
)
console.log(`\n${'phase sums'.padEnd(14)} files  tests${phases.map((p) => p.padStart(8)).join('')}`)
const folders = [...new Set(files.map((f) => f.file.split('/').slice(0, 2).join('/')))].sort()
for (const folder of folders)
  console.log(
    row(
      folder,
      files.filter((f) => f.file.startsWith(`${folder}/`)),
    ),
  )
console.log(row('all', files))
console.log(`\n10 slowest files (${phases.join(', ')}):`)
for (const f of [...files].sort((a, b) => b.total - a.total).slice(0, 10)) {
  console.log(`${phases.map((p) => s(f[p])).join('')}  ${f.file}`)
}
if (jsonFile) {
  writeFileSync(
    jsonFile,
    JSON.stringify({ wall, cpu, loadBefore, loadAfter, cores: os.availableParallelism(), files }, null, 2),
  )
}
process.exit(failed ? 1 : 0)
