import type { ChatCompletionMessage, VisionChatMessage } from './prompt'

export interface OpenAiCompatibleOptions {
  /** e.g. https://api.openai.com/v1 (no trailing slash); requests go to {baseUrl}/chat/completions. */
  baseUrl: string
  apiKey: string | undefined
  model: string
  fetch?: typeof fetch
}

export class LlmError extends Error {
  /** The endpoint's HTTP status, when it answered with an error. */
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message)
    this.name = 'LlmError'
  }
}

/**
 * A minimal client of the OpenAI chat-completions protocol, which most providers and local
 * servers (vLLM, llama.cpp, Ollama, Groq...) speak. The caller's signal aborts the upstream
 * request, so a visitor who leaves stops the provider's work (and its bill) too.
 */
export class OpenAiCompatibleClient {
  private readonly fetch: typeof fetch

  constructor(private readonly options: OpenAiCompatibleOptions) {
    this.fetch = options.fetch ?? globalThis.fetch
  }

  /** The content deltas of a streamed completion (`choices[0].delta.content`), as they arrive. */
  async *stream(
    messages: readonly (ChatCompletionMessage | VisionChatMessage)[],
    signal: AbortSignal,
  ): AsyncIterable<string> {
    const response = await this.post({ messages, stream: true }, signal)
    if (!response.body) throw new LlmError('The language model sent no answer')
    for await (const data of sseData(response.body)) {
      if (data === '[DONE]') return
      const content = deltaContent(data)
      if (content) yield content
    }
  }

  /** A whole (short) completion, e.g. a conversation title. */
  async complete(messages: ChatCompletionMessage[], signal: AbortSignal, maxTokens = 60): Promise<string> {
    const response = await this.post({ messages, stream: false, max_tokens: maxTokens }, signal)
    const body = (await response.json()) as { choices?: { message?: { content?: unknown } }[] }
    const content = body.choices?.[0]?.message?.content
    if (typeof content !== 'string') throw new LlmError('The language model sent no text')
    return content
  }

  private async post(body: Record<string, unknown>, signal: AbortSignal): Promise<Response> {
    const headers: Record<string, string> = {
      'content-type': 'application/json',
      accept: 'text/event-stream',
    }
    if (this.options.apiKey) headers.authorization = `Bearer ${this.options.apiKey}`
    const response = await this.fetch(`${this.options.baseUrl}/chat/completions`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ model: this.options.model, ...body }),
      signal,
    })
    if (!response.ok) {
      await response.body?.cancel().catch(() => {})
      throw new LlmError(
        `The language model answered ${response.status} ${response.statusText}`.trim(),
        response.status,
      )
    }
    return response
  }
}

function deltaContent(data: string): string | null {
  try {
    const event = JSON.parse(data) as { choices?: { delta?: { content?: unknown } }[] }
    const content = event.choices?.[0]?.delta?.content
    return typeof content === 'string' ? content : null
  } catch {
    // A provider's keep-alive or an unknown event shape is skipped, not fatal.
    return null
  }
}

/** The `data` of each server-sent event of a byte stream (multi-line data joined by newlines). */
export async function* sseData(body: ReadableStream<Uint8Array>): AsyncIterable<string> {
  const decoder = new TextDecoder()
  let buffer = ''
  let data: string[] = []
  const reader = body.getReader()
  try {
    while (true) {
      const { done, value } = await reader.read()
      buffer += done ? decoder.decode() : decoder.decode(value, { stream: true })
      let newline = buffer.search(/\r?\n|\r/)
      while (newline !== -1) {
        const line = buffer.slice(0, newline)
        buffer = buffer.slice(newline + (buffer.startsWith('\r\n', newline) ? 2 : 1))
        if (line === '') {
          if (data.length > 0) yield data.join('\n')
          data = []
        } else if (line.startsWith('data:')) {
          data.push(line.slice(5).replace(/^ /, ''))
        }
        newline = buffer.search(/\r?\n|\r/)
      }
      if (done) break
    }
    if (buffer.startsWith('data:')) data.push(buffer.slice(5).replace(/^ /, ''))
    if (data.length > 0) yield data.join('\n')
  } finally {
    reader.releaseLock()
  }
}
