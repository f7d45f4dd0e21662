import { and, count, eq, gt, inArray, isNotNull, isNull, lt, min, ne, or, type SQL, sql } from 'drizzle-orm'
import { LOGIN_CODE_LENGTH } from '../../contract'
import type { Db } from '../db/client'
import { loginCodes } from '../db/schema'
import { AppError, rateLimited } from '../errors'
import {
  CODE_RATE_WINDOW_MS,
  CODES_PER_EMAIL_AND_IP_PER_WINDOW,
  CODES_PER_EMAIL_PER_WINDOW,
  CODES_PER_IP_PER_WINDOW,
  type CodeLimits,
  LOGIN_CODE_MAX_ATTEMPTS,
  LOGIN_CODE_TTL_MS,
} from './auth-settings'
import { hashIp, hashLoginCode, hashRequester, newLoginCode, normaliseLoginCode, sameHash } from './tokens'

/** spec 1 §8: the text shown when a code cannot be verified (wrong, expired, used or unknown). */
export const VERIFY_FAILED_TEXT = 'Unable to verify code. Please try again'
export const CODE_DEAD_TEXT = 'This code was tried too many times. Please request a new code.'
export const RATE_LIMITED_TEXT =
  'Too many sign-in codes were requested. Please wait a few minutes and try again.'

const verifyFailed = () => new AppError(400, 'bad_request', VERIFY_FAILED_TEXT)

export interface CodeContext {
  db: Db
  secret: string
  now?: Date
  limits?: CodeLimits
}

const DEFAULT_LIMITS: CodeLimits = {
  perEmailAndIp: CODES_PER_EMAIL_AND_IP_PER_WINDOW,
  perEmail: CODES_PER_EMAIL_PER_WINDOW,
  perIp: CODES_PER_IP_PER_WINDOW,
}

/**
 * Who asked for a code: the visitor id of the browser, embed or desktop app that will type it (the sign-in
 * routes), or the signed-in user (phone codes). A code can be used, and its tries spent, only by the
 * requester it was issued to, so guesses from anyone else never touch someone's codes.
 */
export type CodeRequester = { visitorId: string } | { userId: string }

const requesterKey = (requester: CodeRequester) =>
  'visitorId' in requester ? `visitor:${requester.visitorId}` : `user:${requester.userId}`

/** The unexpired, unused codes of an address (dead ones included: they still answer 'tried too many times'). */
const liveCodesOf = (email: string, now: Date) =>
  and(eq(loginCodes.email, email), isNull(loginCodes.consumedAt), gt(loginCodes.expiresAt, now))

/** The codes a requester may use: its own, and those issued before codes had requesters (legacy rows). */
const ownedBy = (requesterHash: string) =>
  or(eq(loginCodes.requesterHash, requesterHash), isNull(loginCodes.requesterHash))

/**
 * Issues a code for an address to a requester and stores it as a keyed hash. Earlier codes stay valid until
 * they expire, are used or are tried too often: a resend (by the person, or by anyone else who types their
 * address) never takes away a code already in someone's inbox. Refuses (429, with Retry-After) past the
 * per-pair, per-address or per-IP limit; the rows are the ledger, so the limits hold across restarts and
 * across servers. A requester that has signed in to the address before is not held by the per-address
 * ceiling (others filling it from many IPs must not lock its owner out); its per-pair and per-IP limits hold.
 */
