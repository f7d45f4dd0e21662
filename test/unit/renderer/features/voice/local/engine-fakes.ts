import { vi } from 'vitest'
import type { StartVoiceCallResponse, TranscriptionResult } from '../../../../../../contract/calls'
import type { CallEngineEvent } from '../../../../../../renderer/src/features/voice/call-engine'
import type { CallAudio } from '../../../../../../renderer/src/features/voice/local/call-audio'
import type { LocalEngineDeps } from '../../../../../../renderer/src/features/voice/local/local-engine'

/** Fakes for the local engine's I/O: a mic level the test sets, a manual poll clock, streams it writes. */

export const CALL: StartVoiceCallResponse = {
  callId: '11111111-1111-4111-8111-111111111111',
  conversationId: '22222222-2222-4222-8222-222222222222',
  startedAt: '2025-01-01T00:00:00.000Z',
  language: 'en',
  remainingSeconds: 600,
  provider: { kind: 'local' },
}

export const RATE = 16_000

/**
 * Lets the engine finish what it started before a test asserts that something did NOT happen. The fakes answer
 * within the same task (resolved promises), so one macrotask turn runs every follow-up there is: no clock
 * time is involved, and a loaded machine changes nothing.
 */
export const settle = () => new Promise<void>((resolve) => setTimeout(resolve, 0))

export const heard = (text: string): TranscriptionResult => ({
  text,
  no_speech_prob: 0.01,
  avg_logprob: -0.2,
  compression_ratio: 1.2,
})

/** An answer stream the test writes events into. */
export function eventStream() {
  let controller!: ReadableStreamDefaultController<Uint8Array<ArrayBuffer>>
  const body = new ReadableStream<Uint8Array<ArrayBuffer>>({
    start(c) {
      controller = c
    },
  })
  const encoder = new TextEncoder()
  return {
    body,
    send: (event: unknown) => controller.enqueue(encoder.encode(`data: ${JSON.stringify(event)}\n\n`)),
    token: (text: string) =>
      controller.enqueue(encoder.encode(`data: ${JSON.stringify({ current_token: text })}\n\n`)),
    end: () => controller.close(),
  }
}

export const finalMessage = (text: string) => ({
  message: {
    id: '33333333-3333-4333-8333-333333333333',
    text,
    sender: 'CLONE',
    type: 'text',
    createdAt: '2025-01-01T00:00:01.000Z',
    conversationId: CALL.conversationId,
    fromStudio: false,
    sessionStart: false,
    saved: false,
    hasSources: false,
    citations: [],
    imageUrl: null,
    files: [],
    messageAffiliates: [],
  },
})

export interface FakePlayback {
  text: string
  stopped: boolean
  /** Played to its end. */
  done: boolean
  finish(): void
}

export function fakeWorld() {
  const events: CallEngineEvent[] = []
  const marks: string[] = []
  const playbacks: FakePlayback[] = []
  const speechSignals: AbortSignal[] = []
  const turnSignals: AbortSignal[] = []
  const track = { stop: vi.fn() }
  let level = 0
  let now = 0
  let tick: (() => void) | null = null
  const cancelPoll = vi.fn()
  const audio: CallAudio = {
    sampleRate: RATE,
    onPcm: null,
    level: () => level,
    // The "audio" of a sentence is its text, so plays can be told apart.
    decode: async (data) => new TextDecoder().decode(data) as unknown as AudioBuffer,
    play: (buffer) => {
      let resolveEnded!: () => void
      const ended = new Promise<void>((resolve) => {
        resolveEnded = resolve
      })
      const finish = () => {
        playback.done = true
        resolveEnded()
      }
      const playback: FakePlayback = {
        text: buffer as unknown as string,
        stopped: false,
        done: false,
        finish,
      }
      playbacks.push(playback)
      return {
        ended,
        stop: () => {
          playback.stopped = true
          finish()
        },
      }
    },
    speechLevel: () => (playbacks.some((p) => !p.stopped && !p.done) ? 0.1 : 0),
    speechStream: () => ({ getTracks: () => [] }) as unknown as MediaStream,
    close: vi.fn(async () => {}),
  }
  const deps: LocalEngineDeps = {
    openMicrophone: vi.fn(async () => ({ getTracks: () => [track] }) as unknown as MediaStream),
    openAudio: vi.fn(async () => audio),
    recognition: { supported: false, start: vi.fn() },
    transcribe: vi.fn(async () => heard('How do I sleep better?')),
    openTurn: vi.fn(),
    fetchSpeech: vi.fn(async (_callId: string, text: string, signal: AbortSignal) => {
      speechSignals.push(signal)
      return new Blob([text])
    }),
    every: (_ms, run) => {
      tick = run
      return cancelPoll
    },
    now: () => now,
    mark: (name) => marks.push(name),
    newId: () => '44444444-4444-4444-8444-444444444444',
    log: () => {},
  }
  /** Polls the level `count` times, 100 ms apart, feeding 100 ms of PCM each time. */
  const poll = (value: number, count = 1) => {
    for (let i = 0; i < count; i++) {
      level = value
      audio.onPcm?.(new Float32Array(RATE / 10).fill(value))
      now += 100
      tick?.()
    }
  }
  /** One utterance: 0.5 s of speech, then the 1 s of silence that ends it. */
  const speak = () => {
    poll(0.1, 5)
    poll(0, 10)
  }
  const openTurnWith = (streams: { body: ReadableStream<Uint8Array<ArrayBuffer>> }[]) => {
    vi.mocked(deps.openTurn).mockImplementation(async (_id, _turn, signal) => {
      turnSignals.push(signal)
      const next = streams.shift()
      if (!next) throw new Error('no more turns')
      return next.body
    })
  }
  const types = () => events.map((e) => e.type).filter((t) => t !== 'volume')
  return {
    events,
    types,
    marks,
    playbacks,
    speechSignals,
    turnSignals,
    track,
    audio,
    deps,
    cancelPoll,
    poll,
    speak,
    openTurnWith,
    onEvent: (event: CallEngineEvent) => events.push(event),
  }
}
