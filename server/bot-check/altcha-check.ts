import { createHmac } from 'node:crypto'
import { createChallenge, randomInt, verifySolution } from 'altcha-lib'
import { deriveKey } from 'altcha-lib/algorithms/sha'
import { sql } from 'drizzle-orm'
import { type AltchaChallenge, AltchaPayload } from '../../contract'
import type { Db } from '../db/client'
import { rowsOf } from '../jobs/claims'

/*
 * The self-hosted bot check (issue #27 part 2): an ALTCHA v2 proof-of-work challenge (altcha-lib). The
 * server picks a secret counter; the browser finds it by hashing SHA-256(salt ‖ nonce ‖ counter) from 0 up
 * until the key starts with the signed prefix, which costs it the counter's number of hashes. The challenge
 * and the key are HMAC-signed (keys derived from the server's sign-in secret), so verifying is two HMACs and
 * needs no state; a solved challenge is accepted once (its signature is kept in the database until it
 * expires, so every server on one database refuses a replay) and never after it expires.
 */

/** The hash of the challenge; the browser computes it with crypto.subtle (renderer/src/lib/bot-check). */
export const ALTCHA_ALGORITHM = 'SHA-256'

/**
 * The secret counter is drawn between these: the browser hashes that many times, a few microseconds each
 * with crypto.subtle (about 0.1–0.5 s on a laptop, a little more on a phone).
 */
export const DEFAULT_ALTCHA_COUNTER = { min: 15_000, max: 55_000 } as const

/** The counter's range when BOT_CHECK_HASHES names its top: the default's proportions. */
export const altchaCounterUpTo = (hashes: number) => ({
  min: Math.round((hashes * DEFAULT_ALTCHA_COUNTER.min) / DEFAULT_ALTCHA_COUNTER.max),
  max: hashes,
})

/** How long a challenge may be solved and used: the renderer solves one ahead while the visitor types. */
export const ALTCHA_TTL_MS = 10 * 60_000

/** The key prefix of used challenges in rate_limit_counters (server/rate-limit-store.ts's table). */
export const USED_CHALLENGE_KEY_PREFIX = 'bot-check '

export type AltchaVerdict = 'ok' | 'invalid' | 'expired' | 'replayed'

export interface AltchaCheckOptions {
  db: Db
  /** The server's secret (loadAuthSecret); the HMAC keys are derived from it. */
  secret: () => Promise<string>
  counter?: { min: number; max: number }
  ttlMs?: number
  now?: () => Date
}

export interface AltchaCheck {
  challenge(): Promise<AltchaChallenge>
  verify(token: string): Promise<AltchaVerdict>
}

const derive = (secret: string, purpose: string) => createHmac('sha256', secret).update(purpose).digest('hex')

/** Decodes `botToken`: base64 of ALTCHA's JSON payload `{ challenge, solution }`; null when it is none. */
export function decodeAltchaToken(token: string): AltchaPayload | null {
  try {
    const parsed = AltchaPayload.safeParse(JSON.parse(Buffer.from(token, 'base64').toString('utf8')))
    return parsed.success ? parsed.data : null
  } catch {
    return null
  }
}

export function createAltchaCheck({
  db,
  secret,
  counter = DEFAULT_ALTCHA_COUNTER,
  ttlMs = ALTCHA_TTL_MS,
  now = () => new Date(),
}: AltchaCheckOptions): AltchaCheck {
  let keys: Promise<{ signature: string; key: string }> | undefined
  const hmacKeys = () => {
    keys ??= secret().then((s) => ({
      signature: derive(s, 'altcha-signature'),
      key: derive(s, 'altcha-key'),
    }))
    return keys
  }
  let verifications = 0

  return {
    async challenge() {
      const { signature, key } = await hmacKeys()
      const created = await createChallenge({
        algorithm: ALTCHA_ALGORITHM,
        cost: 1,
        counter: randomInt(counter.max, counter.min),
        deriveKey,
        expiresAt: new Date(now().getTime() + ttlMs),
        hmacSignatureSecret: signature,
        hmacKeySignatureSecret: key,
      })
      return { parameters: created.parameters, signature: created.signature ?? '' }
    },

    async verify(token) {
      const payload = decodeAltchaToken(token)
      if (!payload) return 'invalid'
      const { parameters } = payload.challenge
      // Only our own kind of challenge: the algorithm and cost are signed, but a check costs nothing.
      if (parameters.algorithm !== ALTCHA_ALGORITHM || parameters.expiresAt === undefined) return 'invalid'
      if (parameters.expiresAt * 1000 <= now().getTime()) return 'expired'
      const { signature, key } = await hmacKeys()
      let verified: boolean
      try {
        const result = await verifySolution({
          challenge: payload.challenge,
          solution: payload.solution,
          deriveKey,
          hmacSignatureSecret: signature,
          hmacKeySignatureSecret: key,
        })
        if (result.expired) return 'expired'
        verified = result.verified
      } catch {
        // Malformed hex and the like: an invalid solution, not a server error.
        return 'invalid'
      }
      if (!verified) return 'invalid'
      // Accepted once: the first request to record the challenge's signature wins, until it expires.
      const used = rowsOf(
        await db.execute(sql`
          insert into rate_limit_counters (key, count, reset_at)
          values (${USED_CHALLENGE_KEY_PREFIX + payload.challenge.signature}, 1,
            to_timestamp(${parameters.expiresAt}))
          on conflict (key) do nothing
          returning key`),
      )
      verifications += 1
      // PGlite has no sweeper of that table (server/rate-limits.ts starts one on PostgreSQL only).
      if (verifications % 100 === 0) void sweepUsedChallenges(db).catch(() => undefined)
      return used.length === 1 ? 'ok' : 'replayed'
    },
  }
}

/** Deletes the records of used challenges that expired; answers how many. */
export async function sweepUsedChallenges(db: Db): Promise<number> {
  return rowsOf(
    await db.execute(sql`
      delete from rate_limit_counters
      where key like ${`${USED_CHALLENGE_KEY_PREFIX}%`} and reset_at <= now()
      returning key`),
  ).length
}
