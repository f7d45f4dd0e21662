import './dictation.css'
import { useEffect, useState } from 'react'
import { useSnapshot } from 'valtio'
import { WAVEFORM_BARS } from './dictation.constants'
import { DictationState } from './dictation.machine'
import { dictation } from './dictation.store'
import { recordingLabels as s } from './dictation-recording.strings'
import { barHeight, formatRecordingTime, silentLevels } from './waveform'

const TIMER_TICK_MS = 250

/** The recording's elapsed time, mm:ss (spec 2 §2), ticking while it records. */
function RecordingTimer({ startedAt }: Readonly<{ startedAt: number }>) {
  const [now, setNow] = useState(() => Date.now())
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), TIMER_TICK_MS)
    return () => clearInterval(timer)
  }, [])
  return (
    <span className="dictation-panel__time" role="timer" aria-label={s.recordingTime}>
      {formatRecordingTime(now - startedAt)}
    </span>
  )
}

/** spec 2 §2: 150 bars, moved every 70 ms, each a dot at least 4 px high from the amplitude. */
function Waveform() {
  const { levels } = useSnapshot(dictation)
  const shown = levels.length === WAVEFORM_BARS ? levels : silentLevels()
  return (
    <div className="dictation-panel__wave" aria-hidden>
      {/* A bar is its position; the levels scroll through the bars. */}
      {shown.map((level, i) => (
        <span key={i} className="dictation-panel__bar" style={{ height: barHeight(level) }} />
      ))}
    </div>
  )
}

/** What the prompt shows in place of the text field while dictating (loaded on the first press). */
export function RecordingPanel({ variant }: Readonly<{ variant: 'inline' | 'bar' }>) {
  const { model } = useSnapshot(dictation)
  const processing = model.state === DictationState.PROCESSING
  return (
    <div className={`dictation-panel dictation-panel--${variant}`} data-state={model.state}>
      {processing ? (
        <span className="dictation-panel__note">{s.processing}…</span>
      ) : model.startedAt !== null ? (
        <RecordingTimer startedAt={model.startedAt} />
      ) : null}
      <Waveform />
    </div>
  )
}
