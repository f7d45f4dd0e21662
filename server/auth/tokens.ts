import { createHash, createHmac, randomBytes, randomInt } from 'node:crypto'
import { sameBytes } from './constant-time'

/** A session token: 256 random bits, URL-safe. */
export const newSessionToken = () => randomBytes(32).toString('base64url')

/** Tokens are stored only as their SHA-256: a leaked table does not sign anyone in. */
export const hashSessionToken = (token: string) => createHash('sha256').update(token).digest('hex')

/** A six-digit one-time code from the OS random generator (spec 1 §5: exactly 6 characters). */
export const newLoginCode = () => String(randomInt(0, 1_000_000)).padStart(6, '0')

/**
 * Codes have only a million values, so a plain hash would fall to brute force if the table leaked: they
 * are keyed with the server secret and bound to the e-mail they were sent to.
 */
export const hashLoginCode = (secret: string, email: string, code: string) =>
  createHmac('sha256', secret).update(`${email}\u0000${code}`).digest('hex')

export const hashIp = (secret: string, ip: string) =>
  createHmac('sha256', secret).update(`ip:${ip}`).digest('hex')

/** Who asked for a sign-in code (server/auth/login-codes.ts), kept only as a keyed hash like the IP. */
export const hashRequester = (secret: string, key: string) =>
  createHmac('sha256', secret).update(`requester:${key}`).digest('hex')

export function sameHash(a: string, b: string): boolean {
  return sameBytes(Buffer.from(a, 'hex'), Buffer.from(b, 'hex'))
}

// spec 1 §5: the code is six characters once dashes (and spaces) are removed; shared with the renderer.
export { normaliseLoginCode } from '../../contract/auth'
