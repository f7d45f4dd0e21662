import { describe, expect, it } from 'vitest'
import { createUtteranceRecorder } from '../../../../../../renderer/src/features/voice/local/utterance-recorder'

// 1 kHz keeps the numbers small: 300 ms of pre-roll is 300 samples.
const RATE = 1000
const chunk = (value: number, length = 100) => new Float32Array(length).fill(value)

describe('utterance capture with pre-roll', () => {
  it('an utterance starts with the last 300 ms before speech was noticed', () => {
    const recorder = createUtteranceRecorder(RATE)
    for (let i = 1; i <= 5; i++) recorder.push(chunk(i))
    recorder.begin()
    recorder.push(chunk(9))
    const samples = recorder.end()
    expect(samples).toHaveLength(400)
    expect([samples[0], samples[100], samples[200], samples[300]]).toEqual([3, 4, 5, 9])
  })

  it('the pre-roll is shorter right after the microphone opened', () => {
    const recorder = createUtteranceRecorder(RATE)
    recorder.push(chunk(1, 50))
    recorder.begin()
    recorder.push(chunk(2, 50))
    expect(recorder.end()).toHaveLength(100)
  })

  it('drops the waited-out silence at the end', () => {
    const recorder = createUtteranceRecorder(RATE, { preRollMs: 0 })
    recorder.begin()
    recorder.push(chunk(1, 500))
    recorder.push(chunk(0, 1000))
    const samples = recorder.end(700)
    expect(samples).toHaveLength(800)
    expect(samples[499]).toBe(1)
  })

  it('nothing is kept while not recording, and cancel drops an utterance', () => {
    const recorder = createUtteranceRecorder(RATE, { preRollMs: 0 })
    recorder.push(chunk(1))
    recorder.begin()
    recorder.push(chunk(1))
    recorder.cancel()
    expect(recorder.recording).toBe(false)
    expect(recorder.end()).toHaveLength(0)
  })

  it('stops keeping samples at the longest utterance', () => {
    const recorder = createUtteranceRecorder(RATE, { preRollMs: 0, maxMs: 250 })
    recorder.begin()
    for (let i = 0; i < 5; i++) recorder.push(chunk(1))
    expect(recorder.end()).toHaveLength(250)
  })
})
