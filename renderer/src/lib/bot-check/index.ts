import type { BotCheckChallenge } from '../../../../contract/bot-check'
import { solveInWorker } from './altcha'
import { encodeAltchaToken } from './solve'
import { TURNSTILE_TOKEN_TTL_MS, turnstileToken } from './turnstile'

/*
 * The renderer's bot check (issue #27 part 2), loaded the first time a token is needed (renderer/src/api/
 * bot-check.ts): a solved ALTCHA challenge, or a Cloudflare Turnstile token, as the server asked.
 */

export interface SolvedBotCheck {
  /** What goes in `botToken`; null when the server asks for none (signed in, or the check is off). */
  token: string | null
  /** Until when (ms since the epoch) the server takes it. */
  expiresAt: number
}

/** How long a 'none' answer is believed: the visitor may sign out meanwhile (then the server says so). */
const NONE_TTL_MS = 5 * 60_000

export async function solveBotCheck(
  challenge: BotCheckChallenge,
  signal?: AbortSignal,
): Promise<SolvedBotCheck> {
  if (challenge.mode === 'none') return { token: null, expiresAt: Date.now() + NONE_TTL_MS }
  if (challenge.mode === 'turnstile') {
    const token = await turnstileToken(challenge.siteKey, signal)
    return { token, expiresAt: Date.now() + TURNSTILE_TOKEN_TTL_MS }
  }
  const solution = await solveInWorker(challenge.challenge, signal)
  const expiresAt = (challenge.challenge.parameters.expiresAt ?? 0) * 1000
  return { token: encodeAltchaToken(challenge.challenge, solution), expiresAt }
}
