/**
 * `npm run bench:scale` (issue #24): chat streams at once against the multi-instance stack of `npm run
 * stack:scale` (PostgreSQL, s3rver, two built servers, haproxy). First ONE_STREAMS (200) at one instance
 * directly, then TWO_STREAMS (400) through the proxy, split over both. Each stream is a new anonymous visitor
 * asking a seeded clone one question. Reports errors, time to first token p50/p95 and to the whole answer,
 * and the ratio of the two runs' first-token p95. Builds the server first unless STACK_BUILD=0.
 */
import { spawnSync } from 'node:child_process'
import { performance } from 'node:perf_hooks'
import { startScaleStack } from './support/scale-stack'
import { serverCommand } from './support/server-process'

const oneStreams = Number(process.env.ONE_STREAMS ?? 200)
const twoStreams = Number(process.env.TWO_STREAMS ?? 400)
const QUESTIONS = [
  'How late in the day can I drink coffee without hurting my sleep?',
  'Should athletes nap, and for how long?',
  'What is your jet lag protocol when flying east for a race?',
]

interface Outcome {
  ok: boolean
  error?: string
  firstTokenMs: number
  doneMs: number
}

/** One new visitor's question, streamed to its end. */
async function stream(base: string, question: string): Promise<Outcome> {
  const started = performance.now()
  let firstTokenMs = -1
  try {
    const res = await fetch(`${base}/api/clone/talk/messages/stream`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: base },
      body: JSON.stringify({ slug: 'lena-hart', text: question }),
    })
    if (res.status !== 200) return { ok: false, error: `HTTP ${res.status}`, firstTokenMs, doneMs: 0 }
    const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader()
    let buffer = ''
    for (;;) {
      const { done, value } = await reader.read()
      if (done) return { ok: false, error: 'ended without its message', firstTokenMs, doneMs: 0 }
      buffer += value
      if (firstTokenMs < 0 && buffer.includes('current_token')) firstTokenMs = performance.now() - started
      if (buffer.includes('"message"')) {
        await reader.cancel()
        return { ok: true, firstTokenMs, doneMs: performance.now() - started }
      }
      if (buffer.includes('"error"')) return { ok: false, error: 'error event', firstTokenMs, doneMs: 0 }
    }
  } catch (error) {
    return { ok: false, error: (error as Error).message, firstTokenMs, doneMs: 0 }
  }
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN
}

async function run(label: string, base: string, count: number) {
  const outcomes = await Promise.all(
    Array.from({ length: count }, (_, i) => stream(base, QUESTIONS[i % QUESTIONS.length]!)),
  )
  const ok = outcomes.filter((o) => o.ok)
  const errors = outcomes.filter((o) => !o.ok)
  const first = ok.map((o) => o.firstTokenMs)
  const done = ok.map((o) => o.doneMs)
  const f = (ms: number) => `${(ms / 1000).toFixed(2)} s`
  console.log(
    `${label.padEnd(36)} ${String(count).padStart(4)} streams  errors ${errors.length}  first token p50 ${f(percentile(first, 50))} p95 ${f(percentile(first, 95))}  whole answer p50 ${f(percentile(done, 50))} p95 ${f(percentile(done, 95))}`,
  )
  if (errors.length > 0)
    console.log(`  first errors: ${[...new Set(errors.map((e) => e.error))].slice(0, 3).join('; ')}`)
  return { p95: percentile(first, 95), errors: errors.length }
}

if (process.env.STACK_BUILD !== '0') {
  const built = spawnSync('npm', ['run', '--silent', 'build:server'], { stdio: ['ignore', 2, 2] })
  if (built.status !== 0) process.exit(1)
}
const stack = await startScaleStack({
  command: serverCommand('built'),
  // Every stream is a new visitor from one address: the per-IP limits would be what is measured.
  // The streams are posted without the renderer's bot-protection token: the answers are measured, not it.
  env: { RATE_LIMIT_CHAT: '1000000', RATE_LIMIT_WRITES: '1000000', LOG_LEVEL: 'error', BOT_CHECK: 'off' },
  onProgress: (message) => console.error(message),
})
try {
  console.log(
    `Chat streams at once, the local clone brain (BRAIN_TOKEN_DELAY_MS 18), ${stack.instances.length} servers`,
  )
  const one = await run('one instance, directly', stack.instances[0]!.url, oneStreams)
  const two = await run('two instances, through the proxy', stack.url, twoStreams)
  console.log(
    `first-token p95 at ${twoStreams} streams on two / at ${oneStreams} on one: ${(two.p95 / one.p95).toFixed(2)}`,
  )
} finally {
  await stack.stop()
}
