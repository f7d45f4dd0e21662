/**
 * Chat stream benchmark (npm run bench:chat): starts the API in-process on an in-memory PGlite,
 * seeded, on a free port with the default token pacing, fires concurrent streams of the seeded
 * suggested questions over real HTTP, and prints time to first token and token throughput.
 * The streams are read in a worker thread, so reading them does not slow the server's event loop.
 * A benchmark, not a test: it asserts nothing beyond every stream ending with a message.
 *
 *   npm run bench:chat                 50 streams
 *   STREAMS=200 npm run bench:chat     more
 */
import { mkdtemp, rm } from 'node:fs/promises'
import type { AddressInfo } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { performance } from 'node:perf_hooks'
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads'
import { StreamEvent } from '../contract'
import { buildApp } from '../server/app'
import { loadConfig } from '../server/config'
import { openDatabase } from '../server/db/client'
import { migrateDatabase } from '../server/db/migrate'
import { seed } from '../server/seed'
import { seedClones } from '../server/seed/data'

const STREAMS = Number(process.env.STREAMS ?? 50)

interface StreamTiming {
  firstTokenMs: number
  totalMs: number
  tokens: number
  /** Tokens per second from the first token to the final message. */
  tokensPerSecond: number
}

const questions = seedClones.flatMap((clone) =>
  clone.suggestedQuestions.map((text) => ({ slug: clone.slug, text })),
)

async function timeOneStream(url: string, i: number): Promise<StreamTiming> {
  const question = questions[i % questions.length]!
  const started = performance.now()
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(question),
  })
  if (!res.ok || !res.body) throw new Error(`stream ${i}: ${res.status}`)
  const decoder = new TextDecoder()
  let buffer = ''
  let firstTokenAt = 0
  let tokens = 0
  let finished = false
  for await (const chunk of res.body) {
    buffer += decoder.decode(chunk, { stream: true })
    let end = buffer.indexOf('\n\n')
    while (end !== -1) {
      const block = buffer.slice(0, end)
      buffer = buffer.slice(end + 2)
      end = buffer.indexOf('\n\n')
      if (!block.startsWith('data: ')) continue
      const event = StreamEvent.parse(JSON.parse(block.slice(6)))
      if ('current_token' in event) {
        tokens++
        if (!firstTokenAt) firstTokenAt = performance.now()
      } else if ('message' in event) finished = true
      else if ('error' in event) throw new Error(`stream ${i}: ${event.error.message}`)
    }
  }
  const endedAt = performance.now()
  if (!finished) throw new Error(`stream ${i} ended without a message`)
  return {
    firstTokenMs: firstTokenAt - started,
    totalMs: endedAt - started,
    tokens,
    tokensPerSecond: tokens / ((endedAt - firstTokenAt) / 1000),
  }
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!
}
const fixed = (n: number, digits = 1) => n.toFixed(digits)

interface WorkerInput {
  url: string
  streams: number
}

/** In the worker: one warm-up stream, then all streams at once; the timings go back to the main thread. */
async function runStreams({
  url,
  streams,
}: WorkerInput): Promise<{ timings: StreamTiming[]; wallSeconds: number }> {
  await timeOneStream(url, 0)
  const started = performance.now()
  const timings = await Promise.all(Array.from({ length: streams }, (_, i) => timeOneStream(url, i)))
  return { timings, wallSeconds: (performance.now() - started) / 1000 }
}

if (!isMainThread) {
  parentPort!.postMessage(await runStreams(workerData as WorkerInput))
} else {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'likeness-bench-'))
  // Production pacing: BRAIN_TOKEN_DELAY_MS is left at its default unless set in the environment.
  const config = loadConfig({
    // Every stream comes from this one address: the per-IP chat limit would measure itself, not the server.
    RATE_LIMIT_CHAT: '1000000',
    ...process.env,
    NODE_ENV: 'production',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    PORT: '0',
  })
  const database = await openDatabase(config, { inMemory: true })
  await migrateDatabase(database)
  await seed(database.db)
  // The streams are posted without the renderer's bot-protection token (issue #27): answers are measured.
  const app = await buildApp({ db: database.db, dbKind: database.kind, config, botCheck: { off: true } })
  await app.listen({ port: 0, host: '127.0.0.1' })
  const { port } = app.server.address() as AddressInfo
  const url = `http://127.0.0.1:${port}/api/clone/talk/messages/stream`
  try {
    // The worker runs this same file, so it registers the TypeScript loader (tsx) first.
    const tsx = JSON.stringify(import.meta.resolve('tsx/esm/api'))
    const self = JSON.stringify(import.meta.url)
    const worker = new Worker(`import(${tsx}).then((tsx) => { tsx.register(); return import(${self}) })`, {
      eval: true,
      workerData: { url, streams: STREAMS } satisfies WorkerInput,
    })
    const { timings, wallSeconds } = await new Promise<{ timings: StreamTiming[]; wallSeconds: number }>(
      (resolve, reject) => {
        worker.once('message', resolve)
        worker.once('error', reject)
      },
    )
    await worker.terminate()
    report(config.BRAIN_TOKEN_DELAY_MS, timings, wallSeconds)
  } finally {
    await app.close()
    await database.close()
    await rm(dataDir, { recursive: true, force: true })
  }
}

function report(delayMs: number, timings: StreamTiming[], wallSeconds: number) {
  const firstToken = timings.map((t) => t.firstTokenMs)
  const perStream = timings.map((t) => t.tokensPerSecond)
  const totalTokens = timings.reduce((n, t) => n + t.tokens, 0)
  const durations = timings.map((t) => t.totalMs)
  console.log(`Chat stream benchmark: ${timings.length} concurrent streams, pacing ${delayMs} ms/token`)
  console.log(
    `  time to first token   p50 ${fixed(percentile(firstToken, 50))} ms   p95 ${fixed(percentile(firstToken, 95))} ms   max ${fixed(Math.max(...firstToken))} ms`,
  )
  console.log(
    `  tokens per stream     p50 ${fixed(percentile(perStream, 50))}/s   p5 ${fixed(percentile(perStream, 5))}/s`,
  )
  console.log(
    `  aggregate             ${fixed(totalTokens / wallSeconds, 0)} tokens/s (${totalTokens} tokens in ${fixed(wallSeconds, 2)} s)`,
  )
  console.log(
    `  stream duration       p50 ${fixed(percentile(durations, 50), 0)} ms   p95 ${fixed(percentile(durations, 95), 0)} ms`,
  )
}
