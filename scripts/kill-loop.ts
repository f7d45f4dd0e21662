/**
 * The kill -9 loop (npm run test:kill): no question is lost when the server dies mid-answer.
 *
 * Starts the real server (node server/index.ts) on a fresh data folder (PGlite), signs in as the creator of
 * lena-hart (unlimited messages) with a bearer token, and then, until KILLS kills have landed: sends a
 * question over the real HTTP stream with a client message id, kills the server with SIGKILL after a random
 * number of tokens, restarts it, and at random retries the question with the same id (a retry may be killed
 * again) or moves on. Afterwards, through the API only, it checks:
 *
 * - every question is stored exactly once (no question lost, none doubled by a retry);
 * - no answer the client did not receive in full is shown as complete, and no message is left 'streaming';
 * - an answer the client received in full is shown complete, with the same text, once;
 * - the database opens fine (the server starts, /api/health answers, every conversation reads back).
 *
 * Prints a summary and exits 1 on any violation.
 *
 *   npm run test:kill                 30 kills
 *   KILLS=60 npm run test:kill        more
 *   SEED=42 npm run test:kill         a repeatable run
 */
import { type ChildProcess, spawn } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import { fileURLToPath } from 'node:url'
import { freePort } from '../test/support/free-port'

const KILLS = Number(process.env.KILLS ?? 30)
const SEED = Number(process.env.SEED ?? Date.now() % 1_000_000)
/** Paces the local brain so a kill lands mid-answer (the answers are a few dozen tokens). */
const TOKEN_DELAY_MS = process.env.BRAIN_TOKEN_DELAY_MS ?? '15'
const CREATOR = 'lena@likeness.test'
const SLUG = 'lena-hart'
const START_TIMEOUT_MS = 60_000
const root = fileURLToPath(new URL('..', import.meta.url))

/** mulberry32: a small seeded generator, so a failing run can be repeated with SEED. */
function seeded(seed: number) {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296
  }
}
const random = seeded(SEED)
const between = (min: number, max: number) => min + Math.floor(random() * (max - min + 1))

const QUESTIONS = [
  'How late in the day can I drink coffee without hurting my sleep?',
  'What is a good morning routine for better sleep?',
  'How many hours of sleep does a teenager need?',
  'Does a cold bedroom help me sleep?',
  'Should I nap in the afternoon?',
]

interface Server {
  process: ChildProcess
  exited: Promise<number | null>
}

let port = 0
let dataDir = ''
let server: Server | null = null
let serverLog = ''
/** Milliseconds from spawn to a healthy server, per start: most of the loop's time. */
const startTimes: number[] = []

async function startServer(): Promise<Server> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/index.ts'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      NODE_ENV: 'development',
      LOG_LEVEL: 'warn',
      BRAIN_TOKEN_DELAY_MS: TOKEN_DELAY_MS,
      // The loop posts messages and codes itself, without the renderer's bot-protection token (issue #27).
      BOT_CHECK: 'off',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  const keep = (chunk: Buffer) => {
    serverLog = (serverLog + chunk.toString()).slice(-20_000)
  }
  child.stdout?.on('data', keep)
  child.stderr?.on('data', keep)
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)))
  const started = Date.now()
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}:\n${serverLog}`)
    try {
      const res = await fetch(`${base()}/api/health`)
      if (res.ok) {
        startTimes.push(Date.now() - started)
        return { process: child, exited }
      }
    } catch {
      // Not listening yet.
    }
    if (Date.now() - started > START_TIMEOUT_MS) {
      child.kill('SIGKILL')
      throw new Error(`the server did not answer /api/health within ${START_TIMEOUT_MS} ms:\n${serverLog}`)
    }
    await sleep(50)
  }
}

async function killServer(): Promise<void> {
  if (!server) return
  server.process.kill('SIGKILL')
  await server.exited
  server = null
}

async function stopServer(): Promise<void> {
  if (!server) return
  server.process.kill('SIGTERM')
  await server.exited
  server = null
}

const base = () => `http://127.0.0.1:${port}`

let token = ''
const authHeaders = () => ({ authorization: `Bearer ${token}` })

async function api<T>(pathname: string, init: RequestInit = {}): Promise<T> {
  const res = await fetch(`${base()}${pathname}`, {
    ...init,
    headers: { 'content-type': 'application/json', ...authHeaders(), ...init.headers },
  })
  if (!res.ok) throw new Error(`${init.method ?? 'GET'} ${pathname}: ${res.status} ${await res.text()}`)
  return (await res.json()) as T
}

/** A code belongs to the visitor that asked for it: both requests name the same one (as the desktop app does). */
const SIGN_IN_VISITOR = { 'x-likeness-visitor': 'kill-loop-sign-in-visitor' }

