import { describe, expect, it } from 'vitest'
import type { SpeechTiming } from '../../../../../../contract/speech-timing'
import {
  BLINK,
  blinkShape,
  createBlinker,
  followAttention,
  HEAD,
  headPose,
  mouthAt,
  REST,
  visemeOfCharacter,
  visemeOfPhoneme,
  visemeTimeline,
} from '../../../../../../renderer/src/features/video/avatar/avatar-face'
import {
  createSpeechTrack,
  followSpeech,
  timedBlob,
} from '../../../../../../renderer/src/features/video/avatar/avatar-speech'
import { presetMarks } from '../../../../../../renderer/src/features/video/avatar/portrait-marks'
import type { CallAudio, SpeechPlayback } from '../../../../../../renderer/src/features/voice'

// eSpeak NG's timing of 'Hello there' (server/tts/espeak-timing.ts on this machine).
const HELLO: SpeechTiming = {
  kind: 'phonemes',
  marks: [
    ['h', 12, 66],
    ['@', 66, 118],
    ['l', 118, 197],
    ["'oU", 197, 339],
    ['D', 339, 432],
    ["'e@", 432, 749],
    ['_:', 749, 915],
    ['m', 915, 980],
    ['aU', 980, 1110],
  ],
}

/** A seeded random sequence (mulberry32). */
function seeded(seed: number) {
  let a = seed
  return () => {
    a = (a + 0x6d2b79f5) | 0
    let t = Math.imul(a ^ (a >>> 15), 1 | a)
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

describe('the viseme timeline from phoneme timings', () => {
  it('gives open vowels an open mouth, lips closed on m, b, p, rounded lips on o and u, none in a pause', () => {
    expect(visemeOfPhoneme('aU').open).toBeGreaterThan(0.8)
    expect(visemeOfPhoneme('m')).toMatchObject({ open: 0 })
    expect(visemeOfPhoneme("'oU").wide).toBeLessThan(0.3)
    expect(visemeOfPhoneme('i:').wide).toBeGreaterThan(0.8)
    expect(visemeOfPhoneme('_:')).toBe(REST)
    expect(visemeOfCharacter('á').open).toBeGreaterThan(0.8)
    expect(visemeOfCharacter(' ')).toBe(REST)
  })

  it('holds each sound at its middle, eases between them, closes in long pauses and after the end', () => {
    const keys = visemeTimeline(HELLO)
    for (let i = 1; i < keys.length; i++) expect(keys[i]?.at).toBeGreaterThanOrEqual(keys[i - 1]?.at ?? 0)
    // The middle of 'oU' (268 ms) is its shape; of 'e@' (590 ms) its own.
    expect(mouthAt(keys, 268)).toEqual(visemeOfPhoneme("'oU"))
    expect(mouthAt(keys, 590).open).toBeCloseTo(visemeOfPhoneme("'e@").open)
    // Between them the mouth is between the two.
    const between = mouthAt(keys, 300).open
    expect(between).toBeGreaterThan(Math.min(0.22, 0.65) - 1e-9)
    // The 166 ms pause closes the mouth in its middle, the 'm' has lips together, the end rests.
    expect(mouthAt(keys, 832).open).toBe(0)
    expect(mouthAt(keys, 947).open).toBe(0)
    expect(mouthAt(keys, 1045).open).toBeGreaterThan(0.8)
    expect(mouthAt(keys, 1200)).toEqual(REST)
    expect(mouthAt(keys, -500)).toEqual(REST)
  })

  it('never moves the mouth further than a frame allows: no jumps between 30 fps frames', () => {
    const keys = visemeTimeline(HELLO)
    let previous = mouthAt(keys, 0).open
    for (let t = 33; t < 1200; t += 33) {
      const open = mouthAt(keys, t).open
      expect(Math.abs(open - previous)).toBeLessThan(0.75)
      previous = open
    }
  })
})

describe('audio and mouth stay together', () => {
  it('shows, at each frame, the viseme of the audio heard at that moment (within 80 ms of the audio clock)', async () => {
    const track = createSpeechTrack()
    const notes = new WeakMap<object, SpeechTiming>()
    let clock = 0
    const buffer = { duration: 1.2 } as AudioBuffer
    let end: () => void = () => {}
    const audio = {
      sampleRate: 48_000,
      onPcm: null,
      level: () => 0,
      decode: async () => buffer,
      play: (): SpeechPlayback => ({
        ended: new Promise<void>((resolve) => (end = resolve)),
        stop: () => end(),
      }),
      speechLevel: () => 0,
      speechStream: () => ({}) as MediaStream,
      close: async () => {},
    } as unknown as CallAudio
    const followed = followSpeech(audio, track, notes, () => clock)
    const blob = timedBlob(new Blob([new Uint8Array(8)]), HELLO, notes)
    const decoded = await followed.decode(await blob.arrayBuffer())
    clock = 5000
    followed.play(decoded)
    const keys = visemeTimeline(HELLO)
    // The audio clock: ms since the playback started. Every frame of 30 fps matches the timeline at that time.
    for (let frame = 0; frame * 33.3 < 1100; frame++) {
      const audioMs = frame * 33.3
      const shown = track.mouth(5000 + audioMs)
      // The same shape as the timeline somewhere within 80 ms of the audio time.
      const candidates = [-80, -40, 0, 40, 80].map((d) => mouthAt(keys, audioMs + d).open)
      expect(shown).not.toBeNull()
      expect(Math.min(...candidates)).toBeLessThanOrEqual((shown?.open ?? 0) + 1e-9)
      expect(Math.max(...candidates)).toBeGreaterThanOrEqual((shown?.open ?? 0) - 1e-9)
      expect(shown?.open).toBeCloseTo(mouthAt(keys, audioMs).open, 6)
    }
    end()
    await Promise.resolve()
    await Promise.resolve()
    expect(track.mouth(5500)).toBeNull()
  })

  it('without timing the track says so (the level moves the mouth), and a stopped sentence stops the mouth', () => {
    const track = createSpeechTrack()
    const id = track.begin(null, 0)
    expect(track.mouth(100)).toBeNull()
    track.end(id)
    const next = track.begin(visemeTimeline(HELLO), 0)
    expect(track.mouth(1045)?.open).toBeGreaterThan(0.8)
    track.end(next)
    expect(track.mouth(1045)).toBeNull()
  })
})

describe('blinks', () => {
  it('come at randomized natural intervals: 2.2 to 6 s apart, a few doubles, never in a run', () => {
    const blinker = createBlinker(seeded(7))
    const starts: number[] = []
    let closed = false
    for (let t = 0; t < 120_000; t += 10) {
      const lid = blinker.at(t)
      if (lid > 0.5 && !closed) starts.push(t)
      closed = lid > 0.5
    }
    const gaps = starts.slice(1).map((t, i) => t - (starts[i] as number))
    expect(starts.length).toBeGreaterThan(120_000 / 6000)
    expect(starts.length).toBeLessThan(120_000 / 2000)
    const doubles = gaps.filter((g) => g < 1000)
    for (const g of doubles) expect(g).toBeCloseTo(BLINK.doubleGapMs, -2)
    expect(doubles.length).toBeLessThan(gaps.length / 3)
    for (const g of gaps.filter((g) => g >= 1000)) {
      expect(g).toBeGreaterThanOrEqual(BLINK.minGapMs - 20)
      expect(g).toBeLessThanOrEqual(BLINK.minGapMs + BLINK.spreadMs + 20)
    }
  })

  it('closes quickly, holds, opens more slowly, and is over in a quarter second', () => {
    expect(blinkShape(0)).toBe(0)
    expect(blinkShape(BLINK.closeMs + 10)).toBe(1)
    expect(blinkShape(30)).toBeGreaterThan(1 - blinkShape(BLINK.closeMs + BLINK.holdMs + 30))
    expect(blinkShape(BLINK.closeMs + BLINK.holdMs + BLINK.openMs)).toBe(0)
  })

  it('after a hidden tab, does not replay the blinks it missed', () => {
    const blinker = createBlinker(() => 0.5)
    expect(blinker.at(0)).toBe(0)
    expect(blinker.at(60_000)).toBe(0)
    expect(blinker.nextAt).toBeGreaterThan(60_000)
  })
})

describe('the head and the gaze', () => {
  it('moves slightly at rest, never more than the wander', () => {
    const xs = Array.from({ length: 200 }, (_, i) => headPose(i * 97, 0, 0, false))
    expect(Math.max(...xs.map((p) => p.x)) - Math.min(...xs.map((p) => p.x))).toBeGreaterThan(HEAD.wander)
    for (const p of xs) {
      expect(Math.abs(p.x)).toBeLessThanOrEqual(HEAD.wander)
      expect(p.scale).toBe(1)
    }
  })

  it('turns to the visitor while they speak: the wander settles and it leans in', () => {
    let attention = 0
    for (let t = 0; t < 1000; t += 33) attention = followAttention(attention, 1, 33)
    expect(attention).toBeGreaterThan(0.95)
    const listening = Array.from({ length: 200 }, (_, i) => headPose(i * 97, attention, 0, false))
    for (const p of listening) {
      expect(Math.abs(p.x)).toBeLessThanOrEqual(HEAD.wander * HEAD.attentiveWander + 1e-4)
      expect(p.scale).toBeGreaterThan(1.01)
    }
    // And turns back slowly when they stop.
    expect(followAttention(1, 0, 100)).toBeGreaterThan(0.85)
  })

  it('holds still with reduced motion', () => {
    for (let t = 0; t < 10_000; t += 500) expect(headPose(t, 1, 1, true)).toEqual({ x: 0, y: 0, scale: 1 })
  })
})

describe('portrait marks', () => {
  it('are preset for the seeded portraits, on their faces, and absent for others (the glow)', () => {
    const lena = presetMarks('/media/clones/lena-hart.svg')
    expect(lena?.leftEye.x).toBeLessThan(lena?.rightEye.x ?? 0)
    expect(lena?.mouth.y).toBeGreaterThan(lena?.leftEye.y ?? 1)
    expect(presetMarks('http://127.0.0.1:3000/media/clones/tomas-rivera.svg')).not.toBeNull()
    expect(presetMarks('/media/uploads/someone.jpg')).toBeNull()
    expect(presetMarks(null)).toBeNull()
  })
})
