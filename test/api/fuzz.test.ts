import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { eq } from 'drizzle-orm'
import fc from 'fast-check'
import type { RouteOptions } from 'fastify'
import { afterAll, describe, expect, it } from 'vitest'
import { PresignUploadResponse, ShareConversationResponse } from '../../contract'
import { createSession } from '../../server/auth/sessions'
import { VISITOR_COOKIE } from '../../server/auth/visitor'
import { conversations, instances, memberships, users } from '../../server/db/schema'
import { embedConfigIdOf } from '../../server/seed'
import { sendChatMessage } from './chat-helpers'
import { bodyArb, jsonSchemaOf, type KnownValues, pathArb, queryStringArb, type RawBody } from './fuzz-inputs'
import { createTestApp } from './helpers'
import { WRITE_ROUTES, writeRouteKeys } from './route-table'
import { PNG_BYTES, presign, putPart, uploadFile } from './upload-helpers'

/*
 * Property-based fuzzing of every route in the app's route table: at least RUNS generated requests per
 * route (path params, query string and body from the route's own zod schemas, with nasty values mixed in),
 * each sent twice, by an anonymous visitor and by a signed-in user who owns the fixtures. No answer may be
 * a 5xx. A failure prints the route, the request, the answer and the server's error, and fast-check's seed
 * and path: `FUZZ_SEED=<seed> npx vitest run test/api/fuzz.test.ts` replays the same requests (add
 * `FUZZ_PATH=<path> -t '<METHOD> <url>'` to go straight to the failing one). FUZZ_RUNS changes the number of
 * runs per route; FUZZ_STATS=1 prints the answers by status and the CPU time per route.
 */

const RUNS = Number(process.env.FUZZ_RUNS ?? 200)
const seed = Number(process.env.FUZZ_SEED ?? Math.floor(Math.random() * 2 ** 31))
console.info(`fuzz seed ${seed} (replay with FUZZ_SEED=${seed}), ${RUNS} runs per route`)

const PUBLIC_URL = 'http://localhost:8787'
const dataDir = await mkdtemp(path.join(os.tmpdir(), 'likeness-fuzz-'))
const webDist = path.join(dataDir, 'web')
await mkdir(webDist, { recursive: true })
await writeFile(path.join(webDist, 'index.html'), '<!doctype html><title>fuzz</title>')

const routes: RouteOptions[] = []

/**
 * Routes not fuzzed, with why: the write routes' table (test/api/route-table.ts, shared with the
 * authorization test) says which and why, e.g. the benchmark seed, thousands of messages per call.
 */
const NOT_FUZZED: Readonly<Record<string, string>> = Object.fromEntries(
  Object.entries(WRITE_ROUTES).flatMap(([key, rule]) => (rule.notFuzzed ? [[key, rule.notFuzzed]] : [])),
)

/** A route's 400 requests take seconds idle; a loaded 2-core machine can take ten times longer. */
const ROUTE_TIMEOUT_MS = 180_000
/** The error behind each 5xx, by request id, so a failure says what broke. */
const serverErrors = new Map<string, unknown>()
/** Answers by status per route: FUZZ_STATS=1 prints them, to see how deep the generated requests get. */
const statusCounts: Record<string, Record<number, number>> = {}
/** CPU milliseconds per route (printed with FUZZ_STATS too). */
const cpuMs: Record<string, number> = {}

const t = await createTestApp({
  env: { PUBLIC_URL, DATA_DIR: dataDir, WEB_DIST: webDist },
  onRoute: (route) => routes.push(route),
  configure: (app) => {
    app.addHook('onError', async (request, _reply, error) => {
      serverErrors.set(request.id, error)
    })
  },
})
afterAll(async () => {
  if (process.env.FUZZ_STATS) console.info(JSON.stringify({ statusCounts, cpuMs }, null, 1))
  await t.close()
  await rm(dataDir, { recursive: true, force: true })
})

// Fixtures the generated requests may name: a user with a session who owns a conversation with messages,
// a share, an upload, an open upload with a signed part link and a checkout; a visitor with their own.
const [user] = await t.db.insert(users).values({ email: 'fuzz@likeness.test' }).returning()
const newSessionCookie = async () => `lk_session=${(await createSession(t.db, user!.id, 'cookie')).token}`
let sessionCookie = await newSessionCookie()
const origin = { origin: PUBLIC_URL, 'sec-fetch-site': 'same-origin' }
const signedIn = () => ({ ...origin, cookie: sessionCookie })

/**
 * DELETE /api/me ends the signed-in account: it is fuzzed signed in as a user of its own, made anew for each
 * request (its address is among the known ones, so some requests do delete it), never as the fixtures' owner,
 * whose conversation, share and upload the other routes need.
 */
