import { createHash } from 'node:crypto'
import { desc, eq } from 'drizzle-orm'
import { expect } from 'vitest'
import { VISITOR_HEADER } from '../../contract/auth'
import type { App } from '../../server/app'
import { SESSION_COOKIE } from '../../server/auth/identity'
import type { Db } from '../../server/db/client'
import { outboxMessages } from '../../server/db/schema'

/** The newest sign-in code the dev outbox holds for an address. */
export async function latestCode(db: Db, email: string): Promise<string> {
  const [mail] = await db
    .select()
    .from(outboxMessages)
    .where(eq(outboxMessages.to, email))
    .orderBy(desc(outboxMessages.createdAt))
    .limit(1)
  const code = mail ? /\b(\d{6})\b/.exec(mail.text)?.[1] : undefined
  if (!code) throw new Error(`no code in the outbox for ${email}`)
  return code
}

let ipCounter = 0
/** A fresh client address per call, so tests do not share one per-IP rate limit by accident. */
const nextIp = () => {
  ipCounter += 1
  return `192.168.${Math.floor(ipCounter / 250)}.${(ipCounter % 250) + 1}`
}

/**
 * The visitor a test's sign-in comes from: a code belongs to the visitor that asked for it (server/auth/
 * login-codes.ts), so asking and typing must come from the same one. By default one per address, sent as the
 * desktop app and embeds send theirs; pass another to act as a stranger.
 */
export const visitorOf = (email: string) =>
  `test-visitor-${createHash('sha256').update(email.trim().toLowerCase()).digest('base64url').slice(0, 24)}`

export const requestCode = (
  app: App,
  email: string,
  remoteAddress = nextIp(),
  visitor: string = visitorOf(email),
) =>
  app.inject({
    method: 'POST',
    url: '/api/auth/code',
    payload: { email },
    remoteAddress,
    headers: { [VISITOR_HEADER]: visitor },
  })

export const verify = (app: App, payload: Record<string, unknown>, headers: Record<string, string> = {}) =>
  app.inject({
    method: 'POST',
    url: '/api/auth/verify',
    payload,
    headers: {
      ...(typeof payload.email === 'string' ? { [VISITOR_HEADER]: visitorOf(payload.email) } : {}),
      ...headers,
    },
  })

/** Signs in by code with cookie transport and answers the session cookie value. */
export async function signInWithCookie(
  app: App,
  db: Db,
  email: string,
  headers: Record<string, string> = {},
) {
  expect((await requestCode(app, email)).statusCode).toBe(200)
  const res = await verify(app, { email, code: await latestCode(db, email) }, headers)
  expect(res.statusCode, res.body).toBe(200)
  const cookie = res.cookies.find((c) => c.name === SESSION_COOKIE)
  if (!cookie) throw new Error('no session cookie')
  return { session: cookie.value, body: res.json() as { user: { id: string; email: string } } }
}

/** Signs in by code with bearer transport and answers the token. */
export async function signInWithBearer(app: App, db: Db, email: string) {
  expect((await requestCode(app, email)).statusCode).toBe(200)
  const res = await verify(app, { email, code: await latestCode(db, email), transport: 'bearer' })
  expect(res.statusCode, res.body).toBe(200)
  return (res.json() as { token: string }).token
}
