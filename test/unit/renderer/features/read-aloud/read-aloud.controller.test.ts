import { describe, expect, it } from 'vitest'
import {
  type AudioLike,
  createReadAloudController,
  type ReadAloudDeps,
} from '../../../../../renderer/src/features/read-aloud/read-aloud.controller'
import type { ReadAloudState } from '../../../../../renderer/src/features/read-aloud/read-aloud.machine'

class FakeAudio implements AudioLike {
  onended: ((event: Event) => void) | null = null
  onerror: ((event: Event | string) => void) | null = null
  paused = true
  playResult: Promise<void> = Promise.resolve()
  constructor(readonly url: string) {}
  play() {
    this.paused = false
    return this.playResult
  }
  pause() {
    this.paused = true
  }
  end() {
    this.onended?.(new Event('ended'))
  }
}

function setup(options: { playError?: unknown } = {}) {
  const states: ReadAloudState[] = []
  const audios: FakeAudio[] = []
  const revoked: string[] = []
  const requests: {
    text: string
    signal: AbortSignal
    resolve: (blob: Blob) => void
    reject: (e: unknown) => void
  }[] = []
  let urls = 0
  const deps: ReadAloudDeps = {
    fetchSpeech: (_slug, text, signal) =>
      new Promise<Blob>((resolve, reject) => {
        requests.push({ text, signal, resolve, reject })
        signal.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError')))
      }),
    createObjectURL: () => `blob:${++urls}`,
    revokeObjectURL: (url) => revoked.push(url),
    createAudio: (url) => {
      const audio = new FakeAudio(url)
      if (options.playError) audio.playResult = Promise.reject(options.playError)
      audios.push(audio)
      return audio
    },
    onChange: (state) => states.push(state),
  }
  const player = createReadAloudController(deps)
  const answer = (i = requests.length - 1) => requests[i]!.resolve(new Blob(['wav'], { type: 'audio/wav' }))
  return { player, states, audios, revoked, requests, answer }
}

const a = { messageId: 'a', slug: 'lena-hart', text: 'First answer.' }
const b = { messageId: 'b', slug: 'lena-hart', text: 'Second answer.' }

describe('the read-aloud player', () => {
  it('loads, plays and returns to idle when the audio ends, revoking its object URL', async () => {
    const { player, states, audios, revoked, answer } = setup()
    const started = player.toggle(a)
    expect(player.state).toEqual({ status: 'loading', messageId: 'a' })
    answer()
    await expect(started).resolves.toEqual({ kind: 'playing' })
    expect(player.state).toEqual({ status: 'playing', messageId: 'a' })
    expect(audios[0]!.paused).toBe(false)
    audios[0]!.end()
    expect(player.state).toEqual({ status: 'idle', messageId: null })
    expect(revoked).toEqual(['blob:1'])
    expect(states.map((s) => s.status)).toEqual(['loading', 'playing', 'idle'])
  })

  it('stops the message it is playing when toggled again', async () => {
    const { player, audios, revoked, answer } = setup()
    const started = player.toggle(a)
    answer()
    await started
    await expect(player.toggle(a)).resolves.toEqual({ kind: 'stopped' })
    expect(audios[0]!.paused).toBe(true)
    expect(revoked).toEqual(['blob:1'])
    expect(player.state.status).toBe('idle')
  })

  it('plays one message at a time: starting another stops the first', async () => {
    const { player, audios, revoked, answer } = setup()
    const first = player.toggle(a)
    answer(0)
    await first
    const second = player.toggle(b)
    expect(audios[0]!.paused).toBe(true)
    expect(revoked).toEqual(['blob:1'])
    expect(player.state).toEqual({ status: 'loading', messageId: 'b' })
    answer(1)
    await expect(second).resolves.toEqual({ kind: 'playing' })
    expect(player.state).toEqual({ status: 'playing', messageId: 'b' })
    // The first audio's late events change nothing.
    audios[0]!.end()
    expect(player.state).toEqual({ status: 'playing', messageId: 'b' })
  })

  it('aborts a request still loading when another message starts', async () => {
    const { player, requests, answer, audios } = setup()
    const first = player.toggle(a)
    const second = player.toggle(b)
    expect(requests[0]!.signal.aborted).toBe(true)
    await expect(first).resolves.toEqual({ kind: 'superseded' })
    answer(1)
    await expect(second).resolves.toEqual({ kind: 'playing' })
    expect(audios).toHaveLength(1)
    expect(player.state.messageId).toBe('b')
  })

  it('reports the browser refusing to play (NotAllowedError) and ends in error', async () => {
    const { player, revoked, answer } = setup({ playError: new DOMException('no', 'NotAllowedError') })
    const started = player.toggle(a)
    answer()
    await expect(started).resolves.toEqual({ kind: 'blocked' })
    expect(player.state).toEqual({ status: 'error', messageId: 'a' })
    expect(revoked).toEqual(['blob:1'])
  })

  it('reports a failed request and can retry from the error', async () => {
    const { player, requests, answer } = setup()
    const failure = new Error('503')
    const started = player.toggle(a)
    requests[0]!.reject(failure)
    await expect(started).resolves.toEqual({ kind: 'failed', error: failure })
    expect(player.state).toEqual({ status: 'error', messageId: 'a' })
    const retry = player.toggle(a)
    expect(player.state.status).toBe('loading')
    answer()
    await expect(retry).resolves.toEqual({ kind: 'playing' })
  })

  it('stop() (leaving the conversation) silences everything', async () => {
    const { player, audios, answer } = setup()
    const started = player.toggle(a)
    answer()
    await started
    player.stop()
    expect(audios[0]!.paused).toBe(true)
    expect(player.state).toEqual({ status: 'idle', messageId: null })
  })
})
