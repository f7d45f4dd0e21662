import { and, count, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm'
import { LOGIN_CODE_LENGTH } from '../../contract'
import type { Db } from '../db/client'
import { loginCodes } from '../db/schema'
import { AppError } from '../errors'
import {
  CODE_RATE_WINDOW_MS,
  CODES_PER_EMAIL_PER_WINDOW,
  CODES_PER_IP_PER_WINDOW,
  LOGIN_CODE_MAX_ATTEMPTS,
  LOGIN_CODE_TTL_MS,
} from './auth-settings'
import { hashIp, hashLoginCode, newLoginCode, normaliseLoginCode, sameHash } from './tokens'

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
  limits?: { perEmail: number; perIp: number }
}

/**
 * Issues a code for an address: refuses past the per-address and per-IP limits (429), retires the
 * address's earlier codes (only the newest one works) and stores the new code as a keyed hash.
 */
export async function issueLoginCode(
  {
    db,
    secret,
    now = new Date(),
    limits = { perEmail: CODES_PER_EMAIL_PER_WINDOW, perIp: CODES_PER_IP_PER_WINDOW },
  }: CodeContext,
  email: string,
  ip: string,
): Promise<string> {
  const ipHash = hashIp(secret, ip)
  const since = new Date(now.getTime() - CODE_RATE_WINDOW_MS)
  const [byEmail] = await db
    .select({ n: count() })
    .from(loginCodes)
    .where(and(eq(loginCodes.email, email), gt(loginCodes.createdAt, since)))
  const [byIp] = await db
    .select({ n: count() })
    .from(loginCodes)
    .where(and(eq(loginCodes.ipHash, ipHash), gt(loginCodes.createdAt, since)))
  if ((byEmail?.n ?? 0) >= limits.perEmail || (byIp?.n ?? 0) >= limits.perIp) {
    throw new AppError(429, 'rate_limited', RATE_LIMITED_TEXT)
  }

  const code = newLoginCode()
  await db.transaction(async (tx) => {
    await tx
      .update(loginCodes)
      .set({ expiresAt: now })
      .where(and(eq(loginCodes.email, email), isNull(loginCodes.consumedAt), gt(loginCodes.expiresAt, now)))
    await tx.insert(loginCodes).values({
      email,
      codeHash: hashLoginCode(secret, email, code),
      ipHash,
      expiresAt: new Date(now.getTime() + LOGIN_CODE_TTL_MS),
      createdAt: now,
    })
  })
  return code
}

/** A code whose mail could not be sent must not stay usable. */
export async function retireLoginCodes({ db, now = new Date() }: CodeContext, email: string) {
  await db
    .update(loginCodes)
    .set({ expiresAt: now })
    .where(and(eq(loginCodes.email, email), isNull(loginCodes.consumedAt), gt(loginCodes.expiresAt, now)))
}

/**
 * Consumes the address's live code when `input` matches it. A wrong try counts against the code; after
 * LOGIN_CODE_MAX_ATTEMPTS wrong tries it is dead, even for the right code. Throws the spec's texts.
 */
export async function consumeLoginCode(
  { db, secret, now = new Date() }: CodeContext,
  email: string,
  input: string,
): Promise<void> {
  const code = normaliseLoginCode(input)
  const [live] = await db
    .select()
    .from(loginCodes)
    .where(and(eq(loginCodes.email, email), isNull(loginCodes.consumedAt), gt(loginCodes.expiresAt, now)))
    .orderBy(desc(loginCodes.createdAt))
    .limit(1)
  if (!live) throw verifyFailed()
  if (live.attempts >= LOGIN_CODE_MAX_ATTEMPTS) throw new AppError(400, 'bad_request', CODE_DEAD_TEXT)

  const matches =
    code.length === LOGIN_CODE_LENGTH && sameHash(hashLoginCode(secret, email, code), live.codeHash)
  if (!matches) {
    // Counted in the database, so parallel guesses on several servers share one budget.
    await db
      .update(loginCodes)
      .set({ attempts: sql`${loginCodes.attempts} + 1` })
      .where(and(eq(loginCodes.id, live.id), lt(loginCodes.attempts, LOGIN_CODE_MAX_ATTEMPTS)))
    throw verifyFailed()
  }
  // Single use: of two simultaneous verifications, only one consumes the code.
  const consumed = await db
    .update(loginCodes)
    .set({ consumedAt: now })
    .where(
      and(
        eq(loginCodes.id, live.id),
        isNull(loginCodes.consumedAt),
        lt(loginCodes.attempts, LOGIN_CODE_MAX_ATTEMPTS),
      ),
    )
    .returning({ id: loginCodes.id })
  if (consumed.length === 0) throw verifyFailed()
}
