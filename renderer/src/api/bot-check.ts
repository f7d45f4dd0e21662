import { BotCheckChallenge, BotCheckErrorCode } from '../../../contract/bot-check'
import type { SolvedBotCheck } from '../lib/bot-check'
import { apiRequest, isApiError } from './client'

/*
 * The bot-protection token of anonymous chat messages and sign-in codes (issue #27 part 2; the server's
 * side is server/bot-check). The server says what to do (GET /api/bot-check/challenge): nothing for a
 * signed-in visitor, else solve an ALTCHA challenge (in a Web Worker) or get a Cloudflare Turnstile token.
 * prepareBotToken() starts that ahead, while the visitor types, so sending waits for nothing; the solver
 * (lib/bot-check) loads only then. A token is used once; a refused one is replaced once.
 */

/** A token this close to its end is not sent: it could expire on the way. */
const EXPIRY_MARGIN_MS = 30_000

let prepared: Promise<SolvedBotCheck> | null = null

async function fetchAndSolve(): Promise<SolvedBotCheck> {
  const challenge = await apiRequest({ path: '/api/bot-check/challenge', schema: BotCheckChallenge })
  const { solveBotCheck } = await import('../lib/bot-check')
  return solveBotCheck(challenge)
}

const fresh = (solved: SolvedBotCheck) => solved.expiresAt - EXPIRY_MARGIN_MS > Date.now()

/** Starts getting the next token (a visitor began typing a message or an address); idempotent. */
export function prepareBotToken(): void {
  if (prepared) return
  const promise = fetchAndSolve()
  prepared = promise
  promise.then(
    (solved) => {
      // A token that expired unused is dropped; the next send or keystroke gets another.
      if (prepared === promise && !fresh(solved)) prepared = null
    },
    () => {
      if (prepared === promise) prepared = null
    },
  )
}

/** Drops the prepared token (the server refused it, or the visitor signed in or out). */
export function forgetBotToken(): void {
  prepared = null
}

/**
 * The token for one request: the prepared one if still good, else a new one. Null when the server asks for
 * none, and when none could be had (the server then refuses with its own words, which the caller shows).
 */
export async function takeBotToken(): Promise<string | null> {
  const ready = prepared
  prepared = null
  try {
    if (ready) {
      const solved = await ready.catch(() => null)
      if (solved && fresh(solved)) {
        // 'Nothing needed' holds for the next request too; a token is spent by this one.
        if (solved.token === null) prepared = ready
        return solved.token
      }
    }
    return (await fetchAndSolve()).token
  } catch {
    return null
  }
}

export const isBotCheckRefusal = (error: unknown): boolean =>
  isApiError(error) && error.code === BotCheckErrorCode.botCheckFailed

/** Runs `send` with a token; refused for the token (stale, or the visitor signed out), once more with a new one. */
export async function withBotToken<T>(send: (botToken: string | null) => Promise<T>): Promise<T> {
  try {
    return await send(await takeBotToken())
  } catch (error) {
    if (!isBotCheckRefusal(error)) throw error
    forgetBotToken()
    return send(await takeBotToken())
  }
}
