/**
 * `npm run bench:lighthouse`: Lighthouse's mobile preset (Moto G Power screen, simulated slow 4G and a 4x
 * CPU slowdown) against the built web app, on the clone profile, the talk screen and the embed route (the
 * seeded bubble configuration, inline). Prints per route the performance score, largest contentful paint,
 * cumulative layout shift and total blocking time, with the savings Lighthouse estimates for text
 * compression and unused CSS and JavaScript, and checks them against issue #27's goals (performance >= 95,
 * LCP <= 1.2 s, CLS <= 0.05, each the median of the runs).
 *
 *   npm run bench:lighthouse                              builds the web app if missing, starts the real server
 *                                                         on a fresh data folder, measures (median of 3 runs
 *                                                         per route), stops it
 *   npm run bench:lighthouse -- --build                   rebuilds the web app first
 *   npm run bench:lighthouse -- --runs=5                  the median of five runs per route (RUNS=5 too)
 *   npm run bench:lighthouse -- --strict                  exits 1 when a goal is not met
 *   npm run bench:lighthouse -- --details                 also lists the elements that shifted
 *   npm run bench:lighthouse -- --only=talk               only the routes whose path contains 'talk'
 *   npm run bench:lighthouse -- --out=lighthouse-reports  keeps each run's full report (JSON) there
 *   npm run bench:lighthouse -- http://localhost:8787     measures a server that is already running
 *
 * Uses CHROMIUM_PATH, else the system Chromium (/usr/bin/chromium), else the browser the end-to-end tests
 * use (test/support/browser.ts), headless. A benchmark: without --strict it fails only when Lighthouse
 * cannot run. Lighthouse simulates the throttling from what it observed, so a loaded machine lowers the
 * scores: the script prints the load average before and after.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process'
import { existsSync } from 'node:fs'
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import * as chromeLauncher from 'chrome-launcher'
import lighthouse from 'lighthouse'
import { embedConfigIdOf } from '../server/seed/embeds'
import { BROWSER_UI_FEATURES, chromiumArgs, findChromium } from '../test/support/browser'
import { freePort } from '../test/support/free-port'

const ROUTES = [
  '/lena-hart',
  '/lena-hart/talk',
  `/embed/lena-hart/${embedConfigIdOf('lena-hart', 'bubble')}?layout=inline`,
] as const
const GOALS = { performance: 95, lcpMs: 1_200, cls: 0.05 } as const

const args = process.argv.slice(2)
const runsArg = args.find((a) => a.startsWith('--runs='))
const RUNS = Math.max(1, Number(runsArg?.slice('--runs='.length) ?? process.env.RUNS ?? 3))
const givenUrl = args.find((a) => /^https?:\/\//.test(a))?.replace(/\/+$/, '')
const onlyArg = args.find((a) => a.startsWith('--only='))?.slice('--only='.length)
const outArg = args.find((a) => a.startsWith('--out='))
const OUT_DIR = outArg ? path.resolve(outArg.slice('--out='.length)) : null

interface Figures {
  performance: number
  lcpMs: number
  cls: number
  tbtMs: number
  fcpMs: number
  compressionKiB: number
  unusedCssKiB: number
  unusedJsKiB: number
  lcpElement: string
  /** The elements that moved, with their share of the layout shift. */
  shifts: string[]
}

