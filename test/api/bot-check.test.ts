import { solveChallenge } from 'altcha-lib'
import { deriveKey } from 'altcha-lib/algorithms/sha'
import { afterEach, describe, expect, it } from 'vitest'
import { type AltchaChallenge, BotCheckChallenge } from '../../contract'
import { loadAuthSecret } from '../../server/auth/auth-settings'
import { VISITOR_COOKIE } from '../../server/auth/visitor'
import { createBotCheck } from '../../server/bot-check'
import { ALTCHA_TTL_MS, altchaCounterUpTo } from '../../server/bot-check/altcha-check'
import { loadConfig, MIN_PRODUCTION_BOT_CHECK_HASHES } from '../../server/config'
import { contentSecurityPolicy, cspDirectives } from '../../server/security-headers'
import { createTestApp, type TestApp, type TestAppOptions, userWithSession } from './helpers'

/*
 * Bot protection (issue #27 part 2, spec 1 §3 the outbound message's bot-protection token): anonymous chat
 * messages and sign-in codes need a solved ALTCHA challenge, or a Turnstile token when its keys are set;
 * signed-in users are never asked. The challenges here are easy (a counter under 200) to keep the suite fast.
 */

const EASY = { min: 50, max: 200 }
let open: TestApp | undefined

afterEach(async () => {
  await open?.close()
  open = undefined
})

async function appWith(options: TestAppOptions = {}) {
  open = await createTestApp({
    ...options,
    env: { BOT_CHECK: 'on', ...options.env },
    botCheck: { counter: EASY, ...options.botCheck },
  })
  return open
}

async function challengeOf(testApp: TestApp, headers: Record<string, string> = {}) {
  const res = await testApp.app.inject({ method: 'GET', url: '/api/bot-check/challenge', headers })
  expect(res.statusCode, res.body).toBe(200)
  expect(res.headers['cache-control']).toBe('no-store')
  return BotCheckChallenge.parse(res.json())
}

/** Solves an ALTCHA challenge with altcha-lib's own solver and encodes it as the renderer does. */
async function solved(challenge: AltchaChallenge): Promise<string> {
  const solution = await solveChallenge({ challenge, deriveKey })
  if (!solution) throw new Error('no solution')
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64')
}

async function freshToken(testApp: TestApp): Promise<string> {
  const answer = await challengeOf(testApp)
  if (answer.mode !== 'altcha') throw new Error(`expected an ALTCHA challenge, got ${answer.mode}`)
  return solved(answer.challenge)
}

const ask = (testApp: TestApp, botToken?: string | null, headers: Record<string, string> = {}) =>
  testApp.app.inject({
    method: 'POST',
    url: '/api/clone/talk/messages/stream',
    payload: { slug: 'lena-hart', text: 'How late can I drink coffee?', botToken },
    headers,
  })

const requestCode = (testApp: TestApp, email: string, botToken?: string) =>
  testApp.app.inject({ method: 'POST', url: '/api/auth/code', payload: { email, botToken } })

const expectRefused = (res: {
  statusCode: number
  json: () => { error: { code: string; message: string } }
}) => {
  expect(res.statusCode).toBe(403)
  expect(res.json().error).toEqual({
    code: 'bot_check_failed',
    message: 'We could not confirm that you are not a bot. Please try again.',
  })
}

