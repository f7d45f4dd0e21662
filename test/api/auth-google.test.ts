import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SignInResponse } from '../../contract'
import { SESSION_COOKIE } from '../../server/auth/identity'
import { users } from '../../server/db/schema'
import { createTestApp, type TestApp } from './helpers'

const CLIENT_ID = 'likeness-test.apps.googleusercontent.com'

/** A stand-in for Google's tokeninfo and userinfo endpoints: tokens are keys of this table. */
const tokens: Record<string, { aud: string; email: string; verified: boolean; name?: string }> = {
  'good-token': { aud: CLIENT_ID, email: 'Google.User@Gmail.com', verified: true, name: 'Gia Google' },
  'other-app-token': {
    aud: 'someone-else.apps.googleusercontent.com',
    email: 'victim@gmail.com',
    verified: true,
  },
  'unverified-token': { aud: CLIENT_ID, email: 'unverified@gmail.com', verified: false },
  'banned-token': { aud: CLIENT_ID, email: 'banned@likeness.test', verified: true },
  'lena-token': { aud: CLIENT_ID, email: 'lena@likeness.test', verified: true, name: 'Someone Else' },
}

let google: Server
let t: TestApp
beforeAll(async () => {
  google = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x')
    const token =
      url.pathname === '/tokeninfo'
        ? url.searchParams.get('access_token')
        : req.headers.authorization?.replace(/^Bearer /, '')
    const entry = token ? tokens[token] : undefined
    res.setHeader('content-type', 'application/json')
    if (!entry) {
      res.statusCode = 400
      res.end(JSON.stringify({ error: 'invalid_token' }))
    } else if (url.pathname === '/tokeninfo') {
      res.end(JSON.stringify({ aud: entry.aud, azp: entry.aud, expires_in: '3500' }))
    } else {
      res.end(
        JSON.stringify({
          sub: '1',
          email: entry.email,
          email_verified: entry.verified,
          name: entry.name,
          picture: 'https://example.com/p.png',
        }),
      )
    }
  })
  await new Promise<void>((resolve) => google.listen(0, '127.0.0.1', resolve))
  const base = `http://127.0.0.1:${(google.address() as AddressInfo).port}`
  t = await createTestApp({
    env: {
      GOOGLE_CLIENT_ID: CLIENT_ID,
      GOOGLE_TOKENINFO_URL: `${base}/tokeninfo`,
      GOOGLE_USERINFO_URL: `${base}/userinfo`,
    },
  })
})
afterAll(async () => {
  await t.close()
  await new Promise((resolve) => google.close(resolve))
})

const signIn = (accessToken: string, extra: Record<string, unknown> = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/google',
    payload: { accessToken, skipWelcomeEmail: true, timezone: 'UTC', ...extra },
  })

describe('Google sign-in', () => {
  it('is offered when a client id is configured', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/auth/options' })
    expect(res.json().google).toEqual({ clientId: CLIENT_ID })
  })

  it('creates the user on first sign-in and signs them in with a cookie', async () => {
    const res = await signIn('good-token')
    expect(res.statusCode, res.body).toBe(200)
    const body = SignInResponse.parse(res.json())
    expect(body.user).toMatchObject({
      email: 'google.user@gmail.com',
      name: 'Gia Google',
      imageUrl: 'https://example.com/p.png',
    })
    const cookie = res.cookies.find((c) => c.name === SESSION_COOKIE)!
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/me',
      headers: { cookie: `${SESSION_COOKIE}=${cookie.value}` },
    })
    expect(me.json().user.email).toBe('google.user@gmail.com')
    // Again: the same user.
    const again = SignInResponse.parse((await signIn('good-token', { transport: 'bearer' })).json())
    expect(again.user.id).toBe(body.user.id)
    expect(again.token).toBeTruthy()
  })

  it('gets the existing user and keeps their name', async () => {
    const body = SignInResponse.parse((await signIn('lena-token')).json())
    expect(body.user.name).toBe('Lena Hart')
    expect(await t.db.select().from(users).where(eq(users.email, 'lena@likeness.test'))).toHaveLength(1)
  })

  it('refuses tokens of other apps, unverified addresses and unknown tokens', async () => {
    for (const token of ['other-app-token', 'unverified-token', 'made-up']) {
      const res = await signIn(token)
      expect(res.statusCode, token).toBe(401)
      expect(res.json().error.message).toBe('Failed to login or sign-up.')
    }
    expect(await t.db.select().from(users).where(eq(users.email, 'victim@gmail.com'))).toHaveLength(0)
  })

  it('refuses banned users', async () => {
    const res = await signIn('banned-token')
    expect(res.statusCode).toBe(403)
    expect(res.json().error.message).toBe('This email address is banned.')
  })
})

describe('Google sign-in unconfigured', () => {
  it('is not offered and not served', async () => {
    const plain = await createTestApp()
    try {
      expect((await plain.app.inject({ method: 'GET', url: '/api/auth/options' })).json().google).toBeNull()
      const res = await plain.app.inject({
        method: 'POST',
        url: '/api/auth/google',
        payload: { accessToken: 'good-token' },
      })
      expect(res.statusCode).toBe(404)
    } finally {
      await plain.close()
    }
  })
})
