import { IconButton } from '@radix-ui/themes'
import { type ReactElement, type ReactNode, useId } from 'react'
import { CloseIcon, MicIcon, MicOffIcon, SendIcon, WarningIcon } from '../../ui/icons'
import { DictationState } from './dictation.machine'
import { dictationLabels as s } from './dictation.strings'
import type { Dictation } from './use-dictation'

/** Wraps a button in a tooltip: the chat passes its own (ui/tooltip), the profile's first load has none. */
export type TooltipWrap = (content: string, button: ReactElement) => ReactNode

/**
 * The prompt's mic (spec 2 §2): the plain mic, a slashed mic after a denial, the error icon after a
 * failure; 'Stop recording and send' while recording. One element throughout, so focus stays on it.
 */
export function DictationButton({
  dictation,
  tooltip,
  className,
}: Readonly<{ dictation: Dictation; tooltip?: TooltipWrap; className?: string }>) {
  const { state, indicator, unavailable, hint } = dictation
  const noteId = useId()
  const recording = state === DictationState.RECORDING
  const processing = state === DictationState.PROCESSING
  const label = recording ? s.stopAndSend : processing ? s.processing : s.record
  // What a hover (or a screen reader, via the description) adds: the last failure, or 'not set up'.
  const note = state === DictationState.NOT_RECORDING && (indicator !== 'mic' || unavailable) ? hint : null
  const busy = recording || processing
  const icon = busy ? (
    <SendIcon />
  ) : indicator === 'denied' ? (
    <MicOffIcon />
  ) : indicator === 'error' ? (
    <WarningIcon />
  ) : (
    <MicIcon />
  )
  const button = (
    <IconButton
      type="button"
      size="2"
      radius="full"
      variant={busy ? 'solid' : 'soft'}
      color={busy ? undefined : indicator === 'mic' ? 'gray' : 'red'}
      aria-label={label}
      aria-describedby={note ? noteId : undefined}
      aria-disabled={processing || undefined}
      aria-busy={processing || undefined}
      data-indicator={unavailable ? 'unavailable' : indicator}
      data-state={state}
      title={tooltip ? undefined : (note ?? label)}
      className={className}
      onClick={() => {
        if (recording) dictation.stopAndSend()
        else if (!processing) dictation.press()
      }}
    >
      {icon}
      <span id={noteId} className="visually-hidden">
        {note}
      </span>
    </IconButton>
  )
  return tooltip ? tooltip(note ?? label, button) : button
}

/** The prompt's left button while recording (spec 2 §2 'The left button is attach or cancel recording'). */
export function CancelRecordingButton({
  dictation,
  className,
}: Readonly<{ dictation: Dictation; className?: string }>) {
  return (
    <IconButton
      type="button"
      size="2"
      radius="full"
      variant="ghost"
      color="gray"
      aria-label={s.cancel}
      className={className}
      onClick={dictation.cancel}
    >
      <CloseIcon />
    </IconButton>
  )
}

/** Always in the page, so screen readers hear 'Recording' and 'Processing recording' as they happen. */
export function DictationLiveRegion({ state }: Readonly<{ state: DictationState }>) {
  const text =
    state === DictationState.RECORDING
      ? s.recordingStarted
      : state === DictationState.PROCESSING
        ? s.processingStarted
        : ''
  return (
    <span className="visually-hidden" role="status" aria-live="polite">
      {text}
    </span>
  )
}
