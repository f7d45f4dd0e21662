/*
 * The transcript page's waveform (spec 2 §2 'Transcript page: waveform display resolution is variable'): the
 * recording's loudness in as many bars as the width holds, each the loudest sample of its slice, scaled to
 * the loudest bar so a quiet call still reads.
 */

/** One bar and the gap after it, in CSS pixels. */
export const WAVEFORM_BAR_PX = 3
export const WAVEFORM_GAP_PX = 2
/** The shortest bar, in CSS pixels (spec 2 §2 'minimum 4', as the dictation waveform). */
export const WAVEFORM_MIN_PX = 4
/** Fewer bars than this would not show a call's shape; more than this is finer than anyone can see. */
const MIN_BARS = 16
const MAX_BARS = 600

/** How many bars a waveform this wide shows: its resolution follows the width. */
export function barsForWidth(widthPx: number): number {
  const bars = Math.floor((widthPx + WAVEFORM_GAP_PX) / (WAVEFORM_BAR_PX + WAVEFORM_GAP_PX))
  return Math.min(MAX_BARS, Math.max(MIN_BARS, bars))
}

/** 0..1 peaks of `samples` in `bars` slices, the loudest slice at 1 (all 0 for silence). */
export function peaksOf(samples: ArrayLike<number>, bars: number): number[] {
  const peaks = new Array<number>(bars).fill(0)
  if (samples.length === 0 || bars <= 0) return peaks
  const slice = samples.length / bars
  let loudest = 0
  for (let bar = 0; bar < bars; bar++) {
    const from = Math.floor(bar * slice)
    const to = Math.max(from + 1, Math.floor((bar + 1) * slice))
    let peak = 0
    for (let i = from; i < to && i < samples.length; i++) {
      const value = Math.abs(samples[i] ?? 0)
      if (value > peak) peak = value
    }
    peaks[bar] = peak
    if (peak > loudest) loudest = peak
  }
  return loudest > 0 ? peaks.map((peak) => peak / loudest) : peaks
}

/** The bar under a point `x` pixels into a waveform `width` wide, as a 0..1 position in the recording. */
export const positionAt = (x: number, width: number): number =>
  width > 0 ? Math.min(1, Math.max(0, x / width)) : 0
