import { lazy } from 'react'

/*
 * Voice dictation in the chat prompt (spec 2 §2, §4, §8, §9). What loads with a prompt is only the buttons and
 * the hook; the recorder, the transcription client and the recording panel load when the mic is pressed.
 */
export {
  CancelRecordingButton,
  DictationButton,
  DictationLiveRegion,
  type TooltipWrap,
} from './DictationControls'
export { DictationState } from './dictation.machine'
export { dictationLabels } from './dictation.strings'
export { type Dictation, useDictation } from './use-dictation'

/** The timer and waveform shown in place of the text field while dictating. */
export const RecordingPanel = lazy(() => import('./RecordingPanel'))
