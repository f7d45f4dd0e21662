import { WAVEFORM_BARS, WAVEFORM_GAIN, WAVEFORM_MAX_BAR_PX, WAVEFORM_MIN_BAR_PX } from './dictation.constants'

/** An empty waveform: 150 silent bars (spec 2 §2). */
export const silentLevels = (bars: number = WAVEFORM_BARS): number[] => new Array(bars).fill(0)

/** The newest level enters on the right and the oldest leaves on the left; always `bars` long. */
export function pushLevel(levels: readonly number[], level: number, bars: number = WAVEFORM_BARS): number[] {
  const next = [...levels, clamp01(level)]
  return next.length > bars ? next.slice(next.length - bars) : next
}

const clamp01 = (n: number) => (Number.isFinite(n) ? Math.min(1, Math.max(0, n)) : 0)

/**
 * A 0..1 loudness from an analyser's time-domain bytes (128 is silence): their RMS, amplified so speech
 * fills the height, clamped to 1.
 */
export function levelOfSamples(samples: ArrayLike<number>): number {
  if (samples.length === 0) return 0
  let sum = 0
  for (let i = 0; i < samples.length; i++) {
    const v = ((samples[i] ?? 128) - 128) / 128
    sum += v * v
  }
  return clamp01(Math.sqrt(sum / samples.length) * WAVEFORM_GAIN)
}

/** spec 2 §2: the dot's height from the amplitude, at least 4 px. */
export const barHeight = (level: number, maxPx: number = WAVEFORM_MAX_BAR_PX): number =>
  Math.max(WAVEFORM_MIN_BAR_PX, Math.round(clamp01(level) * maxPx))

/** spec 2 §2: the recording timer in mm:ss (minutes keep counting past 59). */
export function formatRecordingTime(elapsedMs: number): string {
  const total = Math.max(0, Math.floor(elapsedMs / 1000))
  const pad2 = (n: number) => String(n).padStart(2, '0')
  return `${pad2(Math.floor(total / 60))}:${pad2(total % 60)}`
}
