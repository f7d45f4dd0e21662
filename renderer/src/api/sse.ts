import { createParser } from 'eventsource-parser'
import type { z } from 'zod/mini'

/*
 * The chat stream's reader (spec 1 §7 'Chat stream'): 'streamed text of lines starting "data: ", each holding
 * a JSON event'. fetch + ReadableStream rather than EventSource, which cannot POST a body; the event stream
 * format itself (LF, CRLF or CR line ends split anywhere, comments such as the server's heartbeats, other
 * fields) is parsed by eventsource-parser. The server sends each event as one data line: an event of several
 * data lines is read as one event per line, and a last event without its blank line still counts.
 */

export type StreamErrorReason =
  /** A data line that is not JSON. */
  | 'malformed'
  /** JSON that is not a known event. */
  | 'invalid_event'
  /** The connection broke while reading. */
  | 'network'
  /** The answer had no body to read. */
  | 'no_body'

export class StreamError extends Error {
  readonly reason: StreamErrorReason

  constructor(reason: StreamErrorReason, message: string, options?: { cause?: unknown }) {
    super(message, options)
    this.name = 'StreamError'
    this.reason = reason
  }
}

export const isStreamError = (error: unknown): error is StreamError => error instanceof StreamError

/** Parses one data payload against the event schema; malformed or unknown data is a StreamError. */
export function parseStreamEvent<T>(data: string, schema: z.ZodMiniType<T>): T {
  let json: unknown
  try {
    json = JSON.parse(data)
  } catch (cause) {
    throw new StreamError('malformed', 'The stream sent data that is not JSON.', { cause })
  }
  const parsed = schema.safeParse(json)
  if (!parsed.success) {
    throw new StreamError('invalid_event', 'The stream sent an unknown event.', { cause: parsed.error })
  }
  return parsed.data
}

export interface ReadEventStreamOptions<T> {
  /** Each event is checked against this schema (the contract's StreamEvent). */
  schema: z.ZodMiniType<T>
  /** Called per event in order; return 'stop' to stop reading (the rest of the stream is cancelled). */
  onEvent: (event: T) => unknown
  /** Called for every chunk that arrives, heartbeats included: the inactivity watchdog's signal. */
  onActivity?: () => void
  signal?: AbortSignal
}

const abortReason = (signal: AbortSignal): unknown =>
  signal.reason ?? new DOMException('The stream was aborted.', 'AbortError')

/** Ends a last line and dispatches a last event that came without its blank line. */
const END_OF_STREAM = '\n\n'

/**
 * Reads an event stream to its end (or until onEvent says 'stop'). Rejects with a StreamError for malformed
 * data or a broken connection, with the signal's reason when aborted, and with whatever onEvent throws.
 * Resolves to whether reading stopped early.
 */
export async function readEventStream<T>(
  body: ReadableStream<Uint8Array> | null,
  { schema, onEvent, onActivity, signal }: ReadEventStreamOptions<T>,
): Promise<{ stopped: boolean }> {
  if (!body) throw new StreamError('no_body', 'The stream answer has no body.')
  if (signal?.aborted) throw abortReason(signal)
  const reader = body.getReader()
  const decoder = new TextDecoder()
  let stopped = false
  // Events reach onEvent synchronously inside feed(); what it throws comes out of feed().
  const parser = createParser({
    onEvent: ({ data }) => {
      for (const line of data.split('\n')) {
        if (stopped) return
        if (onEvent(parseStreamEvent(line, schema)) === 'stop') stopped = true
      }
    },
  })
  const onAbort = () => {
    void reader.cancel(signal?.reason).catch(() => {})
  }
  signal?.addEventListener('abort', onAbort, { once: true })

  try {
    for (;;) {
      let result: ReadableStreamReadResult<Uint8Array>
      try {
        result = await reader.read()
      } catch (cause) {
        if (signal?.aborted) throw abortReason(signal)
        throw new StreamError('network', 'The connection broke while reading the answer.', { cause })
      }
      if (signal?.aborted) throw abortReason(signal)
      if (result.done) {
        parser.feed(decoder.decode() + END_OF_STREAM)
        return { stopped }
      }
      onActivity?.()
      parser.feed(decoder.decode(result.value, { stream: true }))
      if (stopped) {
        void reader.cancel().catch(() => {})
        return { stopped: true }
      }
    }
  } catch (error) {
    if (!signal?.aborted) void reader.cancel().catch(() => {})
    throw error
  } finally {
    signal?.removeEventListener('abort', onAbort)
    try {
      reader.releaseLock()
    } catch {
      // A pending read after cancel may still hold the lock; the stream is finished either way.
    }
  }
}
