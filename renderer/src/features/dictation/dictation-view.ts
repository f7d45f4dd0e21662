import type { ReactNode } from 'react'

/**
 * The mic button's props, spread by a prompt onto its own IconButton (spec 2 §2): the plain mic, a slashed
 * mic after a denial, the error icon after a failure, 'Stop recording and send' while recording. The prompt
 * renders one element throughout, so focus stays on it from the plain mic of the first load to the
 * controller's states once the first press loaded them.
 */
export interface MicButtonProps {
  'aria-label': string
  /** The hidden note (last failure or 'not set up') among the children, when there is one. */
  'aria-describedby'?: string
  'aria-disabled'?: true
  'aria-busy'?: true
  /** 'mic', 'error', 'denied' or 'unavailable'. */
  'data-indicator': string
  /** 'notRecording', 'recording' or 'processing' (spec 2 §4 'Voice dictation'). */
  'data-state': string
  /** The hover text when the prompt has no tooltips (the profile's first load has none). */
  title: string
  variant: 'solid' | 'soft'
  color?: 'red' | 'gray'
  onClick: () => void
  /** The icon, and the hidden note. */
  children: ReactNode
}

/**
 * What a prompt shows of dictation: light, so the profile's first load carries only a plain mic and the
 * hook that loads the rest (spec 2 §9 budget, npm run bench:size). The controller behind it, the recording
 * panel, the cancel button and the live region load on the first press, in ./DictationHost.
 */
export interface DictationView {
  /** Recording or processing: the prompt must not send, and shows `cancel` and `panel` (spec 2 §4). */
  blocksSending: boolean
  mic: MicButtonProps
  /** What a prompt with tooltips shows on the mic (it drops `title` then). */
  tip: string
  /** The prompt's left button while recording ('Cancel recording'); null otherwise. */
  cancel: ReactNode
  /** The timer and waveform in place of the text field while recording; null otherwise. */
  panel: ReactNode
}
