import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { MeResponse, SignInResponse } from '../../contract'
import { SESSION_COOKIE } from '../../server/auth/identity'
import { CODE_DEAD_TEXT, RATE_LIMITED_TEXT } from '../../server/auth/login-codes'
import { VISITOR_COOKIE } from '../../server/auth/visitor'
import { loginCodes, outboxMessages, sessions, users } from '../../server/db/schema'
import { eventually } from '../support/eventually'
import { latestCode, requestCode, signInWithBearer, signInWithCookie, verify } from './auth-helpers'
import { createTestApp, type TestApp } from './helpers'

/** Resolves once the clock has moved on: a row written next gets a later timestamp than the last one. */
async function clockTick() {
  const before = Date.now()
  await eventually(() => expect(Date.now()).toBeGreaterThan(before), { interval: 1 })
}

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(async () => {
  await t.close()
})

const me = (headers: Record<string, string> = {}, slug?: string) =>
  t.app.inject({ method: 'GET', url: slug ? `/api/me?slug=${slug}` : '/api/me', headers })

describe('sign-in codes', () => {
  it('signs a new address up on the first verification, with a cookie session', async () => {
    const email = 'new.person@example.com'
    const sent = await requestCode(t.app, 'New.Person@Example.com ')
    expect(sent.statusCode, sent.body).toBe(200)
    expect(sent.json()).toEqual({ ok: true })
    expect(await t.db.select().from(users).where(eq(users.email, email))).toHaveLength(0)

    const code = await latestCode(t.db, email)
    expect(code).toMatch(/^\d{6}$/)
    // Stored hashed, never as the code itself.
    const [row] = await t.db.select().from(loginCodes).where(eq(loginCodes.email, email))
    expect(row!.codeHash).not.toContain(code)
    expect(row!.expiresAt.getTime() - row!.createdAt.getTime()).toBe(10 * 60 * 1000)

    // Dashes and spaces in the typed code are ignored (spec 1 §5).
    const res = await verify(t.app, {
      email,
      code: `${code.slice(0, 3)}-${code.slice(3)} `,
      timezone: 'Europe/Berlin',
    })
    expect(res.statusCode, res.body).toBe(200)
    const body = SignInResponse.parse(res.json())
    expect(body.user.email).toBe(email)
    expect(body.token).toBeUndefined()
    const cookie = res.cookies.find((c) => c.name === SESSION_COOKIE)!
    expect(cookie.httpOnly).toBe(true)
    expect(cookie.sameSite).toBe('Lax')
    expect(cookie.path).toBe('/')
    // inject's host is localhost: Secure only elsewhere.
    expect(cookie.secure).toBeFalsy()

    const who = MeResponse.parse((await me({ cookie: `${SESSION_COOKIE}=${cookie.value}` })).json())
    expect(who.user?.email).toBe(email)
    // Single use.
    expect((await verify(t.app, { email, code })).statusCode).toBe(400)
  })

  it('answers the same for known and unknown addresses', async () => {
    const known = await requestCode(t.app, 'sam@likeness.test', '10.0.0.1')
    const unknown = await requestCode(t.app, 'nobody-yet@example.org', '10.0.0.1')
    expect(known.statusCode).toBe(unknown.statusCode)
    expect(known.body).toBe(unknown.body)
  })

  it('marks secure cookies outside localhost', async () => {
    const email = 'secure@example.com'
    await requestCode(t.app, email)
    const res = await verify(
      t.app,
      { email, code: await latestCode(t.db, email) },
      { host: 'likeness.example.com' },
    )
    expect(res.cookies.find((c) => c.name === SESSION_COOKIE)!.secure).toBe(true)
  })

  it('expires codes after 10 minutes', async () => {
    const email = 'late@example.com'
    await requestCode(t.app, email)
    const code = await latestCode(t.db, email)
    await t.db
      .update(loginCodes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(loginCodes.email, email))
    const res = await verify(t.app, { email, code })
    expect(res.statusCode).toBe(400)
    expect(res.json().error.message).toBe('Unable to verify code. Please try again')
  })

  it('kills a code after 5 wrong tries, even for the right code', async () => {
    const email = 'guesser@example.com'
    await requestCode(t.app, email)
    const code = await latestCode(t.db, email)
    const wrong = code === '000000' ? '111111' : '000000'
    for (let i = 0; i < 5; i += 1) {
      const res = await verify(t.app, { email, code: wrong })
      expect(res.statusCode).toBe(400)
      expect(res.json().error.message).toBe('Unable to verify code. Please try again')
    }
    const res = await verify(t.app, { email, code })
    expect(res.statusCode).toBe(400)
    expect(res.json().error.message).toMatch(/too many times/)
    // A new code works again.
    await requestCode(t.app, email)
    expect((await verify(t.app, { email, code: await latestCode(t.db, email) })).statusCode).toBe(200)
  })

  it('keeps every code sent valid until one of them signs in', async () => {
    const email = 'twice@example.com'
    await requestCode(t.app, email, '10.0.1.1')
    const first = await latestCode(t.db, email)
    await clockTick()
    await requestCode(t.app, email, '10.0.1.1')
    const second = await latestCode(t.db, email)
    // The first mail's code still works after a resend...
    expect((await verify(t.app, { email, code: first })).statusCode).toBe(200)
    // ...and once it signed in, the other one is spent too (unless both mails carried the same code).
    if (first !== second) expect((await verify(t.app, { email, code: second })).statusCode).toBe(400)
  })

  it('counts a wrong try against every live code of the address', async () => {
    const email = 'many-codes@example.com'
    const codes: string[] = []
    for (let i = 0; i < 3; i += 1) {
      await requestCode(t.app, email)
      codes.push(await latestCode(t.db, email))
      await clockTick()
    }
    const wrong = ['000000', '111111', '222222', '333333'].find((c) => !codes.includes(c))!
    for (let i = 0; i < 5; i += 1) expect((await verify(t.app, { email, code: wrong })).statusCode).toBe(400)
    // Five wrong tries in all, not five per code: every code is dead now.
    for (const code of codes) {
      const res = await verify(t.app, { email, code })
      expect(res.json().error.message).toBe(CODE_DEAD_TEXT)
    }
  })

  it('rate-limits codes per address and IP (5 per 15 minutes), saying when to try again', async () => {
    const email = 'eager@example.com'
    for (let i = 0; i < 5; i += 1) expect((await requestCode(t.app, email, '10.1.0.1')).statusCode).toBe(200)
    const res = await requestCode(t.app, email, '10.1.0.1')
    expect(res.statusCode).toBe(429)
    expect(res.json()).toEqual({ error: { code: 'rate_limited', message: RATE_LIMITED_TEXT } })
    // The oldest code leaves the 15-minute window in at most 15 minutes.
    const retryAfter = Number(res.headers['retry-after'])
    expect(retryAfter).toBeGreaterThan(14 * 60)
    expect(retryAfter).toBeLessThanOrEqual(15 * 60)
    // The same address from another IP is a new pair.
    expect((await requestCode(t.app, email, '10.1.0.2')).statusCode).toBe(200)
    // The window slides: codes older than 15 minutes no longer count.
    await t.db
      .update(loginCodes)
      .set({ createdAt: new Date(Date.now() - 16 * 60 * 1000) })
      .where(eq(loginCodes.email, email))
    expect((await requestCode(t.app, email, '10.1.0.1')).statusCode).toBe(200)
  })

  it('caps codes per address from all IPs (30 per 15 minutes)', async () => {
    const email = 'popular@example.com'
    for (let i = 0; i < 30; i += 1) {
      expect((await requestCode(t.app, email, `10.3.${Math.floor(i / 5)}.1`)).statusCode).toBe(200)
    }
    const res = await requestCode(t.app, email, '10.3.99.1')
    expect(res.statusCode).toBe(429)
    expect(res.headers['retry-after']).toBeDefined()
  })

  it('rate-limits codes per IP (20 per 15 minutes)', async () => {
    for (let i = 0; i < 20; i += 1) {
      expect((await requestCode(t.app, `ip-${i}@example.com`, '10.2.0.1')).statusCode).toBe(200)
    }
    const res = await requestCode(t.app, 'ip-20@example.com', '10.2.0.1')
    expect(res.statusCode).toBe(429)
    expect(res.json()).toEqual({ error: { code: 'rate_limited', message: expect.any(String) } })
    expect((await requestCode(t.app, 'ip-20@example.com', '10.2.0.2')).statusCode).toBe(200)
  })

  it('does not let requests from other IPs lock an address out (the resend attack)', async () => {
    const email = 'victim@example.com'
    const victimIp = '10.4.0.1'
    expect((await requestCode(t.app, email, victimIp)).statusCode).toBe(200)
    const victimCode = await latestCode(t.db, email)
    // Someone else asks for the victim's address over and over, from five addresses, until refused.
    let refused = 0
    for (let ip = 2; ip <= 6; ip += 1) {
      for (let i = 0; i < 6; i += 1) {
        const res = await requestCode(t.app, email, `10.4.0.${ip}`)
        if (res.statusCode === 429) refused += 1
        else expect(res.statusCode).toBe(200)
      }
    }
    expect(refused).toBe(5)
    // The victim may still ask again...
    const again = await requestCode(t.app, email, victimIp)
    expect(again.statusCode, again.body).toBe(200)
    // ...and the code from their first mail still signs them in.
    const res = await verify(t.app, { email, code: victimCode })
    expect(res.statusCode, res.body).toBe(200)
    expect(SignInResponse.parse(res.json()).user.email).toBe(email)
  })

  it('refuses invalid addresses and subaddresses outside the internal domains', async () => {
    expect((await requestCode(t.app, 'not-an-address')).statusCode).toBe(400)
    const sub = await requestCode(t.app, 'Someone+News@Example.com')
    expect(sub.statusCode).toBe(400)
    expect(sub.json().error.message).toBe('Subaddresses (someone+news@example.com) are not allowed')
    expect((await requestCode(t.app, 'lena+qa@likeness.test')).statusCode).toBe(200)
    expect((await requestCode(t.app, 'ops+alerts@likeness.app')).statusCode).toBe(200)
    // Verification applies the same rule.
    expect((await verify(t.app, { email: 'someone+news@example.com', code: '123456' })).statusCode).toBe(400)
  })

  it('refuses banned users and blocked mail domains', async () => {
    const banned = await requestCode(t.app, 'banned@likeness.test')
    expect(banned.statusCode).toBe(403)
    expect(banned.json().error.message).toBe('This email address is banned.')
    const blocked = await requestCode(t.app, 'throwaway@mailinator.com')
    expect(blocked.statusCode).toBe(403)
    expect((await requestCode(t.app, 'x@eu.mailinator.com')).statusCode).toBe(403)
    const outbox = await t.db
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.to, 'banned@likeness.test'))
    expect(outbox).toHaveLength(0)
  })

  it('refuses a user banned after the code was sent, and their sessions stop working', async () => {
    const email = 'soon-banned@example.com'
    const { session } = await signInWithCookie(t.app, t.db, email)
    await requestCode(t.app, email)
    const code = await latestCode(t.db, email)
    await t.db.update(users).set({ banned: true }).where(eq(users.email, email))
    const res = await verify(t.app, { email, code })
    expect(res.statusCode).toBe(403)
    expect(res.json().error.message).toBe('This email address is banned.')
    expect((await me({ cookie: `${SESSION_COOKIE}=${session}` })).json().user).toBeNull()
  })
})

