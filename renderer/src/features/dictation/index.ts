/*
 * Voice dictation in the chat prompt (spec 2 §2, §4, §8, §9). What loads with a prompt is only the hook
 * and the plain mic's props: the controller (machine, store, hook), the recorder, the transcription client,
 * the recording panel and the cancel button load on the first press.
 */
export type { DictationLayout } from './DictationHost'
export type { DictationView, MicButtonProps } from './dictation-view'
export { useLazyDictation } from './use-lazy-dictation'
