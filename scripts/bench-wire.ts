/**
 * `npm run bench:wire`: bytes on the wire for what a browser loads, the way it loads it.
 *
 * Starts the server on the last builds (dist/server when built, else the sources through tsx; the web app
 * from dist/web: run `npm run build:web` first, this script builds nothing) on a fresh data folder, or
 * measures a running one: `npm run bench:wire -- http://127.0.0.1:8787`. In the system Chromium (cold
 * cache, service worker blocked, Accept-Encoding: br, gzip) it opens the profile route and the talk route
 * and counts every response up to the page's first load (HTML, JS, CSS, fonts, images, the API calls the
 * page makes, until the network is idle): the encoded bytes Chromium received (headers included) and the
 * decoded bytes. Then it seeds a 1,000-message conversation (POST /dev/conversations/seed, outside
 * production) and opens its JSON the same way.
 *
 * Goals (issue #11): the profile route under 300 KB, the 1,000-message conversation under 150 KB. Exits 1
 * when one is missed.
 */

import { mkdtemp, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { chromium, type Page } from '@playwright/test'
import { chromiumArgs, findChromium } from '../test/support/browser'
import { defaultServerCommand, type RunningServer, startServer } from './support/server-process'

const PROFILE_GOAL = 300 * 1024
const CONVERSATION_GOAL = 150 * 1024
const CONVERSATION_MESSAGES = 1_000
const CLONE = 'lena-hart'

interface Transfer {
  url: string
  type: string
  encoding: string
  wire: number
  decoded: number
}

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`

/** Loads `url` in the page and answers every response it took, by CDP's Network domain. */
async function transfersOf(page: Page, url: string): Promise<Transfer[]> {
  const cdp = await page.context().newCDPSession(page)
  await cdp.send('Network.enable')
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true })
  const byId = new Map<string, Transfer>()
  const done: Transfer[] = []
  cdp.on('Network.responseReceived', (event) => {
    const headers = Object.fromEntries(
      Object.entries(event.response.headers).map(([k, v]) => [k.toLowerCase(), String(v)]),
    )
    byId.set(event.requestId, {
      url: event.response.url,
      type: event.type ?? 'Other',
      encoding: headers['content-encoding'] ?? '-',
      wire: 0,
      decoded: 0,
    })
  })
  cdp.on('Network.dataReceived', (event) => {
    const transfer = byId.get(event.requestId)
    if (transfer) transfer.decoded += event.dataLength
  })
  cdp.on('Network.loadingFinished', (event) => {
    const transfer = byId.get(event.requestId)
    if (!transfer) return
    transfer.wire = event.encodedDataLength
    done.push(transfer)
  })
  await page.goto(url, { waitUntil: 'networkidle' })
  await cdp.detach()
  return done
}

function report(title: string, transfers: Transfer[], goal?: number): boolean {
  const wire = transfers.reduce((sum, t) => sum + t.wire, 0)
  const decoded = transfers.reduce((sum, t) => sum + t.decoded, 0)
  const verdict =
    goal === undefined ? '' : wire <= goal ? `  (goal < ${kb(goal)}: met)` : `  (goal < ${kb(goal)}: MISSED)`
  console.log(
    `\n${title}: ${kb(wire)} on the wire, ${kb(decoded)} decoded, ${transfers.length} responses${verdict}`,
  )
  const byType = new Map<string, { wire: number; decoded: number; count: number }>()
  for (const t of transfers) {
    const entry = byType.get(t.type) ?? { wire: 0, decoded: 0, count: 0 }
    entry.wire += t.wire
    entry.decoded += t.decoded
    entry.count += 1
    byType.set(t.type, entry)
  }
  for (const [type, e] of [...byType].sort((a, b) => b[1].wire - a[1].wire)) {
    console.log(
      `  ${type.padEnd(11)} ${kb(e.wire).padStart(10)} wire ${kb(e.decoded).padStart(10)} decoded  (${e.count})`,
    )
  }
  if (process.env.VERBOSE) {
    for (const t of [...transfers].sort((a, b) => b.wire - a.wire)) {
      const name = new URL(t.url).pathname
      console.log(`    ${kb(t.wire).padStart(10)} ${t.encoding.padEnd(5)} ${name}`)
    }
  }
  return goal === undefined || wire <= goal
}

async function main() {
  const given = process.argv.slice(2).find((a) => /^https?:\/\//.test(a))
  let server: RunningServer | undefined
  let dataDir: string | undefined
  let base: string
  if (given) {
    base = given.replace(/\/+$/, '')
  } else {
    const command = defaultServerCommand()
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'likeness-bench-wire-'))
    console.log(`Starting the server (${command.label}) on a fresh data folder...`)
    server = await startServer(command, { DATA_DIR: dataDir, NODE_ENV: 'development' })
    base = server.url
  }
  const browser = await chromium.launch({ executablePath: findChromium(), args: chromiumArgs() })
  let ok = true
  try {
    const context = () =>
      browser.newContext({
        serviceWorkers: 'block',
        extraHTTPHeaders: { 'accept-encoding': 'br, gzip' },
      })
    console.log(`${base}, Accept-Encoding: br, gzip, cold cache, service worker blocked`)
    for (const [title, route, goal] of [
      ['Profile route', `/${CLONE}`, PROFILE_GOAL],
      ['Talk route', `/${CLONE}/talk`, undefined],
    ] as const) {
      const ctx = await context()
      const page = await ctx.newPage()
      const transfers = await transfersOf(page, `${base}${route}`)
      // The page really drew the clone (a 503 'not built' page would be small too).
      await page.getByText('Lena Hart').first().waitFor({ timeout: 10_000 })
      ok = report(`${title} ${route}`, transfers, goal) && ok
      await ctx.close()
    }

    const ctx = await context()
    const seeded = await ctx.request.post(`${base}/dev/conversations/seed`, {
      data: { cloneSlug: CLONE, messages: CONVERSATION_MESSAGES },
      headers: { origin: base },
    })
    if (!seeded.ok())
      throw new Error(`Seeding the conversation failed: ${seeded.status()} ${await seeded.text()}`)
    const { id } = (await seeded.json()) as { id: string }
    const page = await ctx.newPage()
    const transfers = await transfersOf(page, `${base}/api/clone/talk/conversations/${id}`)
    const json = transfers.filter((t) => t.url.includes(id))
    ok =
      report(
        `${CONVERSATION_MESSAGES.toLocaleString('en')}-message conversation JSON`,
        json,
        CONVERSATION_GOAL,
      ) && ok
    await ctx.close()
  } finally {
    await browser.close()
    await server?.stop()
    if (dataDir) await rm(dataDir, { recursive: true, force: true })
  }
  if (!ok) {
    console.error('\nA goal was missed.')
    process.exit(1)
  }
}

await main()
