import { randomBytes } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { DEFAULT_INTERNAL_EMAIL_DOMAINS } from '../../contract'
import type { Config } from '../config'
import type { Db } from '../db/client'
import { serverSettings } from '../db/schema'

/** spec 1 §5 and the issue: codes expire in 10 minutes and die after 5 wrong tries. */
export const LOGIN_CODE_TTL_MS = 10 * 60 * 1000
export const LOGIN_CODE_MAX_ATTEMPTS = 5
/**
 * Sending codes is limited over a sliding window: per address and IP pair (what a person asking for their
 * own code meets), per address from every IP (a looser ceiling, so requests from elsewhere cannot use up
 * someone's allowance, yet nobody can mail-bomb an address), and per IP (one client asking for many
 * addresses). Every code sent can meet at most LOGIN_CODE_MAX_ATTEMPTS wrong tries, so the per-address
 * ceiling also bounds the chance of guessing a code: 5 x 30 in a million per window.
 */
export const CODE_RATE_WINDOW_MS = 15 * 60 * 1000
export const CODES_PER_EMAIL_AND_IP_PER_WINDOW = 5
export const CODES_PER_EMAIL_PER_WINDOW = 30
export const CODES_PER_IP_PER_WINDOW = 20

export interface CodeLimits {
  perEmailAndIp: number
  perEmail: number
  perIp: number
}

/** The send limits, from AUTH_CODES_PER_EMAIL_AND_IP / AUTH_CODES_PER_EMAIL / AUTH_CODES_PER_IP or the defaults. */
export function codeLimits(
  config: Pick<Config, 'AUTH_CODES_PER_EMAIL_AND_IP' | 'AUTH_CODES_PER_EMAIL' | 'AUTH_CODES_PER_IP'>,
): CodeLimits {
  return {
    perEmailAndIp: config.AUTH_CODES_PER_EMAIL_AND_IP ?? CODES_PER_EMAIL_AND_IP_PER_WINDOW,
    perEmail: config.AUTH_CODES_PER_EMAIL ?? CODES_PER_EMAIL_PER_WINDOW,
    perIp: config.AUTH_CODES_PER_IP ?? CODES_PER_IP_PER_WINDOW,
  }
}

const AUTH_SECRET_KEY = 'auth_secret'

/** INTERNAL_EMAIL_DOMAINS as a list, or the product's two domains when unset. */
export function internalEmailDomains(config: Pick<Config, 'INTERNAL_EMAIL_DOMAINS'>): string[] {
  if (config.INTERNAL_EMAIL_DOMAINS === undefined) return [...DEFAULT_INTERNAL_EMAIL_DOMAINS]
  return config.INTERNAL_EMAIL_DOMAINS.split(',')
    .map((d) => d.trim().toLowerCase())
    .filter(Boolean)
}

/**
 * The key of sign-in code hashes: AUTH_SECRET when configured, otherwise one generated on first start and
 * kept in the database, so every server on that database agrees (the first writer wins the race).
 */
export async function loadAuthSecret(db: Db, config: Pick<Config, 'AUTH_SECRET'>): Promise<string> {
  if (config.AUTH_SECRET) return config.AUTH_SECRET
  await db
    .insert(serverSettings)
    .values({ key: AUTH_SECRET_KEY, value: randomBytes(32).toString('base64url') })
    .onConflictDoNothing()
  const [row] = await db
    .select({ value: serverSettings.value })
    .from(serverSettings)
    .where(eq(serverSettings.key, AUTH_SECRET_KEY))
  if (!row) throw new Error('The sign-in secret could not be stored')
  return row.value
}