describe('the ALTCHA bot check (the default)', () => {
  it('hands an anonymous visitor a signed, expiring challenge of the configured difficulty', async () => {
    const testApp = await appWith()
    const before = Date.now()
    const answer = await challengeOf(testApp)
    expect(answer.mode).toBe('altcha')
    if (answer.mode !== 'altcha') return
    const { parameters, signature } = answer.challenge
    expect(parameters).toMatchObject({ algorithm: 'SHA-256', cost: 1, keyLength: 32 })
    expect(signature).toMatch(/^[0-9a-f]{64}$/)
    expect(parameters.keySignature).toMatch(/^[0-9a-f]{64}$/)
    expect(parameters.expiresAt! * 1000).toBeGreaterThan(before + ALTCHA_TTL_MS - 2_000)
    expect(parameters.expiresAt! * 1000).toBeLessThanOrEqual(Date.now() + ALTCHA_TTL_MS)
    const solution = await solveChallenge({ challenge: answer.challenge, deriveKey })
    expect(solution!.counter).toBeGreaterThanOrEqual(EASY.min)
    expect(solution!.counter).toBeLessThanOrEqual(EASY.max)
  })

  it('asks at most BOT_CHECK_HASHES hashes when it is set, and production refuses less than its floor', async () => {
    // The test's own counter (botCheck.counter) is left out, so the configuration decides.
    open = await createTestApp({ env: { BOT_CHECK: 'on', BOT_CHECK_HASHES: '2000' } })
    for (let i = 0; i < 3; i += 1) {
      const answer = await challengeOf(open)
      if (answer.mode !== 'altcha') throw new Error('expected an ALTCHA challenge')
      const solution = await solveChallenge({ challenge: answer.challenge, deriveKey })
      expect(solution!.counter).toBeGreaterThanOrEqual(altchaCounterUpTo(2000).min)
      expect(solution!.counter).toBeLessThanOrEqual(2000)
    }
    const production = {
      NODE_ENV: 'production',
      SMTP_URL: 'smtp://mail.example',
      PUBLIC_URL: 'https://x.example',
    }
    expect(() => loadConfig({ ...production, BOT_CHECK_HASHES: '2000' })).toThrow(/BOT_CHECK_HASHES/)
    expect(
      loadConfig({ ...production, BOT_CHECK_HASHES: String(MIN_PRODUCTION_BOT_CHECK_HASHES) })
        .BOT_CHECK_HASHES,
    ).toBe(MIN_PRODUCTION_BOT_CHECK_HASHES)
  })

  it('refuses an anonymous chat message without a token, and answers one with a solved challenge', async () => {
    const testApp = await appWith()
    expectRefused(await ask(testApp))
    expectRefused(await ask(testApp, null))
    const res = await ask(testApp, await freshToken(testApp))
    expect(res.statusCode, res.body).toBe(200)
    expect(res.body).toContain('"message"')
  })

  it('refuses a solved challenge the second time (on a new visitor too)', async () => {
    const testApp = await appWith()
    const token = await freshToken(testApp)
    expect((await ask(testApp, token)).statusCode).toBe(200)
    expectRefused(await ask(testApp, token))
    expectRefused(await ask(testApp, token, { cookie: `${VISITOR_COOKIE}=someone-else` }))
  })

  it('refuses a wrong solution, a forged challenge and a token that is not one', async () => {
    const testApp = await appWith()
    const answer = await challengeOf(testApp)
    if (answer.mode !== 'altcha') throw new Error('expected ALTCHA')
    const solution = await solveChallenge({ challenge: answer.challenge, deriveKey })
    const encode = (payload: object) => Buffer.from(JSON.stringify(payload)).toString('base64')
    // The next counter's key does not match the signed one.
    const wrongKey = {
      ...solution!,
      derivedKey: solution!.derivedKey.replace(/^./, (c) => (c === '0' ? '1' : '0')),
    }
    expectRefused(await ask(testApp, encode({ challenge: answer.challenge, solution: wrongKey })))
    // An easier challenge of the client's own making: the signature does not match its parameters.
    const forged = {
      ...answer.challenge,
      parameters: { ...answer.challenge.parameters, expiresAt: 4_000_000_000 },
    }
    expectRefused(await ask(testApp, encode({ challenge: forged, solution })))
    expectRefused(await ask(testApp, 'not-a-token'))
    expectRefused(await ask(testApp, encode({ challenge: 1, solution: 2 })))
    // The genuine pair still works: the refusals above did not spend it.
    expect((await ask(testApp, encode({ challenge: answer.challenge, solution }))).statusCode).toBe(200)
  })

  it('refuses a challenge solved after it expired', async () => {
    let now = new Date()
    const testApp = await appWith({ botCheck: { now: () => now } })
    const token = await freshToken(testApp)
    now = new Date(now.getTime() + ALTCHA_TTL_MS + 1_000)
    expectRefused(await ask(testApp, token))
    // A challenge made 'now' (in the moved clock) is good again.
    const later = await freshToken(testApp)
    expect((await ask(testApp, later)).statusCode).toBe(200)
  })

  it('does not challenge signed-in users: no token needed, and the challenge route says none', async () => {
    const testApp = await appWith()
    const user = await userWithSession(testApp.db, 'bot-check-user@example.com')
    expect(await challengeOf(testApp, { cookie: user.cookie })).toEqual({ mode: 'none' })
    const res = await ask(testApp, undefined, { cookie: user.cookie })
    expect(res.statusCode, res.body).toBe(200)
    const bearer = await userWithSession(testApp.db, 'bot-check-bearer@example.com', 'bearer')
    const withBearer = await ask(testApp, undefined, { authorization: `Bearer ${bearer.token}` })
    expect(withBearer.statusCode, withBearer.body).toBe(200)
  })

  it('asks the same of sign-in code requests (the contact capture sends its codes there too)', async () => {
    const testApp = await appWith()
    expectRefused(await requestCode(testApp, 'bot-check-code@example.com'))
    const token = await freshToken(testApp)
    const sent = await requestCode(testApp, 'bot-check-code@example.com', token)
    expect(sent.statusCode, sent.body).toBe(200)
    expectRefused(await requestCode(testApp, 'bot-check-code@example.com', token))
  })

  it('keeps a used challenge refused across servers sharing the database', async () => {
    const testApp = await appWith()
    const token = await freshToken(testApp)
    // A second bot check over the same database and secret stands for another server.
    const other = createBotCheck({
      db: testApp.db,
      config: testApp.config,
      secret: () => loadAuthSecret(testApp.db, testApp.config),
    })
    const request = { identity: { user: null }, ip: '203.0.113.9', log: { info: () => undefined } }
    await other.require(request as never, token)
    expectRefused(await ask(testApp, token))
  })

  it('is off with BOT_CHECK=off: the challenge route says none and messages need no token', async () => {
    const testApp = await appWith({ env: { BOT_CHECK: 'off' } })
    expect(await challengeOf(testApp)).toEqual({ mode: 'none' })
    expect((await ask(testApp)).statusCode).toBe(200)
  })
})

