import { randomBytes } from 'node:crypto'
import type { FastifyReply, FastifyRequest } from 'fastify'
import { VISITOR_HEADER } from '../../contract/auth'

/**
 * Anonymous ownership of conversations until accounts arrive: a random visitor id in an HttpOnly
 * cookie. The id is a bearer secret (144 random bits), so it is never shown to scripts and never
 * sent cross-site on sub-requests (SameSite=Lax). Clients without cookies (the desktop app) send their
 * own id in the VISITOR_HEADER header instead (contract/auth.ts); the cookie wins when both are there.
 */
export const VISITOR_COOKIE = 'lk_visitor'
const VISITOR_ID = /^[A-Za-z0-9_-]{16,64}$/
/** A year: history should survive for a returning visitor. */
const VISITOR_COOKIE_MAX_AGE_S = 365 * 24 * 60 * 60

/** Who is asking: the anonymous visitor cookie and, once signed in, the user (server/auth/identity.ts). */
export interface Owner {
  visitorId: string | null
  userId: string | null
}

const validVisitorId = (value: unknown): string | null =>
  typeof value === 'string' && VISITOR_ID.test(value) ? value : null

export function ownerOf(request: FastifyRequest): Owner {
  return {
    visitorId:
      validVisitorId(request.cookies[VISITOR_COOKIE]) ?? validVisitorId(request.headers[VISITOR_HEADER]),
    userId: request.identity?.user?.id ?? null,
  }
}

export const newVisitorId = () => randomBytes(18).toString('base64url')

/** Browsers accept Secure cookies on http://localhost, but a dev server on another host is plain http. */
export function isLocalHost(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '').toLowerCase()
  return host === 'localhost' || host === '127.0.0.1' || host === '::1' || host.endsWith('.localhost')
}

/** The visitor id of the request, making one (and setting its cookie on the reply) when there is none. */
export function ensureVisitor(request: FastifyRequest, reply: FastifyReply): string {
  const existing = ownerOf(request).visitorId
  if (existing) return existing
  const visitorId = newVisitorId()
  reply.setCookie(VISITOR_COOKIE, visitorId, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: !isLocalHost(request.hostname),
    maxAge: VISITOR_COOKIE_MAX_AGE_S,
  })
  return visitorId
}
