/*
 * Keeps the microphone's PCM so an utterance can be sent whole. The detector only notices speech on its
 * next 100 ms poll, after the level crossed 0.01, so a ring buffer holds the last ~300 ms at all times and
 * an utterance starts with it: the first syllable is kept. Pure (chunks in, samples out).
 */

export const PRE_ROLL_MS = 300
/** The most an utterance keeps (a visitor who never pauses is still sent, cut at this length). */
export const MAX_UTTERANCE_MS = 60_000

export interface UtteranceRecorder {
  /** Every chunk from the microphone, recording or not. */
  push(chunk: Float32Array): void
  /** Starts an utterance with the pre-roll in front. */
  begin(): void
  /**
   * Ends it and answers its samples, dropping `trimTailMs` at the end (the detector waited 1 s of
   * silence before saying so; most of it is not worth sending).
   */
  end(trimTailMs?: number): Float32Array
  /** Drops the utterance in progress (mute, barge-in clean-up). */
  cancel(): void
  readonly recording: boolean
}

export function createUtteranceRecorder(
  sampleRate: number,
  options: { preRollMs?: number; maxMs?: number } = {},
): UtteranceRecorder {
  const ring = new Float32Array(Math.round((sampleRate * (options.preRollMs ?? PRE_ROLL_MS)) / 1000))
  const maxSamples = Math.round((sampleRate * (options.maxMs ?? MAX_UTTERANCE_MS)) / 1000)
  let ringWrite = 0
  let ringFilled = 0
  let chunks: Float32Array[] = []
  let length = 0
  let recording = false

  const preRoll = () => {
    const out = new Float32Array(ringFilled)
    const start = (ringWrite - ringFilled + ring.length) % Math.max(1, ring.length)
    for (let i = 0; i < ringFilled; i++) out[i] = ring[(start + i) % ring.length] ?? 0
    return out
  }

  return {
    get recording() {
      return recording
    },
    push(chunk) {
      if (recording && length < maxSamples) {
        const kept = chunk.subarray(0, maxSamples - length).slice()
        chunks.push(kept)
        length += kept.length
      }
      if (ring.length === 0) return
      for (let i = 0; i < chunk.length; i++) {
        ring[ringWrite] = chunk[i] ?? 0
        ringWrite = (ringWrite + 1) % ring.length
      }
      ringFilled = Math.min(ring.length, ringFilled + chunk.length)
    },
    begin() {
      const head = preRoll()
      chunks = [head]
      length = head.length
      recording = true
    },
    end(trimTailMs = 0) {
      recording = false
      const keep = Math.max(0, length - Math.round((sampleRate * trimTailMs) / 1000))
      const out = new Float32Array(keep)
      let offset = 0
      for (const chunk of chunks) {
        if (offset >= keep) break
        const part = chunk.subarray(0, keep - offset)
        out.set(part, offset)
        offset += part.length
      }
      chunks = []
      length = 0
      return out
    },
    cancel() {
      recording = false
      chunks = []
      length = 0
    },
  }
}
