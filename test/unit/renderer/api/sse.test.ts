import { describe, expect, it, vi } from 'vitest'
import { z } from 'zod/mini'
import { StreamEvent } from '../../../../contract/chat'
import { isStreamError, readEventStream, type StreamError } from '../../../../renderer/src/api/sse'
import { eventually } from '../../../support/eventually'
import { dataLine, manualStream, message, streamOf } from '../support/chat'

const Token = z.object({ t: z.string() })

async function collect(chunks: (string | Uint8Array)[], schema: z.ZodMiniType<unknown> = Token) {
  const events: unknown[] = []
  const onActivity = vi.fn()
  await readEventStream(streamOf(chunks), { schema, onEvent: (e) => void events.push(e), onActivity })
  return { events, activity: onActivity.mock.calls.length }
}

describe('readEventStream: the event stream format', () => {
  it('reads LF, CRLF and CR line ends', async () => {
    const { events } = await collect([
      'data: {"t":"a"}\n\ndata: {"t":"b"}\r\n\r\ndata: {"t":"c"}\r\rdata: {"t":"d"}',
    ])
    expect(events).toEqual([{ t: 'a' }, { t: 'b' }, { t: 'c' }, { t: 'd' }])
  })

  it('joins a line split across chunks', async () => {
    const { events } = await collect(['data: {"t":', '"x"}', '\n', '\n'])
    expect(events).toEqual([{ t: 'x' }])
  })

  it('reads a CRLF split between two chunks as one line ending', async () => {
    const { events } = await collect(['data: {"t":"one"}\r', '\n\r\ndata: {"t":"two"}\r\n\r\n'])
    expect(events).toEqual([{ t: 'one' }, { t: 'two' }])
  })

  it('reads data with or without the space after the colon', async () => {
    const { events } = await collect(['data: {"t":"a"}\n\ndata:{"t":"b"}\n\n'])
    expect(events).toEqual([{ t: 'a' }, { t: 'b' }])
  })

  it('reads each data line of an event as an event of its own', async () => {
    const { events } = await collect(['data: {"t":"a"}\ndata: {"t":"b"}\n\n'])
    expect(events).toEqual([{ t: 'a' }, { t: 'b' }])
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
    // An event is whole at its blank line (the server writes both at once).
    manual.push('data: {"t":"a"}\n\n')
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
