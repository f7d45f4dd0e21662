import { proxy } from 'valtio'
import { type DictationModel, initialDictationModel } from './dictation.machine'

/**
 * The page's dictation (one microphone, so one at a time), mirrored from the controller that the lazily
 * loaded runtime drives. Light on purpose: the profile's first load carries this, not the recorder.
 */
export const dictation = proxy<{
  model: DictationModel
  /** The waveform, newest last (spec 2 §2: 150 bars). */
  levels: number[]
  /** Neither the server nor the browser transcribes: the mic says so instead of recording. */
  unavailable: boolean
  /** What the error or denied mic says on hover: the last failure's text. */
  hint: string | null
}>({ model: initialDictationModel, levels: [], unavailable: false, hint: null })
