import type { z } from 'zod/mini'

/*
 * The chat stream's reader (spec 1 §7 'Chat stream'): 'streamed text of lines starting "data: ", each holding
 * a JSON event'. fetch + ReadableStream + TextDecoder rather than EventSource, which cannot POST a body.
 * Each data line is one event (the protocol never splits an event over several data lines); lines starting
 * with ':' are comments (the server's heartbeats); other SSE fields (event:, id:, retry:) are ignored.
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

/**
 * Splits decoded text into lines ending in LF, CRLF or CR (the SSE line terminators), whatever the chunk
 * boundaries: a line, or a CRLF pair, split across two chunks comes out once.
 */
export class SseLineSplitter {
  private partial = ''
  private afterCarriageReturn = false

  push(chunk: string): string[] {
    const lines: string[] = []
    let start = 0
    let i = 0
    if (this.afterCarriageReturn && chunk.startsWith('\n')) {
      // The LF of a CRLF whose CR ended the previous chunk.
      start = 1
      i = 1
    }
    this.afterCarriageReturn = false
    for (; i < chunk.length; i += 1) {
      const ch = chunk.charCodeAt(i)
      if (ch !== 10 && ch !== 13) continue
      lines.push(this.partial + chunk.slice(start, i))
      this.partial = ''
      if (ch === 13) {
        if (i + 1 < chunk.length) {
          if (chunk.charCodeAt(i + 1) === 10) i += 1
        } else {
          this.afterCarriageReturn = true
        }
      }
      start = i + 1
    }
    this.partial += chunk.slice(start)
    return lines
  }

  /** The last line when the stream ends without a line terminator. */
  end(): string[] {
    const rest = this.partial
    this.partial = ''
    this.afterCarriageReturn = false
    return rest ? [rest] : []
  }
}

export type SseLine =
  | { kind: 'data'; data: string }
  | { kind: 'comment'; text: string }
  | { kind: 'field'; name: string; value: string }
  | { kind: 'blank' }

/** One line of an event stream; 'data:' with or without the single space after the colon. */
export function parseSseLine(line: string): SseLine {
  if (line === '') return { kind: 'blank' }
  if (line.startsWith(':')) return { kind: 'comment', text: line.slice(1).trimStart() }
  const colon = line.indexOf(':')
  const name = colon < 0 ? line : line.slice(0, colon)
  let value = colon < 0 ? '' : line.slice(colon + 1)
  if (value.startsWith(' ')) value = value.slice(1)
  return name === 'data' ? { kind: 'data', data: value } : { kind: 'field', name, value }
}

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
  const splitter = new SseLineSplitter()
  const onAbort = () => {
    void reader.cancel(signal?.reason).catch(() => {})
  }
  signal?.addEventListener('abort', onAbort, { once: true })

  /** Handles complete lines; true when onEvent asked to stop. */
  const handle = (lines: string[]): boolean => {
    for (const line of lines) {
      const parsed = parseSseLine(line)
      if (parsed.kind !== 'data') continue
      if (onEvent(parseStreamEvent(parsed.data, schema)) === 'stop') return true
    }
    return false
  }

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
        handle(splitter.push(decoder.decode()))
        handle(splitter.end())
        return { stopped: false }
      }
      onActivity?.()
      if (handle(splitter.push(decoder.decode(result.value, { stream: true })))) {
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
