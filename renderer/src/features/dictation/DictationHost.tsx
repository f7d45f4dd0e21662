import { IconButton } from '@radix-ui/themes'
import { useEffect, useId, useLayoutEffect, useMemo } from 'react'
import { CloseIcon, MicIcon, SendIcon, WarningIcon } from '../../ui/icons'
import { MicOffIcon } from '../../ui/lazy-icons'
import { DictationState } from './dictation.machine'
import { dictationLabels } from './dictation.strings'
import { recordingLabels as s } from './dictation-recording.strings'
import type { DictationView } from './dictation-view'
import { RecordingPanel } from './RecordingPanel'
import { useDictation } from './use-dictation'

/** Where the prompt puts the recording: 'bar' is the profile's prompt, 'inline' the chat's. */
export type DictationLayout = 'bar' | 'inline'

/**
 * The prompt's dictation once its mic was first pressed (loaded then, see use-lazy-dictation.tsx): runs the
 * controller's hook and hands the prompt what to show. Of its own it renders only the live region, so
 * screen readers hear 'Recording' and 'Processing recording' as they happen (spec 2 §4); the mic the
 * visitor pressed stays the prompt's own element (and keeps focus).
 */
export default function DictationHost({
  onTranscript,
  onView,
  layout,
}: Readonly<{
  onTranscript: (text: string) => void
  onView: (view: DictationView) => void
  layout: DictationLayout
}>) {
  const { state, indicator, unavailable, hint, blocksSending, press, stopAndSend, cancel } =
    useDictation(onTranscript)
  const noteId = useId()
  const recording = state === DictationState.RECORDING
  const processing = state === DictationState.PROCESSING
  const view = useMemo((): DictationView => {
    const failed = indicator !== 'mic'
    const label = recording ? s.stopAndSend : processing ? s.processing : dictationLabels.record
    // What a hover (or a screen reader, via the description) adds: the last failure, or 'not set up'.
    const note = state === DictationState.NOT_RECORDING && (failed || unavailable) ? hint : null
    return {
      blocksSending,
      tip: note ?? label,
      mic: {
        'aria-label': label,
        'aria-describedby': note ? noteId : undefined,
        'aria-disabled': processing || undefined,
        'aria-busy': processing || undefined,
        'data-indicator': unavailable ? 'unavailable' : indicator,
        'data-state': state,
        title: note ?? label,
        variant: blocksSending ? 'solid' : 'soft',
        color: blocksSending ? undefined : failed ? 'red' : 'gray',
        onClick: () => {
          if (recording) stopAndSend()
          else if (!processing) press()
        },
        children: (
          <>
            {blocksSending ? (
              <SendIcon />
            ) : indicator === 'denied' ? (
              <MicOffIcon />
            ) : indicator === 'error' ? (
              <WarningIcon />
            ) : (
              <MicIcon />
            )}
            <span id={noteId} className="visually-hidden">
              {note}
            </span>
          </>
        ),
      },
      // spec 2 §2 'The left button is attach or cancel recording'.
      cancel: blocksSending ? (
        <IconButton
          type="button"
          size="2"
          radius="full"
          variant="ghost"
          color="gray"
          aria-label={s.cancel}
          className={layout === 'bar' ? 'prompt-bar__cancel' : undefined}
          onClick={cancel}
        >
          <CloseIcon />
        </IconButton>
      ) : null,
      panel: blocksSending ? <RecordingPanel variant={layout} /> : null,
    }
  }, [
    state,
    recording,
    processing,
    indicator,
    unavailable,
    hint,
    blocksSending,
    press,
    stopAndSend,
    cancel,
    noteId,
    layout,
  ])
  useLayoutEffect(() => onView(view), [view, onView])
  // The press that loaded this module (it is mounted by a press): recording starts now. A timer, not the
  // effect itself, so a development StrictMode remount does not press twice.
  useEffect(() => {
    const timer = setTimeout(press, 0)
    return () => clearTimeout(timer)
  }, [press])
  return (
    <span className="visually-hidden" role="status" aria-live="polite">
      {recording ? s.recordingStarted : processing ? s.processingStarted : ''}
    </span>
  )
}
