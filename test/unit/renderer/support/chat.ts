import type { ChatMessage, Citation } from '../../../../contract/chat'

export const CONVERSATION_ID = '11111111-1111-4111-8111-111111111111'

let counter = 0
/** A fresh v4-shaped uuid per call, deterministic across runs. */
export const nextUuid = () => {
  counter += 1
  return `00000000-0000-4000-8000-${String(counter).padStart(12, '0')}`
}

export const citation = (overrides: Partial<Citation> = {}): Citation => ({
  id: `cit-${overrides.index ?? 1}`,
  index: 1,
  documentId: `doc-${overrides.index ?? 1}`,
  documentTitle: 'Caffeine Cutoff',
  type: 'Website',
  title: 'Caffeine Cutoff: When to Drink Your Last Coffee',
  url: 'https://lenahart.example.com/articles/caffeine-cutoff',
  tweetId: null,
  timestamp: null,
  text: 'Have your last caffeine at least 8 hours before bed.',
  visible: true,
  createdAt: '2025-01-01T10:00:00.000Z',
  ...overrides,
})

export const message = (overrides: Partial<ChatMessage> = {}): ChatMessage => ({
  id: nextUuid(),
  text: 'Hello',
  sender: 'CLONE',
  type: 'text',
  createdAt: '2025-01-01T10:00:00.000Z',
  conversationId: CONVERSATION_ID,
  fromStudio: false,
  sessionStart: false,
  saved: false,
  hasSources: false,
  citations: [],
  imageUrl: null,
  files: [],
  messageAffiliates: [],
  ...overrides,
})

const encoder = new TextEncoder()

/** A ReadableStream of the given text chunks (each enqueued as one chunk). */
export function streamOf(chunks: (string | Uint8Array)[]): ReadableStream<Uint8Array> {
  return new ReadableStream({
    start(controller) {
      for (const chunk of chunks)
        controller.enqueue(typeof chunk === 'string' ? encoder.encode(chunk) : chunk)
      controller.close()
    },
  })
}

/** A stream the test feeds by hand: push chunks, then end or fail it. */
export function manualStream() {
  let controller!: ReadableStreamDefaultController<Uint8Array>
  const stream = new ReadableStream<Uint8Array>({
    start(c) {
      controller = c
    },
  })
  return {
    stream,
    push: (text: string) => controller.enqueue(encoder.encode(text)),
    end: () => controller.close(),
    fail: (error: unknown) => controller.error(error),
  }
}

export const dataLine = (event: unknown) => `data: ${JSON.stringify(event)}\n\n`
