import { useQueryClient } from '@tanstack/react-query'
import { useCallback, useEffect, useRef } from 'react'
import { useSnapshot } from 'valtio'
import { blocksSending, type DictationState, type MicIndicator } from './dictation.machine'
import { dictation } from './dictation.store'

type Runtime = typeof import('./dictation.runtime')
let runtime: Promise<Runtime> | undefined
/** The recorder, the transcription client and the toasts load on the first press (spec 2 §9 budget). */
export const loadDictationRuntime = () => {
  runtime ??= import('./dictation.runtime')
  return runtime
}

export interface Dictation {
  state: DictationState
  indicator: MicIndicator
  startedAt: number | null
  unavailable: boolean
  hint: string | null
  /** Recording or processing: the prompt must not send (spec 2 §4). */
  blocksSending: boolean
  press(): void
  stopAndSend(): void
  cancel(): void
}

/** Dictation for one prompt: the transcript goes to `onTranscript`, the prompt's own send path. */
export function useDictation(onTranscript: (text: string) => void): Dictation {
  const snap = useSnapshot(dictation)
  const queryClient = useQueryClient()
  const latest = useRef(onTranscript)
  useEffect(() => {
    latest.current = onTranscript
  })
  // Leaving the prompt mid-recording drops the recording and frees the microphone.
  useEffect(() => () => void runtime?.then((r) => r.cancelDictation()), [])
  const press = useCallback(
    () => void loadDictationRuntime().then((r) => r.pressMic(queryClient, (text) => latest.current(text))),
    [queryClient],
  )
  const stopAndSend = useCallback(() => void loadDictationRuntime().then((r) => r.stopAndSend()), [])
  const cancel = useCallback(() => void runtime?.then((r) => r.cancelDictation()), [])
  const { state, indicator, startedAt } = snap.model
  return {
    state,
    indicator,
    startedAt,
    unavailable: snap.unavailable,
    hint: snap.hint,
    blocksSending: blocksSending(state),
    press,
    stopAndSend,
    cancel,
  }
}