const LEAVING_EMAIL = 'fuzz-leaving@likeness.test'
async function leavingUserSignedIn() {
  await t.db.delete(users).where(eq(users.email, LEAVING_EMAIL))
  const [leaving] = await t.db.insert(users).values({ email: LEAVING_EMAIL }).returning()
  return { ...origin, cookie: `lk_session=${(await createSession(t.db, leaving!.id, 'cookie')).token}` }
}
const endsTheAccount = (method: string, url: string) => method === 'DELETE' && url === '/api/me'

const fileUrl = await uploadFile(t.app, signedIn(), 'photo.png', PNG_BYTES)
const [, fileKey, fileName] = /\/api\/uploads\/files\/([^/]+)\/([^/]+)$/.exec(fileUrl)!
const chat = await t.app.inject({
  method: 'POST',
  url: '/api/clone/talk/messages/stream',
  headers: signedIn(),
  payload: { slug: 'lena-hart', text: 'How late in the day can I drink coffee?', files: [fileUrl] },
})
expect(chat.statusCode, chat.body).toBe(200)
const finalEvent = JSON.parse(chat.body.trim().split('\n\n').at(-1)!.slice('data: '.length)) as {
  message: { id: string; conversationId: string }
  userMessage: { id: string }
}
const conversationId = finalEvent.message.conversationId
const visitorChat = await sendChatMessage(t.app, { text: 'What is a good bedtime?' })
const visitor = visitorChat.visitor!
const anonymous = () => ({ ...origin, cookie: `${VISITOR_COOKIE}=${visitor}` })

const open = PresignUploadResponse.parse(
  (await presign(t.app, signedIn(), { fileName: 'notes.txt', fileSize: 5 })).json(),
)
const partLink = new URL(open.partUrls[0]!, PUBLIC_URL)
expect((await putPart(t.app, open.partUrls[0]!, Buffer.from('hello'))).statusCode).toBe(200)

const [membership] = await t.db.select().from(memberships).limit(1)
const [instance] = await t.db.select().from(instances).limit(1)
const checkout = await t.app.inject({
  method: 'POST',
  url: '/api/subscriptions',
  headers: signedIn(),
  payload: {
    redirect_url: `${PUBLIC_URL}/lena-hart`,
    membershipId: membership!.id,
    slug: 'lena-hart',
    basis: 'monthly',
  },
})
const clientSecret = (checkout.json() as { client_secret?: string }).client_secret

/** Keeps the fixtures usable route after route: a live session, the conversation shown and shared. */
async function freshFixtures(): Promise<KnownValues> {
  sessionCookie = await newSessionCookie()
  await t.db.update(conversations).set({ hidden: false }).where(eq(conversations.id, conversationId))
  const shared = await t.app.inject({
    method: 'POST',
    url: `/api/clone/talk/conversations/${conversationId}/share`,
    headers: signedIn(),
  })
  const shareId = ShareConversationResponse.parse(shared.json()).shared.id
  const ids = [
    conversationId,
    finalEvent.message.id,
    finalEvent.userMessage.id,
    visitorChat.message.id,
    embedConfigIdOf('lena-hart', 'bubble'),
  ]
  return {
    slug: ['lena-hart', 'tomas-rivera'],
    cloneSlug: ['lena-hart', 'tomas-rivera'],
    instanceSlug: ['clinic'],
    id: ids,
    conversationId: [conversationId, visitorChat.message.conversationId],
    messageId: ids,
    instanceId: [instance!.id],
    membershipId: [membership!.id],
    shareId: [shareId],
    fileKey: [fileKey!, open.fileKey],
    fileName: [decodeURIComponent(fileName!), 'notes.txt'],
    uploadId: [open.uploadId],
    partNumber: [1, 2],
    index: [0, 1],
    expires: [Number(partLink.searchParams.get('expires'))],
    signature: [partLink.searchParams.get('signature')!],
    files: [fileUrl],
    clientSecret: clientSecret ? [clientSecret] : [],
    email: [
      'fuzz@likeness.test',
      LEAVING_EMAIL,
      'lena@likeness.test',
      'banned@likeness.test',
      'x@mailinator.com',
    ],
    code: ['123456', '000000'],
    text: ['How do I sleep better?'],
    url: ['https://www.restwellsleep.com/', 'http://localhost:8787/lena-hart'],
    redirect_url: [`${PUBLIC_URL}/lena-hart`],
    updatedAt: [new Date().toISOString()],
  }
}