describe('sessions', () => {
  it('works by bearer token, without a cookie', async () => {
    const token = await signInWithBearer(t.app, t.db, 'desktop@example.com')
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/)
    const who = MeResponse.parse((await me({ authorization: `Bearer ${token}` })).json())
    expect(who.user?.email).toBe('desktop@example.com')
    // Only its hash is stored.
    const rows = await t.db.select().from(sessions)
    expect(rows.some((s) => s.tokenHash === token)).toBe(false)
    expect(rows.find((s) => s.transport === 'bearer')).toBeDefined()
  })

  it('logout revokes the session and clears the cookie', async () => {
    const { session } = await signInWithCookie(t.app, t.db, 'leaving@example.com')
    const cookie = { cookie: `${SESSION_COOKIE}=${session}` }
    expect((await me(cookie)).json().user).not.toBeNull()
    const out = await t.app.inject({ method: 'POST', url: '/api/logout', headers: cookie })
    expect(out.statusCode).toBe(200)
    const cleared = out.cookies.find((c) => c.name === SESSION_COOKIE)!
    expect(cleared.value).toBe('')
    expect((await me(cookie)).json().user).toBeNull()

    const token = await signInWithBearer(t.app, t.db, 'leaving@example.com')
    const bearer = { authorization: `Bearer ${token}` }
    expect((await t.app.inject({ method: 'POST', url: '/api/logout', headers: bearer })).statusCode).toBe(200)
    expect((await me(bearer)).json().user).toBeNull()
  })

  it('answers no user for nobody, and for an unknown token', async () => {
    expect(MeResponse.parse((await me()).json())).toEqual({ user: null, relationships: [] })
    const res = await me({ authorization: `Bearer ${'x'.repeat(43)}` })
    expect(res.json().user).toBeNull()
    expect(res.headers['cache-control']).toBe('no-store')
  })
})

