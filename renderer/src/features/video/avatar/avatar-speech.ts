import type { SpeechTiming } from '../../../../../contract/speech-timing'
import type { CallAudio } from '../../voice'
import { mouthAt, type Viseme, type VisemeKey, visemeTimeline } from './avatar-face'

/*
 * Which sentence the clone is saying and how far into it the audio is (issue #26): the speech's timing
 * (contract/speech-timing.ts) follows its audio from the fetch to the playback, so the mouth shows, at each
 * frame, the sound the visitor hears. The audio's clock is the moment its playback started: an
 * AudioBufferSourceNode started at once plays from the next render quantum (under 3 ms at 48 kHz).
 */

export interface SpeechTrack {
  /** The mouth at `now` (performance.now()), or null when no timed speech is playing (use the level). */
  mouth(now: number): Viseme | null
  /** A sentence starts playing at `startedAt`; its keys are null when its voice gave no timing. */
  begin(keys: VisemeKey[] | null, startedAt: number): number
  end(id: number): void
}

export function createSpeechTrack(): SpeechTrack {
  let current: { id: number; keys: VisemeKey[] | null; startedAt: number } | null = null
  let ids = 0
  return {
    mouth(now) {
      if (!current?.keys) return null
      return mouthAt(current.keys, now - current.startedAt)
    },
    begin(keys, startedAt) {
      ids += 1
      current = { id: ids, keys, startedAt }
      return ids
    },
    end(id) {
      if (current?.id === id) current = null
    },
  }
}

/** A Blob that notes its timing on the bytes read from it, so the decoded audio finds it again. */
export function timedBlob(
  audio: Blob,
  timing: SpeechTiming | null,
  notes: WeakMap<object, SpeechTiming>,
): Blob {
  if (!timing) return audio
  const read = audio.arrayBuffer.bind(audio)
  return Object.assign(audio, {
    arrayBuffer: async () => {
      const bytes = await read()
      notes.set(bytes, timing)
      return bytes
    },
  })
}

/**
 * The call's audio with its speech followed: decode carries a sentence's timing from its bytes to its
 * AudioBuffer, and play starts (and ends) it on the track.
 */
export function followSpeech(
  audio: CallAudio,
  track: SpeechTrack,
  notes: WeakMap<object, SpeechTiming>,
  now: () => number,
): CallAudio {
  return {
    ...audio,
    sampleRate: audio.sampleRate,
    level: () => audio.level(),
    get onPcm() {
      return audio.onPcm
    },
    set onPcm(next) {
      audio.onPcm = next
    },
    async decode(data) {
      const timing = notes.get(data)
      const buffer = await audio.decode(data)
      if (timing) notes.set(buffer, timing)
      return buffer
    },
    play(buffer) {
      const timing = notes.get(buffer)
      const playback = audio.play(buffer)
      const id = track.begin(timing ? visemeTimeline(timing) : null, now())
      void playback.ended.then(() => track.end(id))
      return {
        ended: playback.ended,
        stop: () => {
          track.end(id)
          playback.stop()
        },
      }
    },
  }
}
