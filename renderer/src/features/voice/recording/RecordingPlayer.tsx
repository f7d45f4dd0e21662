import { useEffect, useRef, useState } from 'react'
import { type LoadRecording, loadRecordingSamples } from './load-recording'
import {
  barsForWidth,
  peaksOf,
  positionAt,
  WAVEFORM_BAR_PX,
  WAVEFORM_GAP_PX,
  WAVEFORM_MIN_PX,
} from './recording-peaks'

const HEIGHT_PX = 48

/**
 * A call's recording on its transcript page (spec 2 §2 'Transcript page': waveform / player): the browser's
 * own player, which carries the keyboard and assistive technology, under a waveform of the recording whose
 * resolution follows its width, the part already heard in the accent colour; a click on it seeks. A recording
 * that cannot be read (too large, another origin refusing it) keeps the player alone.
 */
export function RecordingPlayer({
  src,
  label,
  load = loadRecordingSamples,
}: Readonly<{ src: string; label: string; load?: LoadRecording }>) {
  const audio = useRef<HTMLAudioElement>(null)
  const canvas = useRef<HTMLCanvasElement>(null)
  const [samples, setSamples] = useState<Float32Array | null>(null)
  const [width, setWidth] = useState(0)
  const [played, setPlayed] = useState(0)

  useEffect(() => {
    const controller = new AbortController()
    setSamples(null)
    load(src, controller.signal)
      .then((read) => {
        if (!controller.signal.aborted) setSamples(read)
      })
      .catch(() => {})
    return () => controller.abort()
  }, [src, load])

  useEffect(() => {
    const element = canvas.current
    if (!element || !samples) return
    const observer = new ResizeObserver(([entry]) => setWidth(Math.round(entry?.contentRect.width ?? 0)))
    observer.observe(element)
    return () => observer.disconnect()
  }, [samples])

  useEffect(() => {
    const element = canvas.current
    if (!element || !samples || width === 0) return
    draw(element, peaksOf(samples, barsForWidth(width)), width, played)
  }, [samples, width, played])

  const onTime = () => {
    const player = audio.current
    if (player && player.duration > 0) setPlayed(player.currentTime / player.duration)
  }

  const seek = (event: React.PointerEvent<HTMLCanvasElement>) => {
    const player = audio.current
    if (!player || !(player.duration > 0)) return
    const box = event.currentTarget.getBoundingClientRect()
    player.currentTime = positionAt(event.clientX - box.left, box.width) * player.duration
    onTime()
  }

  return (
    <div className="call-recording">
      {samples ? (
        // biome-ignore lint/a11y/noAriaHiddenOnFocusable: no tabindex, never focused: a pointer shortcut; the player below carries seeking for the keyboard and assistive technology.
        <canvas
          ref={canvas}
          className="call-recording__waveform"
          height={HEIGHT_PX}
          aria-hidden="true"
          onPointerDown={seek}
        />
      ) : null}
      {/* biome-ignore lint/a11y/useMediaCaption: the transcript below is the call's text. */}
      <audio
        ref={audio}
        className="call-transcript__recording"
        src={src}
        controls
        preload="metadata"
        aria-label={label}
        onTimeUpdate={onTime}
        onSeeked={onTime}
      />
    </div>
  )
}

function draw(canvas: HTMLCanvasElement, peaks: number[], width: number, played: number) {
  const ratio = window.devicePixelRatio || 1
  canvas.width = Math.round(width * ratio)
  canvas.height = Math.round(HEIGHT_PX * ratio)
  const context = canvas.getContext('2d')
  if (!context) return
  const style = getComputedStyle(canvas)
  const heard = style.getPropertyValue('--call-recording-heard').trim() || '#6e56cf'
  const ahead = style.getPropertyValue('--call-recording-ahead').trim() || '#c8c7d0'
  context.setTransform(ratio, 0, 0, ratio, 0, 0)
  context.clearRect(0, 0, width, HEIGHT_PX)
  const step = width / peaks.length
  const barWidth = Math.max(1, Math.min(WAVEFORM_BAR_PX, step - WAVEFORM_GAP_PX / 2))
  peaks.forEach((peak, i) => {
    const height = Math.max(WAVEFORM_MIN_PX, Math.round(peak * HEIGHT_PX))
    context.fillStyle = (i + 0.5) / peaks.length <= played ? heard : ahead
    context.fillRect(i * step, (HEIGHT_PX - height) / 2, barWidth, height)
  })
}
