import type { AltchaChallenge, AltchaSolution } from '../../../../contract/bot-check'
import { solveAltcha } from './solve'

/*
 * Solves one ALTCHA challenge off the main thread (renderer/src/lib/bot-check/altcha.ts starts it): the
 * visitor's typing and the page's animations never wait for the hashing.
 */

export type SolverRequest = { challenge: AltchaChallenge }
export type SolverAnswer = { solution: AltchaSolution | null } | { error: string }

/** The worker's own scope (the renderer compiles with the DOM library, not the web worker one). */
const scope = self as unknown as {
  onmessage: ((event: MessageEvent<SolverRequest>) => void) | null
  postMessage: (answer: SolverAnswer) => void
}

scope.onmessage = async (event) => {
  let answer: SolverAnswer
  try {
    answer = { solution: await solveAltcha(event.data.challenge) }
  } catch (error) {
    answer = { error: error instanceof Error ? error.message : String(error) }
  }
  scope.postMessage(answer)
}
