import { lazy, type ReactNode, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react'
import { dictationLabels as s } from './dictation.strings'
import type { DictationView } from './dictation-view'

const DictationHost = lazy(() => import('./DictationHost'))

const noop = () => {}

/**
 * Dictation for one prompt (spec 2 §2, §4): a plain mic until its first press, which loads the controller
 * (./DictationHost, with the recorder behind it) and then starts recording, so the press is not lost.
 * `host` must be rendered by the prompt (it shows nothing); the transcript goes to `onTranscript`.
 */
export function useLazyDictation(onTranscript: (text: string) => void): {
  dictation: DictationView
  host: ReactNode
} {
  const [view, setView] = useState<DictationView | null>(null)
  const [pressed, setPressed] = useState(false)
  const latest = useRef(onTranscript)
  useEffect(() => {
    latest.current = onTranscript
  })
  const transcript = useCallback((text: string) => latest.current(text), [])
  const idle = useMemo(
    (): DictationView => ({
      state: 'notRecording',
      blocksSending: false,
      announcement: '',
      mic: { label: s.record, note: null, indicator: 'mic', alert: false, icon: null },
      press: () => setPressed(true),
      stopAndSend: noop,
      cancel: noop,
    }),
    [],
  )
  const host = pressed ? (
    <Suspense fallback={null}>
      <DictationHost onTranscript={transcript} onView={setView} />
    </Suspense>
  ) : null
  return { dictation: view ?? idle, host }
}
