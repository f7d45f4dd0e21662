import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { StreamEvent } from '../../../../contract'
import { ChatEventStream, SSE_HEARTBEAT, sseEvent } from '../../../../server/chat/sse'

describe('sseEvent', () => {
  it('writes one data line and a blank line, whatever the token holds', () => {
    const line = sseEvent({ current_token: ' two\nlines "quoted" \u2028 [1]' })
    expect(line.startsWith('data: ')).toBe(true)
    expect(line.endsWith('\n\n')).toBe(true)
    expect(line.slice(0, -2)).not.toContain('\n')
    expect(StreamEvent.parse(JSON.parse(line.slice(6)))).toEqual({
      current_token: ' two\nlines "quoted" \u2028 [1]',
    })
    expect(sseEvent({ error: { code: 'internal', message: 'x' } })).toBe(
      'data: {"error":{"code":"internal","message":"x"}}\n\n',
    )
  })
})

describe('ChatEventStream', () => {
  beforeEach(() => vi.useFakeTimers())
  afterEach(() => vi.useRealTimers())

  const read = (stream: ChatEventStream) => {
    let text = ''
    stream.body.on('data', (chunk: Buffer) => {
      text += chunk.toString('utf8')
    })
    return () => text
  }

  it('sends a heartbeat comment every period until it ends, then drops writes', async () => {
    const stream = new ChatEventStream(15_000)
    const text = read(stream)
    stream.send({ current_token: 'Hi' })
    vi.advanceTimersByTime(30_000)
    stream.end()
    stream.send({ current_token: 'late' })
    vi.advanceTimersByTime(30_000)
    await vi.runAllTimersAsync()
    expect(text()).toBe(`data: {"current_token":"Hi"}\n\n${SSE_HEARTBEAT}${SSE_HEARTBEAT}`)
    expect(stream.ended).toBe(true)
  })

  it('stops its heartbeat when the client goes away', () => {
    const stream = new ChatEventStream(10)
    stream.body.destroy()
    stream.body.emit('close')
    expect(stream.ended).toBe(true)
    expect(() => stream.send({ current_token: 'x' })).not.toThrow()
  })
})
