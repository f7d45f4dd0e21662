import type { RouteOptions } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ApiErrorBody } from '../../contract'
import { RATE_LIMIT_TEXT, RATE_LIMITED_ROUTES, UNLIMITED_WRITES } from '../../server/rate-limits'
import { createTestApp, type TestApp } from './helpers'

/*
 * Request-rate limits of anonymous writes (server/rate-limits.ts), with small limits so the suite stays fast.
 * TRUST_PROXY is on: the client is whoever X-Forwarded-For names, as behind a real reverse proxy.
 */

const WRITES = 3
const CHAT = 2
const SPEECH = 4

let t: TestApp
const routes: RouteOptions[] = []
beforeAll(async () => {
  t = await createTestApp({
    env: {
      RATE_LIMIT_WRITES: String(WRITES),
      RATE_LIMIT_CHAT: String(CHAT),
      RATE_LIMIT_SPEECH: String(SPEECH),
      TRUST_PROXY: '1',
    },
    onRoute: (route) => routes.push(route),
  })
})
afterAll(() => t.close())

let clients = 0
/** A new client address behind the proxy. */
const newClient = () => {
  clients += 1
  return `203.0.113.${clients}`
}

const send = (method: string, url: string, client: string, payload?: object) =>
  t.app.inject({
    method: method as 'POST',
    url,
    payload,
    headers: { 'x-forwarded-for': client },
    remoteAddress: '10.0.0.1',
  })

const feedback = { subject: 'Hello', feedback: 'Nice clone', slug: 'lena-hart' }

describe('request-rate limits of anonymous writes', () => {
  it(`lets a client send ${WRITES} feedback forms a minute, then answers 429 saying when to retry`, async () => {
    const client = newClient()
    for (let i = 0; i < WRITES; i += 1) {
      const res = await send('POST', '/api/feedback', client, feedback)
      expect(res.statusCode, res.body).toBe(201)
      expect(res.headers['x-ratelimit-remaining']).toBe(String(WRITES - i - 1))
    }
    const refused = await send('POST', '/api/feedback', client, feedback)
    expect(refused.statusCode).toBe(429)
    expect(ApiErrorBody.parse(refused.json())).toEqual({
      error: { code: 'rate_limited', message: RATE_LIMIT_TEXT },
    })
    const retryAfter = Number(refused.headers['retry-after'])
    expect(retryAfter).toBeGreaterThanOrEqual(1)
    expect(retryAfter).toBeLessThanOrEqual(60)
    // Nothing was stored for the refused form, and another client is not affected.
    expect((await send('POST', '/api/feedback', newClient(), feedback)).statusCode).toBe(201)
  })

  it('limits conversation titles the same way, per client behind the proxy', async () => {
    const client = newClient()
    const title = () =>
      send('POST', '/api/clone/talk/conversation/title', client, { message: 'How do I sleep better?' })
    for (let i = 0; i < WRITES; i += 1) expect((await title()).statusCode).toBe(200)
    expect((await title()).statusCode).toBe(429)
    // The proxy's own address is not the client: another forwarded client still gets titles.
    const other = await send('POST', '/api/clone/talk/conversation/title', newClient(), { message: 'Hi' })
    expect(other.statusCode).toBe(200)
  })

  it('refuses a chat answer past the limit before any stream starts', async () => {
    const client = newClient()
    const ask = () =>
      send('POST', '/api/clone/talk/messages/stream', client, {
        slug: 'lena-hart',
        text: 'What is a good bedtime?',
      })
    for (let i = 0; i < CHAT; i += 1) expect((await ask()).statusCode).toBe(200)
    const refused = await ask()
    expect(refused.statusCode).toBe(429)
    expect(refused.headers['content-type']).toMatch(/^application\/json/)
    expect(refused.json().error.code).toBe('rate_limited')
  })

  it('limits every route of the table, whatever the body', async () => {
    for (const [route, bucket] of Object.entries(RATE_LIMITED_ROUTES)) {
      const [method, url] = route.split(' ') as [string, string]
      const path = url.replace(':shareId', 'AAAAAAAAAAAAAAAA')
      const client = newClient()
      const max = bucket === 'chat' ? CHAT : bucket === 'speech' ? SPEECH : WRITES
      for (let i = 0; i < max; i += 1) {
        expect((await send(method, path, client, {})).statusCode, route).not.toBe(429)
      }
      expect((await send(method, path, client, {})).statusCode, route).toBe(429)
    }
  })

  it('knows every write route: limited, or listed with the reason it needs no limit', () => {
    const writes = routes.flatMap((route) =>
      (Array.isArray(route.method) ? route.method : [route.method])
        .filter((method) => !['GET', 'HEAD', 'OPTIONS'].includes(method))
        .map((method) => `${method} ${route.url}`),
    )
    expect(writes.length).toBeGreaterThan(20)
    const unknown = writes.filter((key) => !(key in RATE_LIMITED_ROUTES) && !(key in UNLIMITED_WRITES))
    expect(unknown, 'write routes with no rate-limit decision (server/rate-limits.ts)').toEqual([])
    // The table may also limit a read that costs the server (GET /api/bot-check/challenge).
    const all = routes.flatMap((route) =>
      (Array.isArray(route.method) ? route.method : [route.method]).map((method) => `${method} ${route.url}`),
    )
    const limited = Object.keys(RATE_LIMITED_ROUTES).filter((key) => !all.includes(key))
    expect(limited, 'limited routes that do not exist').toEqual([])
  })
})
