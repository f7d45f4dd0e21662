import { describe, expect, it } from 'vitest'
import {
  barHeight,
  formatRecordingTime,
  levelOfSamples,
  pushLevel,
  silentLevels,
} from '../../../../../renderer/src/features/dictation/waveform'

describe('waveform (spec 2 §2: 150 bars, dot height from amplitude, minimum 4)', () => {
  it('starts with 150 silent bars', () => {
    expect(silentLevels()).toHaveLength(150)
    expect(silentLevels().every((l) => l === 0)).toBe(true)
  })

  it('adds the newest level on the right and drops the oldest, staying 150 long', () => {
    let levels = silentLevels()
    levels = pushLevel(levels, 0.5)
    expect(levels).toHaveLength(150)
    expect(levels.at(-1)).toBe(0.5)
    levels = pushLevel(levels, 0.25)
    expect(levels.slice(-2)).toEqual([0.5, 0.25])
    for (let i = 0; i < 150; i++) levels = pushLevel(levels, 0)
    expect(levels).toEqual(silentLevels())
  })

  it('clamps levels to 0..1 and treats NaN as silence', () => {
    expect(pushLevel([], 3).at(-1)).toBe(1)
    expect(pushLevel([], -1).at(-1)).toBe(0)
    expect(pushLevel([], Number.NaN).at(-1)).toBe(0)
  })

  it('gives a bar at least 4 px, growing with the amplitude up to the maximum', () => {
    expect(barHeight(0, 24)).toBe(4)
    expect(barHeight(0.1, 24)).toBe(4)
    expect(barHeight(0.5, 24)).toBe(12)
    expect(barHeight(1, 24)).toBe(24)
    expect(barHeight(2, 24)).toBe(24)
  })

  it('reads loudness from an analyser’s time-domain bytes (128 is silence)', () => {
    expect(levelOfSamples(new Uint8Array(256).fill(128))).toBe(0)
    expect(levelOfSamples([])).toBe(0)
    const quiet = levelOfSamples(Uint8Array.from({ length: 256 }, (_, i) => (i % 2 ? 131 : 125)))
    const loud = levelOfSamples(Uint8Array.from({ length: 256 }, (_, i) => (i % 2 ? 170 : 86)))
    expect(quiet).toBeGreaterThan(0)
    expect(loud).toBeGreaterThan(quiet)
    expect(levelOfSamples(Uint8Array.from({ length: 256 }, (_, i) => (i % 2 ? 255 : 0)))).toBe(1)
  })

  it('shows the recording time as mm:ss', () => {
    expect(formatRecordingTime(0)).toBe('00:00')
    expect(formatRecordingTime(999)).toBe('00:00')
    expect(formatRecordingTime(7_400)).toBe('00:07')
    expect(formatRecordingTime(65_000)).toBe('01:05')
    expect(formatRecordingTime(3_600_000)).toBe('60:00')
    expect(formatRecordingTime(-5)).toBe('00:00')
  })
})
