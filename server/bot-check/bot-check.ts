import type { FastifyBaseLogger, FastifyRequest } from 'fastify'
import { type BotCheckChallenge, BotCheckErrorCode } from '../../contract'
import type { Config } from '../config'
import type { Db } from '../db/client'
import { AppError } from '../errors'
import { type AltchaCheck, createAltchaCheck } from './altcha-check'
import { createTurnstileCheck, type TurnstileCheck } from './turnstile-check'

/*
 * Bot protection (spec 1 §3 the outbound message's bot-protection token; issue #27 part 2). What a visitor
 * who is not signed in must show before an anonymous chat message or a sign-in code (the contact capture's
 * codes go through the same route): a Cloudflare Turnstile token when TURNSTILE_SITE_KEY and
 * TURNSTILE_SECRET_KEY are set, otherwise a solved self-hosted ALTCHA proof-of-work challenge. Signed-in
 * users are never asked. BOT_CHECK=off turns it off (tests that do not test it; refused in production).
 */

export type BotCheckMode = 'off' | 'altcha' | 'turnstile'

/** The refusal the renderer shows (403 bot_check_failed): missing, invalid, expired or used token. */
export const BOT_CHECK_FAILED_TEXT = 'We could not confirm that you are not a bot. Please try again.'
/** Turnstile's siteverify could not be reached or refused our secret (503). */
export const BOT_CHECK_UNAVAILABLE_TEXT = 'The bot check is unavailable right now. Please try again later.'

export interface BotCheck {
  readonly mode: BotCheckMode
  /** What a caller who is not signed in must do next. */
  challenge(): Promise<BotCheckChallenge>
  /** Refuses a request of a visitor who is not signed in without a good token (a no-op otherwise). */
  require(request: FastifyRequest, token: string | null | undefined): Promise<void>
}

/** What tests replace: siteverify's fetch, the clock and the challenge's difficulty. */
export interface BotCheckOverrides {
  /** No check at all, whatever the configuration (a benchmark of answers that builds the app itself). */
  off?: boolean
  fetch?: typeof fetch
  now?: () => Date
  counter?: { min: number; max: number }
}

export interface BotCheckOptions extends BotCheckOverrides {
  db: Db
  config: Pick<Config, 'BOT_CHECK' | 'TURNSTILE_SITE_KEY' | 'TURNSTILE_SECRET_KEY'>
  /** The server's secret (loadAuthSecret), read when the first challenge is made. */
  secret: () => Promise<string>
  log?: FastifyBaseLogger
}

const refused = () => new AppError(403, BotCheckErrorCode.botCheckFailed, BOT_CHECK_FAILED_TEXT)

export function createBotCheck({
  db,
  config,
  secret,
  log,
  fetch,
  now,
  counter,
  off = false,
}: BotCheckOptions): BotCheck {
  const siteKey = config.TURNSTILE_SITE_KEY
  const secretKey = config.TURNSTILE_SECRET_KEY
  const mode: BotCheckMode = off || !config.BOT_CHECK ? 'off' : siteKey && secretKey ? 'turnstile' : 'altcha'
  const turnstile: TurnstileCheck | null =
    mode === 'turnstile' && secretKey ? createTurnstileCheck({ secretKey, fetch, log }) : null
  const altcha: AltchaCheck | null =
    mode === 'altcha' ? createAltchaCheck({ db, secret, now, counter }) : null

  return {
    mode,
    async challenge() {
      if (altcha) return { mode: 'altcha', challenge: await altcha.challenge() }
      if (turnstile && siteKey) return { mode: 'turnstile', siteKey }
      return { mode: 'none' }
    },
    async require(request, token) {
      if (mode === 'off' || request.identity.user) return
      if (!token) throw refused()
      if (altcha) {
        const verdict = await altcha.verify(token)
        if (verdict !== 'ok') {
          request.log.info({ verdict }, 'bot check refused')
          throw refused()
        }
        return
      }
      if (turnstile) {
        const verdict = await turnstile.verify(token, request.ip)
        if (verdict === 'unavailable') throw new AppError(503, 'unavailable', BOT_CHECK_UNAVAILABLE_TEXT)
        if (verdict !== 'ok') {
          request.log.info({ verdict }, 'bot check refused')
          throw refused()
        }
      }
    },
  }
}
