/*
 * The clone's answer played sentence by sentence, in order, while it is still being written: each sentence's
 * audio is fetched as soon as it is queued (up to LOOKAHEAD ahead of the one playing), so the next sentence
 * is ready when the current one ends. Audio I/O is injected; the ordering and cancelling are tested here.
 */

/** Sentences fetched ahead of the one playing (the first is fetched at once). */
export const LOOKAHEAD = 2

export interface SpeechPlayback {
  readonly ended: Promise<void>
  stop(): void
}

export interface SpeechQueueDeps<Audio> {
  /** Fetches and decodes one sentence; rejects when its signal aborts. */
  load(text: string, signal: AbortSignal): Promise<Audio>
  play(audio: Audio): SpeechPlayback
  /** The first sentence starts playing. */
  onFirstAudio(): void
  /** Everything queued before finish() has played (or failed); `spoke` says whether anything played. */
  onDrained(spoke: boolean): void
  /** One sentence could not be fetched or played: it is skipped. */
  onSentenceFailed(error: unknown): void
}

export interface SpeechQueue {
  add(sentence: string): void
  /** No more sentences will come (the answer is complete). */
  finish(): void
  /** Stops playback at once and drops the rest (barge-in, hang-up); nothing is reported after it. */
  cancel(): void
}

export function createSpeechQueue<Audio>(deps: SpeechQueueDeps<Audio>): SpeechQueue {
  const items: { text: string; audio?: Promise<Audio | null> }[] = []
  const controller = new AbortController()
  let next = 0
  let finished = false
  let cancelled = false
  let started = false
  let current: SpeechPlayback | null = null
  let wake: (() => void) | null = null

  const load = (item: { text: string; audio?: Promise<Audio | null> }) => {
    item.audio ??= deps.load(item.text, controller.signal).catch((error: unknown) => {
      if (!cancelled) deps.onSentenceFailed(error)
      return null
    })
  }
  const prefetch = () => {
    for (let i = next; i < Math.min(items.length, next + LOOKAHEAD); i++) load(items[i] as (typeof items)[0])
  }

  async function run() {
    for (;;) {
      if (cancelled) return
      const item = items[next]
      if (!item) {
        if (finished) break
        await new Promise<void>((resolve) => {
          wake = resolve
        })
        wake = null
        continue
      }
      prefetch()
      const audio = await item.audio
      if (cancelled) return
      next++
      prefetch()
      if (audio === null || audio === undefined) continue
      try {
        current = deps.play(audio)
        if (!started) {
          started = true
          deps.onFirstAudio()
        }
        await current.ended
      } catch (error) {
        if (!cancelled) deps.onSentenceFailed(error)
      } finally {
        current = null
      }
    }
    if (!cancelled) deps.onDrained(started)
  }
  void run()

  return {
    add(sentence) {
      if (cancelled || finished) return
      items.push({ text: sentence })
      prefetch()
      wake?.()
    },
    finish() {
      finished = true
      wake?.()
    },
    cancel() {
      if (cancelled) return
      cancelled = true
      controller.abort()
      current?.stop()
      wake?.()
    },
  }
}