export async function issueLoginCode(
  { db, secret, now = new Date(), limits = DEFAULT_LIMITS }: CodeContext,
  email: string,
  ip: string,
  requester: CodeRequester,
): Promise<{ id: string; code: string }> {
  const ipHash = hashIp(secret, ip)
  const requesterHash = hashRequester(secret, requesterKey(requester))
  const since = new Date(now.getTime() - CODE_RATE_WINDOW_MS)
  const recent = (where: SQL | undefined) =>
    db
      .select({ n: count(), oldest: min(loginCodes.createdAt) })
      .from(loginCodes)
      .where(and(where, gt(loginCodes.createdAt, since)))
      .then(([row]) => ({ n: row?.n ?? 0, oldest: row?.oldest ?? now }))
  const [byPair, byEmail, byIp, known] = await Promise.all([
    recent(and(eq(loginCodes.email, email), eq(loginCodes.ipHash, ipHash))),
    recent(eq(loginCodes.email, email)),
    recent(eq(loginCodes.ipHash, ipHash)),
    hasSignedInBefore(db, email, requesterHash),
  ])
  const full = [
    { used: byPair, limit: limits.perEmailAndIp },
    ...(known ? [] : [{ used: byEmail, limit: limits.perEmail }]),
    { used: byIp, limit: limits.perIp },
  ].filter(({ used, limit }) => used.n >= limit)
  if (full.length > 0) {
    // A slot frees when the oldest code counted leaves the window (an estimate when over the limit by more).
    const freesAt = Math.max(...full.map(({ used }) => new Date(used.oldest).getTime() + CODE_RATE_WINDOW_MS))
    throw rateLimited(RATE_LIMITED_TEXT, freesAt - now.getTime())
  }

  const code = newLoginCode()
  const [row] = await db
    .insert(loginCodes)
    .values({
      email,
      codeHash: hashLoginCode(secret, email, code),
      ipHash,
      requesterHash,
      expiresAt: new Date(now.getTime() + LOGIN_CODE_TTL_MS),
      createdAt: now,
    })
    .returning({ id: loginCodes.id })
  return { id: row!.id, code }
}

/** Whether the requester used a code of this address before (consumed codes are kept: they are the record). */
async function hasSignedInBefore(db: Db, email: string, requesterHash: string): Promise<boolean> {
  const [row] = await db
    .select({ id: loginCodes.id })
    .from(loginCodes)
    .where(
      and(
        eq(loginCodes.email, email),
        eq(loginCodes.requesterHash, requesterHash),
        isNotNull(loginCodes.consumedAt),
      ),
    )
    .limit(1)
  return row !== undefined
}

/** A code whose mail could not be sent must not stay usable (the address's other codes are not touched). */
export async function retireLoginCode({ db, now = new Date() }: CodeContext, id: string) {
  await db.update(loginCodes).set({ expiresAt: now }).where(eq(loginCodes.id, id))
}

/**
 * Consumes the requester's live code of the address that `input` matches. A wrong try counts against every
 * live code of that requester (each was compared), never against codes others asked for; a code that met
 * LOGIN_CODE_MAX_ATTEMPTS wrong tries is dead, even for the right input. Once one code signs in, the
 * address's other live codes (anyone's) are retired. Throws the spec's texts.
 */
export async function consumeLoginCode(
  { db, secret, now = new Date() }: CodeContext,
  email: string,
  input: string,
  requester: CodeRequester,
): Promise<void> {
  const code = normaliseLoginCode(input)
  const requesterHash = hashRequester(secret, requesterKey(requester))
  const live = await db
    .select()
    .from(loginCodes)
    .where(and(liveCodesOf(email, now), ownedBy(requesterHash)))
  if (live.length === 0) throw verifyFailed()
  const usable = live.filter((c) => c.attempts < LOGIN_CODE_MAX_ATTEMPTS)
  if (usable.length === 0) throw new AppError(400, 'bad_request', CODE_DEAD_TEXT)

  const hash = code.length === LOGIN_CODE_LENGTH ? hashLoginCode(secret, email, code) : null
  // Every usable code is compared (no early exit), so the answer time says nothing about which matched.
  let match: (typeof usable)[number] | undefined
  for (const candidate of usable) {
    if (hash !== null && sameHash(hash, candidate.codeHash)) match = candidate
  }
  if (!match) {
    // Counted in the database, so parallel guesses on several servers share one budget.
    await db
      .update(loginCodes)
      .set({ attempts: sql`${loginCodes.attempts} + 1` })
      .where(
        and(
          inArray(
            loginCodes.id,
            usable.map((c) => c.id),
          ),
          lt(loginCodes.attempts, LOGIN_CODE_MAX_ATTEMPTS),
        ),
      )
    throw verifyFailed()
  }
  // Single use: of two simultaneous verifications, only one consumes the code.
  const consumed = await db
    .update(loginCodes)
    .set({ consumedAt: now })
    .where(
      and(
        eq(loginCodes.id, match.id),
        isNull(loginCodes.consumedAt),
        lt(loginCodes.attempts, LOGIN_CODE_MAX_ATTEMPTS),
      ),
    )
    .returning({ id: loginCodes.id })
  if (consumed.length === 0) throw verifyFailed()
  // Signed in: the other codes in the inbox are of no more use to anyone.
  await db
    .update(loginCodes)
    .set({ expiresAt: now })
    .where(and(liveCodesOf(email, now), ne(loginCodes.id, match.id)))
}
