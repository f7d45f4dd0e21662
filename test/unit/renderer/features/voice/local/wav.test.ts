import { describe, expect, it } from 'vitest'
import {
  encodeWav,
  resample,
  TRANSCRIPTION_SAMPLE_RATE,
  utteranceWav,
} from '../../../../../../renderer/src/features/voice/local/wav'

const ascii = (view: DataView, offset: number, length: number) =>
  String.fromCharCode(...Array.from({ length }, (_, i) => view.getUint8(offset + i)))

describe('utterance WAV (16 kHz mono 16-bit)', () => {
  it('writes a RIFF/WAVE header a decoder reads as 16 kHz mono PCM', () => {
    const view = new DataView(encodeWav(new Float32Array(10), 16_000))
    expect(ascii(view, 0, 4)).toBe('RIFF')
    expect(view.getUint32(4, true)).toBe(36 + 20)
    expect(ascii(view, 8, 8)).toBe('WAVEfmt ')
    expect(view.getUint16(20, true)).toBe(1)
    expect(view.getUint16(22, true)).toBe(1)
    expect(view.getUint32(24, true)).toBe(16_000)
    expect(view.getUint32(28, true)).toBe(32_000)
    expect(view.getUint16(32, true)).toBe(2)
    expect(view.getUint16(34, true)).toBe(16)
    expect(ascii(view, 36, 4)).toBe('data')
    expect(view.getUint32(40, true)).toBe(20)
    expect(view.byteLength).toBe(64)
  })

  it('stores samples as signed 16-bit, clipping beyond -1..1', () => {
    const view = new DataView(encodeWav(new Float32Array([0, 1, -1, 0.5, 2, -3]), 16_000))
    expect([0, 1, 2, 3, 4, 5].map((i) => view.getInt16(44 + i * 2, true))).toEqual([
      0, 32767, -32768, 16384, 32767, -32768,
    ])
  })

  it('downsamples 48 kHz to 16 kHz by averaging each group of three', () => {
    const out = resample(new Float32Array([0.3, 0.3, 0.3, -0.6, 0, 0]), 48_000, 16_000)
    expect(Array.from(out)).toEqual([expect.closeTo(0.3), expect.closeTo(-0.2)])
  })

  it('keeps the duration from 44.1 kHz: one second is 16000 samples', () => {
    expect(resample(new Float32Array(44_100), 44_100, 16_000)).toHaveLength(16_000)
  })

  it('upsamples by interpolation and leaves an equal rate alone', () => {
    expect(Array.from(resample(new Float32Array([0, 1]), 8_000, 16_000))).toEqual([0, 0.5, 1, 1])
    expect(Array.from(resample(new Float32Array([0.25]), 16_000, 16_000))).toEqual([0.25])
  })

  it('an utterance captured at 48 kHz becomes a 16 kHz audio/wav blob', async () => {
    const blob = utteranceWav(new Float32Array(48_000), 48_000)
    expect(blob.type).toBe('audio/wav')
    const view = new DataView(await blob.arrayBuffer())
    expect(view.getUint32(24, true)).toBe(TRANSCRIPTION_SAMPLE_RATE)
    expect(view.getUint32(40, true)).toBe(32_000)
  })
})
