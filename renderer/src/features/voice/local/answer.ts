import { StreamEvent } from '../../../../../contract/chat'
import { isApiError } from '../../../api/client'
import { isStreamError, readEventStream } from '../../../api/sse'
import { createSentenceSplitter } from './sentence-splitter'
import { createSpeechQueue, type SpeechPlayback } from './speech-queue'

/*
 * One answer of the clone on a local call: the turn's stream (the chat stream's events) is read token by
 * token, cut into sentences, and each sentence is voiced and played in order while the rest streams in.
 */

export interface AnswerDeps<Audio> {
  /** POST the turn; answers the event stream's body (ApiError on refusal, 402 when the quota is used up). */
  openTurn(signal: AbortSignal): Promise<ReadableStream<Uint8Array> | null>
  loadSpeech(sentence: string, signal: AbortSignal): Promise<Audio>
  play(audio: Audio): SpeechPlayback
}

export type AnswerFailure = 'quota-exhausted' | 'network'

export interface AnswerEvents {
  onFirstAudio(): void
  /** The answer's text so far (PARTIAL), then all of it (FINAL). */
  onText(text: string, final: boolean): void
  /** The answer has been spoken (or given up); the clone listens again. */
  onDone(spoke: boolean): void
  /** A failure the call cannot go on after. */
  onFailure(kind: AnswerFailure, error: unknown): void
  log(message: string, error: unknown): void
}

export interface Answer {
  /** Barge-in or hang-up: playback stops, the stream and pending speech fetches are aborted. */
  cancel(): void
}

const isPaymentRequired = (error: unknown) => isApiError(error) && error.status === 402
const isNetwork = (error: unknown) =>
  (isApiError(error) && (error.status === 0 || error.status >= 502)) ||
  (isStreamError(error) && (error.reason === 'network' || error.reason === 'no_body'))

export function startAnswer<Audio>(deps: AnswerDeps<Audio>, events: AnswerEvents): Answer {
  const controller = new AbortController()
  const splitter = createSentenceSplitter()
  let text = ''
  const queue = createSpeechQueue<Audio>({
    load: deps.loadSpeech,
    play: deps.play,
    onFirstAudio: events.onFirstAudio,
    onDrained: (spoke) => events.onDone(spoke),
    onSentenceFailed: (error) => {
      if (isPaymentRequired(error)) {
        cancel()
        events.onFailure('quota-exhausted', error)
      } else events.log('A sentence of the answer could not be voiced', error)
    },
  })

  const readTurn = async () => {
    let final: string | null = null
    await readEventStream(await deps.openTurn(controller.signal), {
      schema: StreamEvent,
      signal: controller.signal,
      onEvent: (event) => {
        if ('current_token' in event) {
          text += event.current_token
          for (const sentence of splitter.push(event.current_token)) queue.add(sentence)
          events.onText(text, false)
          return
        }
        // A voice turn carries no files: `filesRead` (issue #15) never comes, and is ignored if it did.
        if ('accepted' in event || 'filesRead' in event) return
        if ('error' in event) throw new Error(`${event.error.code}: ${event.error.message}`)
        final = event.message.text
        return 'stop'
      },
    })
    return final ?? text
  }

  const run = async () => {
    try {
      let answer: string
      try {
        answer = await readTurn()
      } catch (error) {
        // One failed turn is retried once, unless some of its answer already played or was shown.
        if (controller.signal.aborted || !isNetwork(error) || text) throw error
        answer = await readTurn()
      }
      for (const sentence of splitter.flush()) queue.add(sentence)
      queue.finish()
      events.onText(answer, true)
    } catch (error) {
      if (controller.signal.aborted) return
      queue.finish()
      if (isPaymentRequired(error)) events.onFailure('quota-exhausted', error)
      else if (isNetwork(error)) events.onFailure('network', error)
      else events.log('The answer failed', error)
    }
  }

  const cancel = () => {
    controller.abort()
    queue.cancel()
  }
  void run()
  return { cancel }
}
