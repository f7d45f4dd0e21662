import type { Answerer, AnswerInput } from './answerer'
import type { OpenAiCompatibleClient } from './openai-client'
import { chatCompletionMessages } from './prompt'

/**
 * The real provider (ARCHITECTURE 'clone answers'): any OpenAI-compatible chat endpoint, fed the
 * same numbered sources as the local composer. Its deltas are passed through as tokens, unpaced:
 * the model's own rhythm is the real one.
 */
export class OpenAiCompatibleAnswerer implements Answerer {
  constructor(private readonly client: OpenAiCompatibleClient) {}

  answer(input: AnswerInput, signal: AbortSignal): AsyncIterable<string> {
    return this.client.stream(chatCompletionMessages(input), signal)
  }
}