async function main() {
  const dist = path.resolve('dist/web')
  if (!givenUrl && (!existsSync(path.join(dist, 'index.html')) || args.includes('--build'))) {
    execFileSync(
      process.execPath,
      ['node_modules/vite/bin/vite.js', 'build', '--config', 'pwa/vite.config.ts'],
      {
        stdio: 'inherit',
      },
    )
  }

  const server = givenUrl ? null : await startServer()
  const base = givenUrl ?? server?.url
  if (!base) throw new Error('no server')
  const chromePath =
    process.env.CHROMIUM_PATH ?? (existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : findChromium())
  // Without Chromium's own omnibox popup (test/support/browser.ts): its renderer's work beside the page
  // lengthened the page's observed tasks, which Lighthouse multiplies by 4. chrome-launcher's own
  // --disable-features list comes first, and only the last such flag counts: the list goes again, with them.
  const launcherFeatures =
    chromeLauncher.Launcher.defaultFlags()
      .find((flag) => flag.startsWith('--disable-features='))
      ?.slice('--disable-features='.length)
      .split(',') ?? []
  const chrome = await chromeLauncher.launch({
    chromePath,
    chromeFlags: [
      '--headless=new',
      '--no-sandbox',
      ...chromiumArgs(),
      `--disable-features=${[...launcherFeatures, ...BROWSER_UI_FEATURES].join(',')}`,
    ],
  })
  const loadBefore = loadAverage()
  try {
    const results: Array<{ route: string; figures: Figures; scores: number[] }> = []
    for (const route of ROUTES.filter((r) => !onlyArg || r.includes(onlyArg))) {
      const runs: Figures[] = []
      for (let i = 0; i < RUNS; i++) runs.push(await measureRetrying(`${base}${route}`, chrome.port))
      results.push({ route, figures: median(runs), scores: runs.map((r) => r.performance) })
    }
    console.log(
      `\n${chromePath}; load average before ${loadBefore}, after ${loadAverage()} (${os.cpus().length} cores)`,
    )
    const met = print(results)
    if (!met && args.includes('--strict')) process.exitCode = 1
  } finally {
    chrome.kill()
    await server?.stop()
  }
}

/**
 * Lighthouse's trace now and then misses the page's navigationStart (the new renderer's tracing starts after
 * it; NO_NAVSTART, 'Please run Lighthouse again'): such a run is run again, up to twice.
 */
async function measureRetrying(url: string, port: number): Promise<Figures> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await measure(url, port)
    } catch (error) {
      if (attempt >= 3 || !String(error).includes('NO_NAVSTART')) throw error
      console.warn(`${url}: NO_NAVSTART (attempt ${attempt}), running it again`)
    }
  }
}

