import type { Answerer, AnswerInput } from './answerer'
import { composeAnswer } from './compose'
import { pause, streamTokens, tokenPause } from './stream-tokens'

/**
 * The embedded default (ARCHITECTURE 'clone answers'): composes the answer from the retrieved
 * sources, then streams it word by word with a model-like rhythm (BRAIN_TOKEN_DELAY_MS).
 */
export class LocalAnswerer implements Answerer {
  constructor(private readonly tokenDelayMs: number) {}

  async *answer(input: AnswerInput, signal: AbortSignal): AsyncIterable<string> {
    let first = true
    for (const token of streamTokens(composeAnswer(input))) {
      if (signal.aborted) throw signal.reason
      // The pacing is between tokens: the first one goes out as soon as the answer is composed.
      const ms = first ? 0 : tokenPause(this.tokenDelayMs)
      first = false
      if (ms > 0) await pause(ms, signal)
      yield token
    }
  }
}
