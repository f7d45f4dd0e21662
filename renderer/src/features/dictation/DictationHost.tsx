import { useEffect, useLayoutEffect, useMemo } from 'react'
import { MicIcon, SendIcon, WarningIcon } from '../../ui/icons'
import { MicOffIcon } from '../../ui/lazy-icons'
import { DictationState } from './dictation.machine'
import { dictationLabels as s } from './dictation.strings'
import type { DictationView } from './dictation-view'
import { useDictation } from './use-dictation'

/**
 * The prompt's dictation once its mic was first pressed (loaded then, see use-lazy-dictation.tsx): runs the
 * controller's hook and hands the prompt what to show. It renders nothing itself, so the mic button the
 * visitor pressed stays the same element (and keeps focus).
 */
export default function DictationHost({
  onTranscript,
  onView,
}: Readonly<{ onTranscript: (text: string) => void; onView: (view: DictationView) => void }>) {
  const { state, indicator, unavailable, hint, blocksSending, press, stopAndSend, cancel } =
    useDictation(onTranscript)
  const view = useMemo((): DictationView => {
    const recording = state === DictationState.RECORDING
    const processing = state === DictationState.PROCESSING
    const busy = recording || processing
    const failed = indicator !== 'mic'
    return {
      state,
      blocksSending,
      announcement: recording ? s.recordingStarted : processing ? s.processingStarted : '',
      mic: {
        label: recording ? s.stopAndSend : processing ? s.processing : s.record,
        // What a hover (or a screen reader, via the description) adds: the last failure, or 'not set up'.
        note: state === DictationState.NOT_RECORDING && (failed || unavailable) ? hint : null,
        indicator: unavailable ? 'unavailable' : indicator,
        alert: failed,
        icon: busy ? (
          <SendIcon />
        ) : indicator === 'denied' ? (
          <MicOffIcon />
        ) : indicator === 'error' ? (
          <WarningIcon />
        ) : (
          <MicIcon />
        ),
      },
      press,
      stopAndSend,
      cancel,
    }
  }, [state, indicator, unavailable, hint, blocksSending, press, stopAndSend, cancel])
  useLayoutEffect(() => onView(view), [view, onView])
  // The press that loaded this module (it is mounted by a press): recording starts now. A timer, not the
  // effect itself, so a development StrictMode remount does not press twice.
  useEffect(() => {
    const timer = setTimeout(press, 0)
    return () => clearTimeout(timer)
  }, [press])
  return null
}
