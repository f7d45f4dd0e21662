import { describe, expect, it } from 'vitest'
import { sseData } from '../../../../server/brain/openai-client'
import { pause, streamTokens, tokenPause } from '../../../../server/brain/stream-tokens'

describe('streamTokens', () => {
  it('splits into words that keep their leading whitespace, markers on their own', () => {
    expect(streamTokens('Keep it cool [1]. Naps help [2][3].\n\nTry it.')).toEqual([
      'Keep',
      ' it',
      ' cool',
      ' [1]',
      '.',
      ' Naps',
      ' help',
      ' [2]',
      '[3]',
      '.',
      '\n\nTry',
      ' it.',
    ])
  })

  it('gives back the text exactly when joined', () => {
    for (const text of [
      '',
      '  leading',
      'trailing  ',
      'a [b] [12] [100] [ x',
      'Ünïcode — “quotes” 16 °C [1].',
    ]) {
      expect(streamTokens(text).join('')).toBe(text)
    }
  })
})

describe('pacing', () => {
  it('pauses about the configured delay, give or take a third', () => {
    expect(tokenPause(0)).toBe(0)
    expect(tokenPause(18, () => 0)).toBe(12)
    expect(tokenPause(18, () => 0.5)).toBe(18)
    expect(tokenPause(18, () => 0.999)).toBe(24)
  })

  it('stops waiting as soon as the signal aborts', async () => {
    const controller = new AbortController()
    const started = Date.now()
    const waiting = pause(5_000, controller.signal)
    controller.abort(new Error('gone'))
    await expect(waiting).rejects.toThrow('gone')
    expect(Date.now() - started).toBeLessThan(1_000)
    await expect(pause(10, controller.signal)).rejects.toThrow('gone')
  })
})

describe('sseData (reading a provider stream)', () => {
  const streamOf = (...chunks: string[]) =>
    new ReadableStream<Uint8Array>({
      start(controller) {
        for (const c of chunks) controller.enqueue(new TextEncoder().encode(c))
        controller.close()
      },
    })

  it('reassembles events split across chunks and line endings', async () => {
    const events: string[] = []
    for await (const data of sseData(
      streamOf(
        'data: {"a":',
        '1}\r\n\r\n: keep-alive\n\n',
        'data: line one\ndata: line two\n\nevent: x\ndata: [DONE]',
      ),
    )) {
      events.push(data)
    }
    expect(events).toEqual(['{"a":1}', 'line one\nline two', '[DONE]'])
  })
})
