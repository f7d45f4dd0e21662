import type { FastifyReply, FastifyRequest } from 'fastify'
import { SESSION_COOKIE } from './identity'
import { isLocalHost } from './visitor'

/** The web's session: HttpOnly (never readable by scripts), SameSite=Lax, Secure outside localhost. */
export function setSessionCookie(request: FastifyRequest, reply: FastifyReply, token: string, expires: Date) {
  reply.setCookie(SESSION_COOKIE, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: !isLocalHost(request.hostname),
    expires,
  })
}

export function clearSessionCookie(request: FastifyRequest, reply: FastifyReply) {
  reply.clearCookie(SESSION_COOKIE, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: !isLocalHost(request.hostname),
  })
}