describe('CSRF', () => {
  it('refuses a cookie-carrying write from a foreign origin', async () => {
    const { session } = await signInWithCookie(t.app, t.db, 'csrf@example.com')
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/logout',
      headers: { cookie: `${SESSION_COOKIE}=${session}`, origin: 'https://evil.example' },
    })
    expect(res.statusCode).toBe(403)
    expect((await me({ cookie: `${SESSION_COOKIE}=${session}` })).json().user).not.toBeNull()
  })

  it('refuses a cookie-carrying write that names no Origin, unless the browser marks it same-origin', async () => {
    const { session } = await signInWithCookie(t.app, t.db, 'csrf-no-origin@example.com')
    const cookie = `${SESSION_COOKIE}=${session}`
    // '' stands for a client that sends no Sec-Fetch-Site at all (test/api/helpers.ts).
    for (const site of ['', 'cross-site', 'same-site', 'none']) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/logout',
        headers: { cookie, 'sec-fetch-site': site },
      })
      expect(res.statusCode, site).toBe(403)
      expect(res.json().error.code).toBe('forbidden')
    }
    expect((await me({ cookie })).json().user).not.toBeNull()

    // The visitor cookie owns conversations: it counts as a credential too.
    const renamed = await t.app.inject({
      method: 'PATCH',
      url: `/api/clone/talk/conversations/${crypto.randomUUID()}`,
      payload: { title: 'Mine now' },
      headers: { cookie: `${VISITOR_COOKIE}=a-visitor-of-sixteen-chars`, 'sec-fetch-site': '' },
    })
    expect(renamed.statusCode).toBe(403)

    const same = await t.app.inject({
      method: 'POST',
      url: '/api/logout',
      headers: { cookie, 'sec-fetch-site': 'same-origin' },
    })
    expect(same.statusCode).toBe(200)
    expect((await me({ cookie })).json().user).toBeNull()
  })

  it('leaves writes with a bearer token and no Origin alone (desktop and embeds)', async () => {
    const token = await signInWithBearer(t.app, t.db, 'csrf-bearer@example.com')
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/relationships',
      payload: { slug: 'lena-hart' },
      headers: { authorization: `Bearer ${token}`, 'sec-fetch-site': '' },
    })
    expect(res.statusCode, res.body).toBe(200)
  })

  it('accepts the same origin, and bearer requests from any origin', async () => {
    const { session } = await signInWithCookie(t.app, t.db, 'csrf2@example.com')
    const same = await t.app.inject({
      method: 'POST',
      url: '/api/relationships',
      payload: { slug: 'lena-hart' },
      headers: {
        cookie: `${SESSION_COOKIE}=${session}`,
        origin: 'http://localhost:80',
        host: 'localhost:80',
      },
    })
    expect(same.statusCode, same.body).toBe(200)
    const token = await signInWithBearer(t.app, t.db, 'csrf3@example.com')
    const bearer = await t.app.inject({
      method: 'POST',
      url: '/api/relationships',
      payload: { slug: 'lena-hart' },
      headers: { authorization: `Bearer ${token}`, origin: 'https://evil.example' },
    })
    expect(bearer.statusCode, bearer.body).toBe(200)
  })
})

