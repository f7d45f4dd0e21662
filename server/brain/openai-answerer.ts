import type { Answerer, AnswerInput } from './answerer'
import { LlmError, type OpenAiCompatibleClient } from './openai-client'
import { chatCompletionMessages, hasImages, visionChatMessages } from './prompt'

export interface OpenAiAnswererOptions {
  /** Attached images go to the model as image_url parts (LLM_VISION, on by default; issue #15). */
  vision?: boolean
}

/**
 * The real provider (ARCHITECTURE 'clone answers'): any OpenAI-compatible chat endpoint, fed the
 * same numbered sources as the local composer. Its deltas are passed through as tokens, unpaced:
 * the model's own rhythm is the real one.
 */
export class OpenAiCompatibleAnswerer implements Answerer {
  private readonly vision: boolean

  constructor(
    private readonly client: OpenAiCompatibleClient,
    { vision = false }: OpenAiAnswererOptions = {},
  ) {
    this.vision = vision
  }

  answer(input: AnswerInput, signal: AbortSignal): AsyncIterable<string> {
    if (this.vision && hasImages(input)) return this.answerWithImages(input, signal)
    return this.client.stream(chatCompletionMessages(input), signal)
  }

  /**
   * With the attached images. A model without vision refuses image parts with a 4xx before any token: the
   * question is then asked once more without them (their OCR text stays), so the visitor still gets an answer.
   */
  private async *answerWithImages(input: AnswerInput, signal: AbortSignal): AsyncIterable<string> {
    let started = false
    try {
      for await (const token of this.client.stream(visionChatMessages(input), signal)) {
        started = true
        yield token
      }
    } catch (error) {
      if (started || !refusedRequest(error)) throw error
      yield* this.client.stream(chatCompletionMessages(input), signal)
    }
  }
}

/** Not a refusal of the request's content: a bad key, a timeout or a rate limit would fail again. */
const NOT_ABOUT_CONTENT = new Set([401, 403, 408, 429])

/** A 4xx that may be the model refusing image parts (providers answer 400, 404 or 422 for it). */
function refusedRequest(error: unknown): boolean {
  if (!(error instanceof LlmError) || error.status === undefined) return false
  return error.status >= 400 && error.status < 500 && !NOT_ABOUT_CONTENT.has(error.status)
}