async function signIn(): Promise<void> {
  const sent = await fetch(`${base()}/api/auth/code`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...SIGN_IN_VISITOR },
    body: JSON.stringify({ email: CREATOR }),
  })
  if (!sent.ok) throw new Error(`sign-in code: ${sent.status} ${await sent.text()}`)
  const outbox = await (await fetch(`${base()}/dev/outbox`)).text()
  const code = /aria-label="Sign-in code for lena@likeness\.test">(\d{6})</.exec(outbox)?.[1]
  if (!code) throw new Error('no sign-in code in the dev outbox')
  const verified = await fetch(`${base()}/api/auth/verify`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...SIGN_IN_VISITOR },
    body: JSON.stringify({ email: CREATOR, code, transport: 'bearer' }),
  })
  if (!verified.ok) throw new Error(`sign-in: ${verified.status} ${await verified.text()}`)
  token = ((await verified.json()) as { token: string }).token
}

interface StreamMessage {
  id: string
  text: string
  sender: string
  conversationId: string
  status?: string
  clientMessageId?: string | null
}

interface Question {
  clientMessageId: string
  text: string
  conversationId: string | null
  attempts: number
  kills: number
  /** The final message of the attempt that ended well, if any. */
  completed: StreamMessage | null
}

type Attempt =
  | { kind: 'completed'; message: StreamMessage }
  | { kind: 'killed'; tokens: number; conversationId: string | null }
  | { kind: 'failed'; reason: string }

/**
 * Sends one question and reads its stream. With `killAfter`, SIGKILLs the server once that many tokens
 * arrived (if the answer is shorter, it simply completes).
 */
async function attempt(question: Question, killAfter: number | null): Promise<Attempt> {
  question.attempts++
  let res: Response
  try {
    res = await fetch(`${base()}/api/clone/talk/messages/stream`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...authHeaders() },
      body: JSON.stringify({
        slug: SLUG,
        text: question.text,
        conversationId: question.conversationId,
        clientMessageId: question.clientMessageId,
      }),
    })
  } catch (error) {
    return { kind: 'failed', reason: `no answer: ${(error as Error).message}` }
  }
  if (!res.ok || !res.body) return { kind: 'failed', reason: `status ${res.status}: ${await res.text()}` }
  const decoder = new TextDecoder()
  const reader = res.body.getReader()
  let buffer = ''
  let tokens = 0
  let conversationId = question.conversationId
  for (;;) {
    let chunk: ReadableStreamReadResult<Uint8Array>
    try {
      chunk = await reader.read()
    } catch (error) {
      return { kind: 'failed', reason: `stream broke: ${(error as Error).message}` }
    }
    if (chunk.done) break
    buffer += decoder.decode(chunk.value, { stream: true })
    let end = buffer.indexOf('\n\n')
    while (end !== -1) {
      const block = buffer.slice(0, end)
      buffer = buffer.slice(end + 2)
      end = buffer.indexOf('\n\n')
      if (!block.startsWith('data: ')) continue
      const event = JSON.parse(block.slice(6)) as Record<string, unknown>
      if ('current_token' in event) {
        tokens++
        if (killAfter !== null && tokens >= killAfter) {
          await killServer()
          void reader.cancel().catch(() => {})
          return { kind: 'killed', tokens, conversationId }
        }
      } else if ('message' in event) {
        void reader.cancel().catch(() => {})
        return { kind: 'completed', message: event.message as StreamMessage }
      } else if ('accepted' in event) {
        conversationId = (event.accepted as { conversationId: string }).conversationId
      } else if ('error' in event) {
        return { kind: 'failed', reason: JSON.stringify(event.error) }
      }
    }
  }
  return { kind: 'failed', reason: 'the stream ended without a final message' }
}

interface ConversationView {
  id: string
  messages: StreamMessage[]
}

async function allConversations(): Promise<ConversationView[]> {
  const ids: string[] = []
  let cursor: string | null = null
  do {
    const query = new URLSearchParams({ slug: SLUG, limit: '50', ...(cursor ? { cursor } : {}) })
    const page: { conversations: { id: string }[]; nextCursor: string | null } = await api(
      `/api/clone/talk/conversations?${query}`,
    )
    ids.push(...page.conversations.map((c) => c.id))
    cursor = page.nextCursor
  } while (cursor)
  return Promise.all(ids.map((id) => api<ConversationView>(`/api/clone/talk/conversations/${id}`)))
}

