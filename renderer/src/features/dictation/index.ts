import { lazy } from 'react'

/*
 * Voice dictation in the chat prompt (spec 2 §2, §4, §8, §9). What loads with a prompt is only the plain
 * mic, its light view and the hook that loads the rest: the controller (machine, store, hook) loads on the
 * first press, and the recorder, the transcription client and the recording panel with it.
 */
export {
  CancelRecordingButton,
  DictationButton,
  DictationLiveRegion,
  type TooltipWrap,
} from './DictationControls'
export type { DictationView } from './dictation-view'
export { useLazyDictation } from './use-lazy-dictation'

/** The timer and waveform shown in place of the text field while dictating. */
export const RecordingPanel = lazy(() => import('./RecordingPanel'))
