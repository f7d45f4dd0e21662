import { solveChallenge } from 'altcha-lib'
import { deriveKey } from 'altcha-lib/algorithms/sha'
import { BotCheckChallenge } from '../../contract/bot-check'

/*
 * The bot-protection token (issue #27 part 2) for tests and tools that call the API without the renderer:
 * given the answer of GET /api/bot-check/challenge, the token to send in `botToken` (ALTCHA solved here with
 * altcha-lib's own solver), or undefined when the server asks for none (signed in, or BOT_CHECK=off).
 * Turnstile cannot be solved outside a browser: a server with Turnstile keys is refused here.
 */
export async function botTokenFor(challengeAnswer: unknown): Promise<string | undefined> {
  const answer = BotCheckChallenge.parse(challengeAnswer)
  if (answer.mode === 'none') return undefined
  if (answer.mode === 'turnstile') throw new Error('Turnstile tokens come from a browser only')
  const solution = await solveChallenge({ challenge: answer.challenge, deriveKey })
  if (!solution) throw new Error('The bot-check challenge could not be solved')
  return Buffer.from(JSON.stringify({ challenge: answer.challenge, solution })).toString('base64')
}
