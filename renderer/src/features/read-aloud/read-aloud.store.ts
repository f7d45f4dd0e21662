import { useEffect } from 'react'
import { proxy, useSnapshot } from 'valtio'
import { fetchSpeech } from './read-aloud.api'
import { createReadAloudController } from './read-aloud.controller'
import {
  initialReadAloudState,
  type ReadAloudState,
  type ReadAloudStatus,
  statusOf,
} from './read-aloud.machine'

/** The page's read-aloud state (one active message), mirrored from the controller. */
export const readAloud = proxy<{ state: ReadAloudState }>({ state: initialReadAloudState })

export const readAloudPlayer = createReadAloudController({
  fetchSpeech,
  createObjectURL: (blob) => URL.createObjectURL(blob),
  revokeObjectURL: (url) => URL.revokeObjectURL(url),
  createAudio: (url) => new Audio(url),
  onChange: (state) => {
    readAloud.state = state
  },
})

/** One message's read-aloud status; only that message's button re-renders when it changes. */
export function useReadAloudStatus(messageId: string): ReadAloudStatus {
  return statusOf(useSnapshot(readAloud).state, messageId)
}

/** Stops reading aloud when the conversation changes or its screen goes away. */
export function useStopReadAloudOnLeave(scope: string | null) {
  // biome-ignore lint/correctness/useExhaustiveDependencies: the scope is what the stop is tied to.
  useEffect(() => () => readAloudPlayer.stop(), [scope])
}
