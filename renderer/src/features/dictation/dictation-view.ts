import type { ReactNode } from 'react'

/**
 * What a prompt shows of dictation: light, so the profile's first load carries only this and a plain mic
 * (spec 2 §9 budget, npm run bench:size). The controller behind it (machine, store, hook, the icons of a
 * failure) loads on the first press, in ./DictationHost.
 */
export interface DictationView {
  /** 'notRecording', 'recording' or 'processing' (spec 2 §4 'Voice dictation'). */
  state: string
  /** Recording or processing: the prompt must not send (spec 2 §4). */
  blocksSending: boolean
  /** What the live region says as the state changes ('Recording', 'Processing recording'). */
  announcement: string
  mic: {
    label: string
    /** The last failure or 'not set up', added on hover and to screen readers; null otherwise. */
    note: string | null
    /** 'mic', 'error', 'denied' or 'unavailable' (data-indicator). */
    indicator: string
    /** Red after a failure or denial. */
    alert: boolean
    /** The icon in place of the plain mic; null is the plain mic. */
    icon: ReactNode
  }
  press(): void
  stopAndSend(): void
  cancel(): void
}
