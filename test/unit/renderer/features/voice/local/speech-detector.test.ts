import { describe, expect, it } from 'vitest'
import {
  createSpeechDetector,
  levelOf,
  SPEECH_DETECTION,
  volumeOf,
} from '../../../../../../renderer/src/features/voice/local/speech-detector'

/** Feeds one level per 100 ms poll and collects the transitions with their times. */
function run(levels: number[]) {
  const detector = createSpeechDetector()
  return levels.flatMap((level, i) => {
    const event = detector.update(level, i * SPEECH_DETECTION.pollMs)
    return event ? [[event, i * SPEECH_DETECTION.pollMs] as const] : []
  })
}

describe('speech detection (spec 2 §4, §9)', () => {
  it('uses the spec constants: analyser 256, threshold 0.01, 1 s of silence, 100 ms polls', () => {
    expect(SPEECH_DETECTION).toMatchObject({
      analyserSize: 256,
      speakingThreshold: 0.01,
      silenceMs: 1000,
      pollMs: 100,
      volumeScale: 0.15,
    })
  })

  it('starts speaking above 0.01 and ends after 1 s below it', () => {
    const silence = (n: number) => Array<number>(n).fill(0.002)
    expect(run([...silence(3), 0.05, 0.08, 0.04, ...silence(12)])).toEqual([
      ['speech-start', 300],
      ['speech-end', 1500],
    ])
  })

  it('a level of exactly 0.01 is not speech', () => {
    expect(run([0.01, 0.01, 0.01])).toEqual([])
  })

  it('a pause shorter than 1 s keeps the utterance going', () => {
    const pause = Array<number>(9).fill(0)
    const events = run([0.05, ...pause, 0.05, ...Array<number>(10).fill(0)])
    expect(events).toEqual([
      ['speech-start', 0],
      ['speech-end', 2000],
    ])
  })

  it('two utterances apart by more than 1 s are two', () => {
    const events = run([0.05, ...Array<number>(10).fill(0), 0.05, ...Array<number>(10).fill(0)])
    expect(events.map(([e]) => e)).toEqual(['speech-start', 'speech-end', 'speech-start', 'speech-end'])
  })

  it('reset forgets an utterance in progress without ending it (mute)', () => {
    const detector = createSpeechDetector()
    expect(detector.update(0.2, 0)).toBe('speech-start')
    detector.reset()
    expect(detector.speaking).toBe(false)
    expect(detector.update(0, 2000)).toBeNull()
  })

  it('the level is the RMS of the samples; the volume fills at 0.15', () => {
    expect(levelOf(new Float32Array([0.5, -0.5, 0.5, -0.5]))).toBeCloseTo(0.5)
    expect(levelOf(new Float32Array([]))).toBe(0)
    expect(volumeOf(0.075)).toBeCloseTo(0.5)
    expect(volumeOf(0.6)).toBe(1)
    expect(volumeOf(0)).toBe(0)
  })
})