describe('user types (GET /api/me?slug=)', () => {
  it('gives admin to the creator, collab to the contributor, consumer to others, anonymous to nobody', async () => {
    const lena = await signInWithBearer(t.app, t.db, 'lena@likeness.test')
    const sam = await signInWithBearer(t.app, t.db, 'sam@likeness.test')
    const fresh = await signInWithBearer(t.app, t.db, 'fresh.consumer@example.com')
    const typeOf = async (headers: Record<string, string>, slug: string) =>
      MeResponse.parse((await me(headers, slug)).json()).userType
    expect(await typeOf({ authorization: `Bearer ${lena}` }, 'lena-hart')).toBe('admin')
    expect(await typeOf({ authorization: `Bearer ${lena}` }, 'tomas-rivera')).toBe('consumer_signed_in')
    expect(await typeOf({ authorization: `Bearer ${sam}` }, 'lena-hart')).toBe('collab')
    expect(await typeOf({ authorization: `Bearer ${fresh}` }, 'lena-hart')).toBe('consumer_signed_in')
    expect(await typeOf({}, 'lena-hart')).toBe('anonymous')
    const lenaMe = MeResponse.parse((await me({ authorization: `Bearer ${lena}` })).json())
    expect(lenaMe.user).toMatchObject({ name: 'Lena Hart', staff: false })
    expect(lenaMe.relationships).toEqual([
      { id: expect.any(String), cloneSlug: 'lena-hart', type: 'CREATOR' },
    ])
  })

  it('makes a signed-in user a consumer of a clone once, keeping stronger relationships', async () => {
    const fresh = await signInWithBearer(t.app, t.db, 'fan@example.com')
    const post = (token: string, slug: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/relationships',
        payload: { slug },
        headers: { authorization: `Bearer ${token}` },
      })
    const first = await post(fresh, 'lena-hart')
    expect(first.json().relationship).toMatchObject({ cloneSlug: 'lena-hart', type: 'CONSUMER' })
    expect((await post(fresh, 'lena-hart')).json().relationship.id).toBe(first.json().relationship.id)
    const lena = await signInWithBearer(t.app, t.db, 'lena@likeness.test')
    expect((await post(lena, 'lena-hart')).json().relationship.type).toBe('CREATOR')
    expect((await post(lena, 'no-such-clone')).statusCode).toBe(404)
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/api/relationships',
      payload: { slug: 'lena-hart' },
    })
    expect(anonymous.statusCode).toBe(401)
  })
})

describe('options and the dev outbox', () => {
  it('offers no Google sign-in unless configured, and the internal domains', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/auth/options' })
    expect(res.json()).toEqual({ google: null, internalEmailDomains: ['likeness.test', 'likeness.app'] })
  })

  it('lists sent mail newest first with the code shown', async () => {
    await requestCode(t.app, 'outbox-a@example.com', '10.9.0.1')
    await clockTick()
    await requestCode(t.app, 'outbox-b@example.com', '10.9.0.1')
    const res = await t.app.inject({ method: 'GET', url: '/dev/outbox' })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toMatch(/^text\/html/)
    const html = res.body
    expect(html.indexOf('outbox-b@example.com')).toBeLessThan(html.indexOf('outbox-a@example.com'))
    const code = await latestCode(t.db, 'outbox-b@example.com')
    expect(html).toContain(`aria-label="Sign-in code for outbox-b@example.com">${code}</p>`)
  })
})
