import { describe, expect, it, vi } from 'vitest'
import { z } from 'zod/mini'
import { StreamEvent } from '../../../../contract/chat'
import {
  isStreamError,
  parseSseLine,
  readEventStream,
  SseLineSplitter,
  type StreamError,
} from '../../../../renderer/src/api/sse'
import { eventually } from '../../../support/eventually'
import { dataLine, manualStream, message, streamOf } from '../support/chat'

const Token = z.object({ t: z.string() })

async function collect(chunks: (string | Uint8Array)[], schema: z.ZodMiniType<unknown> = Token) {
  const events: unknown[] = []
  const onActivity = vi.fn()
  await readEventStream(streamOf(chunks), { schema, onEvent: (e) => void events.push(e), onActivity })
  return { events, activity: onActivity.mock.calls.length }
}

describe('SseLineSplitter', () => {
  it('splits LF, CRLF and CR lines', () => {
    const s = new SseLineSplitter()
    expect(s.push('a\nb\r\nc\rd')).toEqual(['a', 'b', 'c'])
    expect(s.end()).toEqual(['d'])
  })

  it('joins a line split across chunks', () => {
    const s = new SseLineSplitter()
    expect(s.push('data: {"t":')).toEqual([])
    expect(s.push('"x"}')).toEqual([])
    expect(s.push('\n')).toEqual(['data: {"t":"x"}'])
  })

  it('reads a CRLF split between two chunks as one line ending', () => {
    const s = new SseLineSplitter()
    expect(s.push('one\r')).toEqual(['one'])
    expect(s.push('\ntwo\r\n')).toEqual(['two'])
    expect(s.end()).toEqual([])
  })

  it('keeps an empty line after a lone CR', () => {
    const s = new SseLineSplitter()
    expect(s.push('a\r')).toEqual(['a'])
    expect(s.push('\r\n')).toEqual([''])
  })
})

describe('parseSseLine', () => {
  it('reads data with or without the space after the colon', () => {
    expect(parseSseLine('data: {"a":1}')).toEqual({ kind: 'data', data: '{"a":1}' })
    expect(parseSseLine('data:{"a":1}')).toEqual({ kind: 'data', data: '{"a":1}' })
    expect(parseSseLine('data:  x')).toEqual({ kind: 'data', data: ' x' })
  })

  it('tells comments, other fields and blank lines apart', () => {
    expect(parseSseLine(': ping')).toEqual({ kind: 'comment', text: 'ping' })
    expect(parseSseLine('event: token')).toEqual({ kind: 'field', name: 'event', value: 'token' })
    expect(parseSseLine('retry')).toEqual({ kind: 'field', name: 'retry', value: '' })
    expect(parseSseLine('')).toEqual({ kind: 'blank' })
  })
})

describe('readEventStream', () => {
  it('reads several events in one chunk', async () => {
    const { events } = await collect(['data: {"t":"a"}\n\ndata: {"t":"b"}\n\ndata: {"t":"c"}\n\n'])
    expect(events).toEqual([{ t: 'a' }, { t: 'b' }, { t: 'c' }])
  })

  it('reads events split anywhere across chunks, one byte at a time', async () => {
    const text = 'data: {"t":"hello"}\r\n\r\n: ping\r\ndata: {"t":"world"}\r\n\r\n'
    const { events, activity } = await collect(text.split(''))
    expect(events).toEqual([{ t: 'hello' }, { t: 'world' }])
    expect(activity).toBe(text.length)
  })

  it('decodes a multi-byte character split across chunks', async () => {
    const bytes = new TextEncoder().encode('data: {"t":"café ☕"}\n')
    const { events } = await collect([bytes.slice(0, 17), bytes.slice(17, 19), bytes.slice(19)])
    expect(events).toEqual([{ t: 'café ☕' }])
  })

  it('ignores comments (heartbeats) and other fields, but counts them as activity', async () => {
    const { events, activity } = await collect([': heartbeat\n\n', 'event: x\nid: 1\n', 'data: {"t":"a"}\n'])
    expect(events).toEqual([{ t: 'a' }])
    expect(activity).toBe(3)
  })

  it('reads a last line without a line ending', async () => {
    const { events } = await collect(['data: {"t":"a"}\n', 'data: {"t":"b"}'])
    expect(events).toEqual([{ t: 'a' }, { t: 'b' }])
  })

  it('fails on malformed JSON with a StreamError', async () => {
    const error = await collect(['data: {"t":"a"}\n', 'data: {oops\n']).catch((e: unknown) => e)
    expect(isStreamError(error)).toBe(true)
    expect((error as StreamError).reason).toBe('malformed')
  })

  it('fails on JSON that is not a known event', async () => {
    const error = await collect([dataLine({ something: 'else' })], StreamEvent).catch((e: unknown) => e)
    expect((error as StreamError).reason).toBe('invalid_event')
  })

  it('validates the chat contract events', async () => {
    const final = message({ text: 'Done [1]' })
    const { events } = await collect(
      [
        dataLine({ current_token: 'Do' }),
        dataLine({ current_token: 'ne' }),
        dataLine({ message: final }),
        dataLine({ error: { code: 'internal', message: 'x' } }),
      ],
      StreamEvent,
    )
    expect(events).toEqual([
      { current_token: 'Do' },
      { current_token: 'ne' },
      { message: final },
      { error: { code: 'internal', message: 'x' } },
    ])
  })

  it('stops reading when onEvent asks', async () => {
    const events: unknown[] = []
    const result = await readEventStream(streamOf(['data: {"t":"a"}\ndata: {"t":"b"}\n']), {
      schema: Token,
      onEvent: (e) => {
        events.push(e)
        return 'stop'
      },
    })
    expect(result).toEqual({ stopped: true })
    expect(events).toEqual([{ t: 'a' }])
  })

  it('fails with no body', async () => {
    const error = await readEventStream(null, { schema: Token, onEvent: () => {} }).catch((e: unknown) => e)
    expect((error as StreamError).reason).toBe('no_body')
  })

  it('turns a broken connection into a network StreamError', async () => {
    const manual = manualStream()
    const reading = readEventStream(manual.stream, { schema: Token, onEvent: () => {} })
    manual.push('data: {"t":"a"}\n')
    manual.fail(new TypeError('network error'))
    const error = await reading.catch((e: unknown) => e)
    expect((error as StreamError).reason).toBe('network')
  })

  it('rejects with the abort reason when the signal aborts mid-stream', async () => {
    const manual = manualStream()
    const controller = new AbortController()
    const events: unknown[] = []
    const reading = readEventStream(manual.stream, {
      schema: Token,
      signal: controller.signal,
      onEvent: (e) => void events.push(e),
    })
    manual.push('data: {"t":"a"}\n')
    await eventually(() => expect(events).toHaveLength(1))
    const reason = new DOMException('stop', 'AbortError')
    controller.abort(reason)
    await expect(reading).rejects.toBe(reason)
  })

  it('rejects at once when the signal is already aborted', async () => {
    const controller = new AbortController()
    controller.abort(new Error('gone'))
    await expect(
      readEventStream(streamOf(['data: {"t":"a"}\n']), {
        schema: Token,
        signal: controller.signal,
        onEvent: () => {},
      }),
    ).rejects.toThrow('gone')
  })

  it('passes on what onEvent throws', async () => {
    await expect(
      readEventStream(streamOf(['data: {"t":"a"}\n']), {
        schema: Token,
        onEvent: () => {
          throw new Error('server said no')
        },
      }),
    ).rejects.toThrow('server said no')
  })
})
