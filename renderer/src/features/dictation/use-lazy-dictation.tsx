import { lazy, type ReactNode, Suspense, useState } from 'react'
import { MicIcon } from '../../ui/icons'
import type { DictationLayout } from './DictationHost'
import { dictationLabels as s } from './dictation.strings'
import type { DictationView } from './dictation-view'

const DictationHost = lazy(() => import('./DictationHost'))

/**
 * Dictation for one prompt (spec 2 §2, §4): a plain mic until its first press, which loads the controller
 * (./DictationHost, with the recorder and the recording panel behind it) and then starts recording, so the
 * press is not lost. `host` must be rendered by the prompt; the transcript goes to `onTranscript`.
 */
export function useLazyDictation(
  onTranscript: (text: string) => void,
  layout: DictationLayout,
): { dictation: DictationView; host: ReactNode } {
  const [view, setView] = useState<DictationView | null>(null)
  const [pressed, setPressed] = useState(false)
  return {
    dictation: view ?? {
      blocksSending: false,
      tip: s.record,
      mic: {
        'aria-label': s.record,
        'data-indicator': 'mic',
        'data-state': 'notRecording',
        title: s.record,
        variant: 'soft',
        color: 'gray',
        onClick: () => setPressed(true),
        children: <MicIcon />,
      },
      cancel: null,
      panel: null,
    },
    // The controller's hook keeps the latest onTranscript itself (use-dictation.ts).
    host: pressed ? (
      <Suspense fallback={null}>
        <DictationHost onTranscript={onTranscript} onView={setView} layout={layout} />
      </Suspense>
    ) : null,
  }
}
