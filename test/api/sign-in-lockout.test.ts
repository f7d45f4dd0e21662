import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SignInResponse } from '../../contract'
import { VISITOR_HEADER } from '../../contract/auth'
import { SESSION_COOKIE } from '../../server/auth/identity'
import { VERIFY_FAILED_TEXT } from '../../server/auth/login-codes'
import { VISITOR_COOKIE } from '../../server/auth/visitor'
import { loginCodes } from '../../server/db/schema'
import { latestCode } from './auth-helpers'
import { createTestApp, type TestApp, userWithSession } from './helpers'
import { outboxTexts } from './texting-helpers'

/*
 * Sign-in lock-out (issue #27): a stranger who knows someone's address must not be able to keep them from
 * signing in, by guessing codes or by asking for codes, from as many addresses as they like. Behind a proxy
 * (TRUST_PROXY), so every request can come from another client address, as a botnet's would.
 */

let t: TestApp
beforeAll(async () => {
  t = await createTestApp({ env: { TRUST_PROXY: '1' } })
})
afterAll(() => t.close())

let clients = 0
/** A client address behind the proxy no request has used yet. */
const newClient = () => {
  clients += 1
  return `198.51.${Math.floor(clients / 250)}.${(clients % 250) + 1}`
}
let strangers = 0
const newStranger = () => {
  strangers += 1
  return `stranger-visitor-${String(strangers).padStart(8, '0')}`
}

const send = (
  url: string,
  payload: object,
  { client = newClient(), visitor }: { client?: string; visitor?: string },
) =>
  t.app.inject({
    method: 'POST',
    url,
    payload,
    headers: { 'x-forwarded-for': client, ...(visitor ? { [VISITOR_HEADER]: visitor } : {}) },
    remoteAddress: '10.0.0.1',
  })

const askCode = (email: string, who: { client?: string; visitor?: string }) =>
  send('/api/auth/code', { email }, who)
const typeCode = (email: string, code: string, who: { client?: string; visitor?: string }) =>
  send('/api/auth/verify', { email, code }, who)

/** A six-digit code other than the given ones. */
const wrongCode = (...codes: string[]) =>
  ['000000', '111111', '222222', '333333'].find((c) => !codes.includes(c))!

