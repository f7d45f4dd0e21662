/*
 * An utterance as the transcription route takes it: 16 kHz mono 16-bit PCM WAV (spec 2 §9 'Dictation
 * recorder: 16 kHz mono'; POST /api/transcribe/groq accepts audio.wav). Pure, so it is tested byte by byte.
 */

export const TRANSCRIPTION_SAMPLE_RATE = 16_000

/**
 * Resamples by averaging: each output sample is the mean of the input samples it covers (a box filter,
 * enough against aliasing for speech going from 44.1/48 kHz down to 16 kHz); upsampling interpolates.
 */
export function resample(input: Float32Array, fromRate: number, toRate: number): Float32Array {
  if (fromRate === toRate || input.length === 0) return input.slice()
  const ratio = fromRate / toRate
  const length = Math.max(1, Math.round(input.length / ratio))
  const output = new Float32Array(length)
  for (let i = 0; i < length; i++) {
    if (ratio > 1) {
      const start = Math.floor(i * ratio)
      const end = Math.min(input.length, Math.max(start + 1, Math.floor((i + 1) * ratio)))
      let sum = 0
      for (let j = start; j < end; j++) sum += input[j] ?? 0
      output[i] = sum / (end - start)
    } else {
      const position = i * ratio
      const left = Math.floor(position)
      const right = Math.min(input.length - 1, left + 1)
      const weight = position - left
      output[i] = (input[left] ?? 0) * (1 - weight) + (input[right] ?? 0) * weight
    }
  }
  return output
}

/** 16-bit little-endian PCM WAV of mono float samples (-1..1, clipped). */
export function encodeWav(samples: Float32Array, sampleRate: number): ArrayBuffer {
  const bytesPerSample = 2
  const dataBytes = samples.length * bytesPerSample
  const buffer = new ArrayBuffer(44 + dataBytes)
  const view = new DataView(buffer)
  const text = (offset: number, value: string) => {
    for (let i = 0; i < value.length; i++) view.setUint8(offset + i, value.charCodeAt(i))
  }
  text(0, 'RIFF')
  view.setUint32(4, 36 + dataBytes, true)
  text(8, 'WAVE')
  text(12, 'fmt ')
  view.setUint32(16, 16, true) // fmt chunk size
  view.setUint16(20, 1, true) // PCM
  view.setUint16(22, 1, true) // mono
  view.setUint32(24, sampleRate, true)
  view.setUint32(28, sampleRate * bytesPerSample, true) // byte rate
  view.setUint16(32, bytesPerSample, true) // block align
  view.setUint16(34, 16, true) // bits per sample
  text(36, 'data')
  view.setUint32(40, dataBytes, true)
  for (let i = 0; i < samples.length; i++) {
    const s = Math.max(-1, Math.min(1, samples[i] ?? 0))
    view.setInt16(44 + i * 2, s < 0 ? Math.round(s * 0x8000) : Math.round(s * 0x7fff), true)
  }
  return buffer
}

/** The utterance at the microphone's rate, as the WAV blob the transcription route takes. */
export function utteranceWav(samples: Float32Array, captureRate: number): Blob {
  const pcm = resample(samples, captureRate, TRANSCRIPTION_SAMPLE_RATE)
  return new Blob([encodeWav(pcm, TRANSCRIPTION_SAMPLE_RATE)], { type: 'audio/wav' })
}
