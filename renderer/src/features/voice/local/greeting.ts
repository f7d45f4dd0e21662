import type { CallAudio } from './call-audio'
import type { SpeechPlayback } from './speech-queue'

/*
 * The clone's first message (issue #26 part 2: the creator's in the call's language, else the greeting),
 * spoken when a local call opens, in its voice through the call's own player (the avatar's mouth and the
 * recording follow it). On the video call it also answers spec 2 §4 'the mic is muted at first and enabled
 * when the clone first speaks'. The visitor speaking cuts it short (barge-in).
 */

export interface GreetingDeps {
  text: string
  player: CallAudio
  /** One sentence in the clone's voice (the call's speech route). */
  fetchSpeech(text: string, signal: AbortSignal): Promise<Blob>
  /** The greeting started playing: show it (and, on the video call, store it with the transcript). */
  onStarted(): Promise<unknown> | undefined
  /** It finished or was cut short, once it had started. */
  onEnded?(): void
  log(message: string, error?: unknown): void
}

export interface Greeting {
  cancel(): void
}

export type StartGreeting = (deps: GreetingDeps) => Greeting

export function startGreeting(deps: GreetingDeps): Greeting {
  const controller = new AbortController()
  let playback: SpeechPlayback | null = null
  let ended = false
  const end = () => {
    if (ended || !playback) return
    ended = true
    deps.onEnded?.()
  }
  void (async () => {
    const blob = await deps.fetchSpeech(deps.text, controller.signal)
    const buffer = await deps.player.decode(await blob.arrayBuffer())
    if (controller.signal.aborted) return
    const current = deps.player.play(buffer)
    playback = current
    void current.ended.then(end)
    await deps.onStarted()
  })().catch((error: unknown) => {
    if (!controller.signal.aborted) deps.log('The greeting failed', error)
  })
  return {
    cancel() {
      controller.abort()
      playback?.stop()
      end()
    },
  }
}
