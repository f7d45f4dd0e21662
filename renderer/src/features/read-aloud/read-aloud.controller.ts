import {
  initialReadAloudState,
  type ReadAloudEvent,
  type ReadAloudState,
  ReadAloudStatus,
  readAloudReducer,
} from './read-aloud.machine'

/** The part of HTMLAudioElement the player uses. */
export interface AudioLike {
  play(): Promise<void>
  pause(): void
  onended: ((event: Event) => void) | null
  onerror: ((event: Event | string) => void) | null
}

export interface ReadAloudDeps {
  /** POST /api/tts { slug, text } as audio. */
  fetchSpeech(slug: string, text: string, signal: AbortSignal): Promise<Blob>
  createObjectURL(blob: Blob): string
  revokeObjectURL(url: string): void
  createAudio(url: string): AudioLike
  /** Receives every new state (the store mirrors it). */
  onChange(state: ReadAloudState): void
}

export interface ReadAloudRequest {
  messageId: string
  slug: string
  text: string
}

/** How a toggle ended, for the button's toast: toasts stay in components. */
export type ReadAloudOutcome =
  | { kind: 'playing' }
  | { kind: 'stopped' }
  /** Another message, or a stop, took over before this one played. */
  | { kind: 'superseded' }
  /** spec 1 §8: the browser refused to play (autoplay policy, NotAllowedError). */
  | { kind: 'blocked' }
  | { kind: 'failed'; error: unknown }

const isNotAllowed = (error: unknown) =>
  typeof error === 'object' && error !== null && (error as { name?: unknown }).name === 'NotAllowedError'

/**
 * The one read-aloud player of the page: one active message at a time. Starting another message stops the
 * first (its request aborted, its audio paused, its object URL revoked).
 */
export function createReadAloudController(deps: ReadAloudDeps) {
  let state = initialReadAloudState
  let generation = 0
  let abort: AbortController | null = null
  let audio: AudioLike | null = null
  let url: string | null = null

  const dispatch = (event: ReadAloudEvent) => {
    const next = readAloudReducer(state, event)
    if (next !== state) {
      state = next
      deps.onChange(state)
    }
  }

  const release = () => {
    abort?.abort()
    abort = null
    if (audio) {
      audio.onended = null
      audio.onerror = null
      audio.pause()
      audio = null
    }
    if (url) {
      deps.revokeObjectURL(url)
      url = null
    }
  }

  const stop = () => {
    generation += 1
    release()
    dispatch({ type: 'STOP' })
  }

  async function start({ messageId, slug, text }: ReadAloudRequest): Promise<ReadAloudOutcome> {
    release()
    const mine = ++generation
    const current = () => mine === generation
    dispatch({ type: 'START', messageId })
    const controller = new AbortController()
    abort = controller
    let blob: Blob
    try {
      blob = await deps.fetchSpeech(slug, text, controller.signal)
    } catch (error) {
      if (!current()) return { kind: 'superseded' }
      abort = null
      dispatch({ type: 'FAIL', messageId })
      return { kind: 'failed', error }
    }
    if (!current()) return { kind: 'superseded' }
    abort = null
    url = deps.createObjectURL(blob)
    const player = deps.createAudio(url)
    audio = player
    player.onended = () => {
      if (!current()) return
      release()
      dispatch({ type: 'ENDED', messageId })
    }
    player.onerror = () => {
      if (!current()) return
      release()
      dispatch({ type: 'FAIL', messageId })
    }
    try {
      await player.play()
    } catch (error) {
      if (!current()) return { kind: 'superseded' }
      release()
      dispatch({ type: 'FAIL', messageId })
      return isNotAllowed(error) ? { kind: 'blocked' } : { kind: 'failed', error }
    }
    if (!current()) return { kind: 'superseded' }
    dispatch({ type: 'PLAYING', messageId })
    return { kind: 'playing' }
  }

  return {
    get state() {
      return state
    },
    /** Plays the message, or stops it when it is the one loading or playing. */
    toggle(request: ReadAloudRequest): Promise<ReadAloudOutcome> {
      const active =
        state.messageId === request.messageId &&
        (state.status === ReadAloudStatus.loading || state.status === ReadAloudStatus.playing)
      if (active) {
        stop()
        return Promise.resolve({ kind: 'stopped' })
      }
      return start(request)
    },
    start,
    stop,
  }
}

export type ReadAloudController = ReturnType<typeof createReadAloudController>