/** Every route once: GET and HEAD share a handler, so a HEAD route Fastify adds for a GET is skipped. */
function fuzzedRoutes(): { method: string; url: string; route: RouteOptions }[] {
  const list: { method: string; url: string; route: RouteOptions }[] = []
  for (const route of routes) {
    const methods = Array.isArray(route.method) ? route.method : [route.method]
    for (const method of methods) {
      if (method === 'HEAD' && methods.includes('GET')) continue
      if (method === 'HEAD' && routes.some((r) => r.url === route.url && r.method === 'GET')) continue
      if (`${method} ${route.url}` in NOT_FUZZED) continue
      list.push({ method, url: route.url, route })
    }
  }
  return list
}

interface FuzzRequest {
  path: string
  query: string
  body: RawBody | undefined
}

const WITH_BODY = new Set(['POST', 'PUT', 'PATCH', 'DELETE'])

function requestArb(method: string, route: RouteOptions, known: KnownValues): fc.Arbitrary<FuzzRequest> {
  const schema = (route.schema ?? {}) as { params?: unknown; querystring?: unknown; body?: unknown }
  const body = jsonSchemaOf(schema.body)
  return fc.record({
    path: pathArb(route.url, jsonSchemaOf(schema.params), known),
    query: queryStringArb(jsonSchemaOf(schema.querystring), known),
    body: WITH_BODY.has(method) || body ? bodyArb(body, known) : fc.constant(undefined),
  })
}

const describeBody = (body: RawBody | undefined) => {
  if (!body) return '(none)'
  const text = body.kind === 'json' ? JSON.stringify(body.value) : `${body.contentType}: ${body.payload}`
  return text.length > 600 ? `${text.slice(0, 600)}... (${text.length} characters)` : text
}

/** The headers and payload of a generated body: JSON as JSON (any type), raw bodies with their own type. */
function withBody(headers: Record<string, string>, body: RawBody | undefined) {
  if (body === undefined) return { headers }
  if (body.kind === 'raw')
    return { headers: { ...headers, 'content-type': body.contentType }, payload: body.payload }
  return {
    headers: { ...headers, 'content-type': 'application/json' },
    payload: JSON.stringify(body.value) ?? 'null',
  }
}

describe('fuzz: no request answers 5xx', () => {
  it('sees the whole route table', () => {
    const urls = fuzzedRoutes().map((r) => `${r.method} ${r.url}`)
    expect(urls).toContain('POST /api/clone/talk/messages/stream')
    expect(urls).toContain('GET /api/uploads/files/:fileKey/:fileName')
    expect(urls.length).toBeGreaterThan(40)
  })

  it('knows every write route from the route table (a new one needs an entry there first)', () => {
    const missing = routes.flatMap(writeRouteKeys).filter((key) => !(key in WRITE_ROUTES))
    expect(missing, 'write routes with no entry in test/api/route-table.ts').toEqual([])
  })

  for (const { method, url, route } of fuzzedRoutes()) {
    it(
      `${method} ${url}`,
      async () => {
        const cpuBefore = process.cpuUsage()
        const known = await freshFixtures()
        await fc.assert(
          fc.asyncProperty(requestArb(method, route, known), async (request) => {
            for (const [who, headers] of [
              ['anonymous', anonymous()],
              ['signed in', endsTheAccount(method, url) ? await leavingUserSignedIn() : signedIn()],
            ] as const) {
              const res = await t.app.inject({
                method: method as 'GET',
                url: `${request.path}${request.query ? `?${request.query}` : ''}`,
                ...withBody(headers, request.body),
              })
              const counts = statusCounts[`${method} ${url}`] ?? {}
              counts[res.statusCode] = (counts[res.statusCode] ?? 0) + 1
              statusCounts[`${method} ${url}`] = counts
              if (res.statusCode >= 500) {
                const error = [...serverErrors.values()].at(-1)
                throw new Error(
                  [
                    `${method} ${url} answered ${res.statusCode} (${who})`,
                    `path: ${request.path}`,
                    `query: ${request.query}`,
                    `body: ${describeBody(request.body)}`,
                    `answer: ${res.body.slice(0, 300)}`,
                    `server error: ${error instanceof Error ? error.stack?.split('\n').slice(0, 4).join('\n') : String(error)}`,
                  ].join('\n'),
                )
              }
              serverErrors.clear()
            }
          }),
          {
            numRuns: RUNS,
            seed,
            endOnFailure: true,
            ...(process.env.FUZZ_PATH ? { path: process.env.FUZZ_PATH } : {}),
          },
        )
        const cpu = process.cpuUsage(cpuBefore)
        cpuMs[`${method} ${url}`] = Math.round((cpu.user + cpu.system) / 1000)
      },
      ROUTE_TIMEOUT_MS,
    )
  }
})