async function measure(url: string, port: number): Promise<Figures> {
  // The default config is the mobile preset: formFactor mobile, simulated throttling (slow 4G, 4x CPU).
  const result = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance'],
    formFactor: 'mobile',
    throttlingMethod: 'simulate',
  })
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`)
  const { lhr } = result
  if (OUT_DIR) {
    await mkdir(OUT_DIR, { recursive: true })
    const name = new URL(url).pathname.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '') || 'root'
    await writeFile(path.join(OUT_DIR, `${name}-${Date.now()}.json`), JSON.stringify(lhr))
  }
  if (lhr.runtimeError) throw new Error(`${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`)
  const audit = (id: string) => lhr.audits[id]
  const numeric = (id: string) => audit(id)?.numericValue ?? Number.NaN
  // "Opportunity" audits carry their estimate as overallSavingsBytes in details.
  const savedKiB = (id: string) => {
    const details = audit(id)?.details as { overallSavingsBytes?: number } | undefined
    return (details?.overallSavingsBytes ?? 0) / 1024
  }
  const lcpItems = (
    audit('largest-contentful-paint-element')?.details as
      | { items?: Array<{ items?: Array<{ node?: { snippet?: string } }> }> }
      | undefined
  )?.items
  const snippet = lcpItems?.[0]?.items?.[0]?.node?.snippet ?? '(no longer in the page: the app replaced it)'
  const shiftItems = (
    audit('layout-shifts')?.details as
      | { items?: Array<{ score?: number; node?: { snippet?: string; selector?: string } }> }
      | undefined
  )?.items
  const shifts = (shiftItems ?? []).map(
    (item) =>
      `${(item.score ?? 0).toFixed(3)} ${item.node?.selector ?? ''} ${short(item.node?.snippet ?? '?')}`,
  )
  return {
    shifts,
    performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    lcpMs: numeric('largest-contentful-paint'),
    cls: numeric('cumulative-layout-shift'),
    tbtMs: numeric('total-blocking-time'),
    fcpMs: numeric('first-contentful-paint'),
    compressionKiB: savedKiB('uses-text-compression'),
    unusedCssKiB: savedKiB('unused-css-rules'),
    unusedJsKiB: savedKiB('unused-javascript'),
    lcpElement: short(snippet),
  }
}

const loadAverage = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')

const short = (snippet: string) => (snippet.length > 90 ? `${snippet.slice(0, 87)}...` : snippet)

/** The run with the median performance score (its figures belong together). */
function median(runs: Figures[]): Figures {
  const sorted = [...runs].sort((a, b) => a.performance - b.performance)
  return sorted[Math.floor(sorted.length / 2)] as Figures
}

/** Prints the table and the goals; true when every route meets them. */
function print(results: Array<{ route: string; figures: Figures; scores: number[] }>): boolean {
  const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`
  const kib = (n: number) => `${Math.round(n)} KiB`
  console.log(
    `\nLighthouse, mobile preset (simulated slow 4G, 4x CPU)${RUNS > 1 ? `, median of ${RUNS} runs` : ''}:`,
  )
  const header = [
    'route',
    'performance',
    'runs',
    'LCP',
    'CLS',
    'TBT',
    'FCP',
    'compression',
    'unused CSS',
    'unused JS',
  ]
  const rows = results.map(({ route, figures: f, scores }) => [
    route.length > 40 ? `${route.slice(0, 37)}...` : route,
    String(f.performance),
    scores.join('/'),
    s(f.lcpMs),
    f.cls.toFixed(3),
    `${Math.round(f.tbtMs)} ms`,
    s(f.fcpMs),
    kib(f.compressionKiB),
    kib(f.unusedCssKiB),
    kib(f.unusedJsKiB),
  ])
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)))
  const line = (cells: string[]) => cells.map((c, i) => c.padEnd(widths[i] ?? 0)).join('  ')
  console.log(line(header))
  for (const row of rows) console.log(line(row))
  console.log('\nLargest contentful paint element:')
  for (const { route, figures } of results) console.log(`  ${route}: ${figures.lcpElement}`)
  if (args.includes('--details')) {
    console.log('Layout shifts (score, element):')
    for (const { route, figures } of results) {
      console.log(`  ${route}:${figures.shifts.length ? '' : ' none'}`)
      for (const shift of figures.shifts) console.log(`    ${shift}`)
    }
  }
  console.log(
    `Goals (issue #27): performance >= ${GOALS.performance}, LCP <= ${GOALS.lcpMs / 1000} s, CLS <= ${GOALS.cls}.`,
  )
  let all = true
  for (const { route, figures: f } of results) {
    const misses = [
      f.performance < GOALS.performance ? `performance ${f.performance}` : '',
      f.lcpMs > GOALS.lcpMs ? `LCP ${s(f.lcpMs)}` : '',
      f.cls > GOALS.cls ? `CLS ${f.cls.toFixed(3)}` : '',
    ].filter(Boolean)
    if (misses.length > 0) all = false
    console.log(
      `  ${misses.length === 0 ? 'met    ' : 'NOT MET'} ${route}${misses.length ? `: ${misses.join(', ')}` : ''}`,
    )
  }
  return all
}

/** The real server (server/index.ts) on a free port and a fresh data folder, as `npm run serve` runs it. */
async function startServer(): Promise<{ url: string; stop: () => Promise<void> }> {
  const port = await freePort()
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'likeness-lighthouse-'))
  const url = `http://127.0.0.1:${port}`
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'server/index.ts'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      PUBLIC_URL: url,
      NODE_ENV: 'production',
      // Production refuses to start without a mail provider (issue #27); the measured pages send no mail.
      SMTP_URL: process.env.SMTP_URL ?? 'smtp://127.0.0.1:9',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  })
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  const deadline = Date.now() + 120_000
  for (;;) {
    if (child.exitCode !== null)
      throw new Error(`The server exited with ${child.exitCode} before it was ready`)
    if (Date.now() > deadline) throw new Error('The server did not answer /api/health within 120 s')
    try {
      if ((await fetch(`${url}/api/health`)).ok) break
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250))
  }
  return {
    url,
    stop: async () => {
      child.kill('SIGTERM')
      await exited
      await rm(dataDir, { recursive: true, force: true })
    },
  }
}

main().catch((error: unknown) => {
  console.error(error)
  process.exit(1)
})
