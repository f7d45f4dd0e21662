import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { Db } from '../db/client'
import { AppError } from '../errors'
import { findSessionUser, type SessionTransport, type UserRow } from './sessions'

export const SESSION_COOKIE = 'lk_session'

/** Who is making a request: a signed-in user (by cookie or bearer token) or nobody yet. */
export interface Identity {
  user: UserRow | null
  sessionId: string | null
  transport: SessionTransport | null
}

declare module 'fastify' {
  interface FastifyRequest {
    identity: Identity
  }
}

const anonymous: Identity = { user: null, sessionId: null, transport: null }

function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization
  if (!header) return null
  const match = /^Bearer\s+([A-Za-z0-9_-]{20,200})$/.exec(header.trim())
  return match?.[1] ?? null
}

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE'])

/**
 * Resolves the identity of every API request, and refuses cookie-carrying writes from foreign pages
 * (CSRF): browsers send Origin on every write, so a write whose Origin is not ours, or that has none and
 * is not marked same-origin by the browser, is refused (assertSameOrigin). Bearer-authenticated requests
 * (embed, desktop) carry no ambient credential and need no check.
 */
export function registerIdentity(
  app: FastifyInstance,
  options: { db: Db; allowedOrigins: readonly string[] },
) {
  app.decorateRequest('identity', null as unknown as Identity)

  app.addHook('onRequest', async (request: FastifyRequest, _reply: FastifyReply) => {
    request.identity = anonymous
    const url = request.url
    if (!url.startsWith('/api/') && !url.startsWith('/dev/')) return

    const bearer = bearerToken(request)
    const cookie = request.cookies[SESSION_COOKIE]
    if (UNSAFE.has(request.method) && !bearer && request.headers.cookie) {
      assertSameOrigin(request, options.allowedOrigins)
    }
    const token = bearer ?? cookie
    if (!token) return
    const found = await findSessionUser(options.db, token)
    if (found) {
      request.identity = {
        user: found.user,
        sessionId: found.sessionId,
        transport: bearer ? 'bearer' : 'cookie',
      }
    }
  })
}

/**
 * A cookie-carrying write must come from one of our pages: its Origin is ours (or PUBLIC_URL's); with no
 * Origin at all (old browsers, tools, forged requests) it must at least say `Sec-Fetch-Site: same-origin`,
 * which browsers set and pages cannot. Anything else is refused with 403.
 */
export function assertSameOrigin(request: FastifyRequest, allowedOrigins: readonly string[]) {
  const origin = request.headers.origin
  if (origin === undefined) {
    if (request.headers['sec-fetch-site'] === 'same-origin') return
    throw new AppError(403, 'forbidden', 'This request did not say which site it came from and was refused')
  }
  const own = `${request.protocol}://${request.host}`
  if (origin === own || allowedOrigins.includes(origin)) return
  throw new AppError(403, 'forbidden', 'This request came from another site and was refused')
}

/** The signed-in user, or a 401 with the spec's text. */
export function requireUser(request: FastifyRequest): UserRow {
  const user = request.identity.user
  if (!user) throw new AppError(401, 'unauthorized', 'You need to be logged in first.')
  return user
}