describe('sign-in lock-out', () => {
  it("leaves a person's code alive after strangers' wrong guesses from many addresses", async () => {
    const email = 'guessed-at@example.com'
    const victim = { client: newClient(), visitor: 'victim-visitor-guessed-at' }
    expect((await askCode(email, victim)).statusCode).toBe(200)
    const code = await latestCode(t.db, email)
    // Thirty wrong guesses from six addresses, each as its own visitor, and some with no visitor at all.
    for (let client = 0; client < 6; client += 1) {
      for (let i = 0; i < 5; i += 1) {
        const guess = await typeCode(email, wrongCode(code), { visitor: i === 4 ? undefined : newStranger() })
        expect(guess.statusCode).toBe(400)
        expect(guess.json().error.message).toBe(VERIFY_FAILED_TEXT)
      }
    }
    // The stranger cannot use the right code either: it was not sent to them.
    const stolen = await typeCode(email, code, { visitor: newStranger() })
    expect(stolen.json().error.message).toBe(VERIFY_FAILED_TEXT)

    const res = await typeCode(email, code, victim)
    expect(res.statusCode, res.body).toBe(200)
    expect(SignInResponse.parse(res.json()).user.email).toBe(email)
  })

  it('keeps a returning visitor able to ask for codes when strangers filled the address ceiling', async () => {
    const email = 'returning@example.com'
    const victim = { client: newClient(), visitor: 'victim-visitor-returning' }
    expect((await askCode(email, victim)).statusCode).toBe(200)
    expect((await typeCode(email, await latestCode(t.db, email), victim)).statusCode).toBe(200)

    // Strangers ask for the address from six addresses until the per-address ceiling (30) refuses them.
    let refused = 0
    for (let client = 0; client < 6; client += 1) {
      const where = newClient()
      for (let i = 0; i < 6; i += 1) {
        const res = await askCode(email, { client: where, visitor: newStranger() })
        if (res.statusCode === 429) refused += 1
        else expect(res.statusCode, res.body).toBe(200)
      }
    }
    expect(refused).toBeGreaterThan(0)
    expect((await askCode(email, { visitor: newStranger() })).statusCode).toBe(429)

    // The person who signed in here before still gets a code, from their own address or a new one...
    const again = await askCode(email, { client: newClient(), visitor: victim.visitor })
    expect(again.statusCode, again.body).toBe(200)
    // ...and it signs them in.
    const res = await typeCode(email, await latestCode(t.db, email), victim)
    expect(res.statusCode, res.body).toBe(200)
  })

  it('still holds the returning visitor to its own per-address-and-IP limit', async () => {
    const email = 'returning-eager@example.com'
    const me = { client: newClient(), visitor: 'visitor-returning-eager' }
    expect((await askCode(email, me)).statusCode).toBe(200)
    expect((await typeCode(email, await latestCode(t.db, email), me)).statusCode).toBe(200)
    // Five codes per address and IP in 15 minutes, the first one included.
    for (let i = 0; i < 4; i += 1) expect((await askCode(email, me)).statusCode).toBe(200)
    expect((await askCode(email, me)).statusCode).toBe(429)
  })

  it('spends only the tries of the visitor that guesses', async () => {
    const email = 'own-tries@example.com'
    const me = { client: newClient(), visitor: 'visitor-own-tries' }
    expect((await askCode(email, me)).statusCode).toBe(200)
    const code = await latestCode(t.db, email)
    // My own five wrong tries kill my code (spec 1 §5), as before.
    for (let i = 0; i < 5; i += 1) await typeCode(email, wrongCode(code), me)
    expect((await typeCode(email, code, me)).json().error.message).toMatch(/too many times/)
    const [row] = await t.db.select().from(loginCodes).where(eq(loginCodes.email, email))
    expect(row!.attempts).toBe(5)
  })

  it('gives a browser without a visitor cookie one with its code, and signs it in with that cookie only', async () => {
    const email = 'cookie-browser@example.com'
    const sent = await t.app.inject({ method: 'POST', url: '/api/auth/code', payload: { email } })
    expect(sent.statusCode, sent.body).toBe(200)
    const visitor = sent.cookies.find((c) => c.name === VISITOR_COOKIE)
    expect(visitor?.httpOnly).toBe(true)
    const code = await latestCode(t.db, email)
    // Without the cookie, the code is nobody's to type.
    const bare = await t.app.inject({ method: 'POST', url: '/api/auth/verify', payload: { email, code } })
    expect(bare.statusCode).toBe(400)
    expect(bare.json().error.message).toBe(VERIFY_FAILED_TEXT)
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/verify',
      payload: { email, code },
      cookies: { [VISITOR_COOKIE]: visitor!.value },
    })
    expect(res.statusCode, res.body).toBe(200)
    expect(res.cookies.some((c) => c.name === SESSION_COOKIE)).toBe(true)
  })

  it("leaves a user's phone code alive after other users' wrong guesses for the same number", async () => {
    const number = '+14155550177'
    const owner = await userWithSession(t.db, 'phone-owner-lockout@likeness.test')
    const asked = await t.app.inject({
      method: 'POST',
      url: '/api/me/phone',
      payload: { phoneNumber: number },
      headers: { cookie: owner.cookie, 'x-forwarded-for': newClient() },
      remoteAddress: '10.0.0.1',
    })
    expect(asked.statusCode, asked.body).toBe(200)
    const [text] = await outboxTexts(t.db, number)
    const code = /\b(\d{6})\b/.exec(text!.text)![1]!
    for (let i = 0; i < 6; i += 1) {
      const other = await userWithSession(t.db, `phone-guesser-${i}@likeness.test`)
      const guess = await t.app.inject({
        method: 'POST',
        url: '/api/me/phone/verify',
        payload: { phoneNumber: number, code: wrongCode(code) },
        headers: { cookie: other.cookie, 'x-forwarded-for': newClient() },
        remoteAddress: '10.0.0.1',
      })
      expect(guess.statusCode).toBe(400)
    }
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/me/phone/verify',
      payload: { phoneNumber: number, code },
      headers: { cookie: owner.cookie, 'x-forwarded-for': newClient() },
      remoteAddress: '10.0.0.1',
    })
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json().user.phoneNumber).toBe(number)
  })
})