/** What the API shows must agree with what each client saw; every disagreement is one violation. */
function check(questions: Question[], conversations: ConversationView[]): string[] {
  const violations: string[] = []
  const all = conversations.flatMap((c) => c.messages.map((m, i) => ({ m, next: c.messages.slice(i + 1) })))
  for (const { m } of all) {
    if (m.status === 'streaming') violations.push(`message ${m.id} is still 'streaming' after a restart`)
  }
  for (const q of questions) {
    const stored = all.filter(({ m }) => m.sender === 'USER' && m.text === q.text)
    if (stored.length !== 1) {
      violations.push(`question "${q.text}" is stored ${stored.length} times (${q.kills} kills)`)
      continue
    }
    const { next } = stored[0]!
    const nextQuestion = next.findIndex((n) => n.sender === 'USER')
    const replies = (nextQuestion === -1 ? next : next.slice(0, nextQuestion)).filter(
      (n) => n.sender === 'CLONE',
    )
    const complete = replies.filter((r) => (r.status ?? 'complete') === 'complete')
    if (q.completed) {
      if (complete.length !== 1 || complete[0]!.text !== q.completed.text) {
        violations.push(
          `question "${q.text}": its delivered answer is shown ${complete.length} times as complete`,
        )
      }
    } else if (complete.length > 0) {
      violations.push(`question "${q.text}": an answer that was never delivered is shown as complete`)
    }
    if (replies.length > 1) violations.push(`question "${q.text}" has ${replies.length} answers`)
  }
  return violations
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0

async function main() {
  port = await freePort()
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'likeness-kill-'))
  const startedAt = Date.now()
  console.log(`kill -9 loop: ${KILLS} kills, seed ${SEED}, data in ${dataDir}`)
  server = await startServer()
  await signIn()

  const questions: Question[] = []
  const failures: string[] = []
  let kills = 0
  let retries = 0
  let restarts = 0
  const conversationsSeen: string[] = []

  const restart = async () => {
    server = await startServer()
    restarts++
  }

  while (kills < KILLS) {
    const n = questions.length + 1
    const question: Question = {
      clientMessageId: randomUUID(),
      text: `#${n} (run ${SEED}) ${QUESTIONS[n % QUESTIONS.length]}`,
      // Half the questions continue a conversation seen before, half start a new one.
      conversationId: random() < 0.5 ? (conversationsSeen.at(-1) ?? null) : null,
      attempts: 0,
      kills: 0,
      completed: null,
    }
    questions.push(question)
    // Most attempts are killed mid-answer; some run to their end.
    let killAfter: number | null = random() < 0.85 ? between(1, 12) : null
    for (;;) {
      const result = await attempt(question, killAfter)
      if (result.kind === 'completed') {
        question.completed = result.message
        conversationsSeen.push(result.message.conversationId)
        break
      }
      if (result.kind === 'failed') {
        failures.push(`question #${n}, attempt ${question.attempts}: ${result.reason}`)
        break
      }
      kills++
      question.kills++
      if (result.conversationId) question.conversationId = result.conversationId
      process.stdout.write(`\rkills ${kills}/${KILLS}, questions ${questions.length}, retries ${retries}   `)
      await restart()
      // Retry with the same client message id (maybe killed again), or move on to a new question.
      if (random() < 0.5 || kills >= KILLS) break
      retries++
      killAfter = random() < 0.3 ? between(1, 12) : null
    }
  }
  process.stdout.write('\n')

  // One more clean start: the database must open, and every conversation must read back.
  await stopServer()
  await restart()
  const health = await api<{ ok: boolean; database: string }>('/api/health')
  const conversations = await allConversations()
  const violations = [...failures, ...check(questions, conversations)]
  if (!health.ok) violations.push('/api/health is not ok')
  await stopServer()

  const delivered = questions.filter((q) => q.completed).length
  const lost = questions.filter(
    (q) =>
      conversations.flatMap((c) => c.messages).filter((m) => m.sender === 'USER' && m.text === q.text)
        .length === 0,
  ).length
  const interruptedShown = conversations
    .flatMap((c) => c.messages)
    .filter((m) => m.sender === 'CLONE' && m.status === 'interrupted').length
  console.log(
    [
      `kills (SIGKILL mid-stream)     ${kills}`,
      `server restarts                ${restarts} (median start ${median(startTimes)} ms)`,
      `questions asked                ${questions.length}`,
      `retries with the same id       ${retries}`,
      `answers delivered              ${delivered}`,
      `questions lost                 ${lost}`,
      `answers shown as interrupted   ${interruptedShown}`,
      `conversations read back        ${conversations.length}`,
      `violations                     ${violations.length}`,
      `time                           ${((Date.now() - startedAt) / 1000).toFixed(1)} s`,
    ].join('\n'),
  )
  for (const violation of violations.slice(0, 40)) console.log(`  - ${violation}`)
  if (violations.length > 40) console.log(`  ... and ${violations.length - 40} more`)
  await rm(dataDir, { recursive: true, force: true })
  process.exit(violations.length > 0 ? 1 : 0)
}

main().catch(async (error) => {
  console.error(error)
  console.error(
    `server pid ${server?.process.pid}, exit code ${server?.process.exitCode}, signal ${server?.process.signalCode}`,
  )
  console.error(`server log (last part):\n${serverLog.slice(-4000)}`)
  if (server) server.process.kill('SIGKILL')
  if (dataDir) await rm(dataDir, { recursive: true, force: true }).catch(() => {})
  process.exit(1)
})
