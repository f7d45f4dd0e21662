import type { CallAudio, SpeechPlayback } from '../../voice'

/*
 * spec 2 §4 'The mic is muted at first and enabled when the clone first speaks': on the local avatar nothing
 * else would speak first, so the clone opens with a greeting, in its voice through the call's own player
 * (the avatar moves with it and the recording hears it). The visitor speaking cuts it short.
 */

export interface GreetingDeps {
  text: string
  player: CallAudio
  /** One sentence in the clone's voice (the call's speech route). */
  fetchSpeech(text: string, signal: AbortSignal): Promise<Blob>
  /** The greeting started playing: show it and store it with the transcript. */
  onStarted(): Promise<unknown>
  log(message: string, error?: unknown): void
}

export function startGreeting(deps: GreetingDeps): { cancel(): void } {
  const controller = new AbortController()
  let playback: SpeechPlayback | null = null
  void (async () => {
    const blob = await deps.fetchSpeech(deps.text, controller.signal)
    const buffer = await deps.player.decode(await blob.arrayBuffer())
    if (controller.signal.aborted) return
    playback = deps.player.play(buffer)
    await deps.onStarted()
  })().catch((error: unknown) => {
    if (!controller.signal.aborted) deps.log('The greeting failed', error)
  })
  return {
    cancel() {
      controller.abort()
      playback?.stop()
    },
  }
}