describe('the Turnstile bot check (with TURNSTILE_SITE_KEY and TURNSTILE_SECRET_KEY)', () => {
  const TURNSTILE = { TURNSTILE_SITE_KEY: '1x00000000000000000000AA', TURNSTILE_SECRET_KEY: 'test-secret' }

  /** A stand-in for Cloudflare's siteverify: 'good-token' passes once, anything else fails. */
  function fakeSiteverify() {
    const calls: { url: string; body: Record<string, unknown> }[] = []
    const spent = new Set<string>()
    const siteverify = (async (url: string | URL | Request, init?: RequestInit) => {
      const body = JSON.parse(String(init?.body)) as Record<string, unknown>
      calls.push({ url: String(url), body })
      const token = String(body.response)
      const success = token === 'good-token' && !spent.has(token) && body.secret === 'test-secret'
      if (success) spent.add(token)
      const codes = success ? [] : spent.has(token) ? ['timeout-or-duplicate'] : ['invalid-input-response']
      return Response.json({ success, 'error-codes': codes, hostname: 'example.com' })
    }) as typeof globalThis.fetch
    return { fetch: siteverify, calls }
  }

  it('gives the site key instead of a challenge, and checks tokens with siteverify', async () => {
    const siteverify = fakeSiteverify()
    const testApp = await appWith({ env: TURNSTILE, botCheck: { fetch: siteverify.fetch } })
    expect(await challengeOf(testApp)).toEqual({ mode: 'turnstile', siteKey: TURNSTILE.TURNSTILE_SITE_KEY })
    expectRefused(await ask(testApp))
    expect(siteverify.calls).toHaveLength(0)
    expectRefused(await ask(testApp, 'forged-token'))
    const res = await ask(testApp, 'good-token', { 'x-forwarded-for': '198.51.100.7' })
    expect(res.statusCode, res.body).toBe(200)
    expect(siteverify.calls.at(-1)).toEqual({
      url: 'https://challenges.cloudflare.com/turnstile/v0/siteverify',
      body: { secret: 'test-secret', response: 'good-token', remoteip: '127.0.0.1' },
    })
    // Cloudflare answers a replay 'timeout-or-duplicate'.
    expectRefused(await ask(testApp, 'good-token'))
    expectRefused(await requestCode(testApp, 'turnstile@example.com', 'forged-token'))
  })

  it('answers 503 when siteverify cannot be reached, and lets signed-in users through without asking', async () => {
    const calls: string[] = []
    const down = (async (url: string | URL | Request) => {
      calls.push(String(url))
      throw new TypeError('fetch failed')
    }) as typeof fetch
    const testApp = await appWith({ env: TURNSTILE, botCheck: { fetch: down } })
    const res = await ask(testApp, 'good-token')
    expect(res.statusCode).toBe(503)
    expect(res.json().error.message).toBe('The bot check is unavailable right now. Please try again later.')
    const user = await userWithSession(testApp.db, 'turnstile-user@example.com')
    expect((await ask(testApp, undefined, { cookie: user.cookie })).statusCode).toBe(200)
    expect(calls).toHaveLength(1)
  })

  it("allows Turnstile's script and frame in the page policy only when it is configured", () => {
    const directives = cspDirectives({ googleSignIn: false, turnstile: true })
    expect(directives['script-src']).toContain('https://challenges.cloudflare.com')
    expect(directives['frame-src']).toContain('https://challenges.cloudflare.com')
    expect(contentSecurityPolicy({ googleSignIn: false })).not.toContain('challenges.cloudflare.com')
  })
})
