import { IconButton } from '@radix-ui/themes'
import { type ReactElement, type ReactNode, useId } from 'react'
import { CloseIcon, MicIcon } from '../../ui/icons'
import { dictationLabels as s } from './dictation.strings'
import type { DictationView } from './dictation-view'

/** Wraps a button in a tooltip: the chat passes its own (ui/tooltip), the profile's first load has none. */
export type TooltipWrap = (content: string, button: ReactElement) => ReactNode

/**
 * The prompt's mic (spec 2 §2): the plain mic, a slashed mic after a denial, the error icon after a
 * failure; 'Stop recording and send' while recording. One element throughout, so focus stays on it, from
 * the plain mic of the first load to the controller's states once the first press loaded it.
 */
export function DictationButton({
  dictation,
  tooltip,
  className,
}: Readonly<{ dictation: DictationView; tooltip?: TooltipWrap; className?: string }>) {
  const { state, blocksSending: busy, mic } = dictation
  const noteId = useId()
  const processing = state === 'processing'
  const button = (
    <IconButton
      type="button"
      size="2"
      radius="full"
      variant={busy ? 'solid' : 'soft'}
      color={busy ? undefined : mic.alert ? 'red' : 'gray'}
      aria-label={mic.label}
      aria-describedby={mic.note ? noteId : undefined}
      aria-disabled={processing || undefined}
      aria-busy={processing || undefined}
      data-indicator={mic.indicator}
      data-state={state}
      title={tooltip ? undefined : (mic.note ?? mic.label)}
      className={className}
      onClick={() => {
        if (state === 'recording') dictation.stopAndSend()
        else if (!processing) dictation.press()
      }}
    >
      {mic.icon ?? <MicIcon />}
      <span id={noteId} className="visually-hidden">
        {mic.note}
      </span>
    </IconButton>
  )
  return tooltip ? tooltip(mic.note ?? mic.label, button) : button
}

/** The prompt's left button while recording (spec 2 §2 'The left button is attach or cancel recording'). */
export function CancelRecordingButton({
  dictation,
  className,
}: Readonly<{ dictation: DictationView; className?: string }>) {
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
export function DictationLiveRegion({ dictation }: Readonly<{ dictation: DictationView }>) {
  return (
    <span className="visually-hidden" role="status" aria-live="polite">
      {dictation.announcement}
    </span>
  )
}
