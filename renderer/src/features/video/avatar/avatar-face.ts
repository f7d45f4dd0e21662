import type { SpeechTiming } from '../../../../../contract/speech-timing'

/*
 * How the local avatar's face moves (pure, so the feel is tested with numbers; issue #26): the mouth's shape
 * (a viseme: how open, how wide) at each moment of the speech from the voice's own timing, the blinks, and
 * the head's small movements at rest, while speaking, and turned to the visitor while they speak.
 */

export interface Viseme {
  /** How open the mouth is, 0 (lips together) .. 1 (wide open 'a'). */
  open: number
  /** How wide, 0 (rounded 'oo') .. 1 (spread 'ee'). */
  wide: number
}

export const REST: Viseme = { open: 0, wide: 0.5 }

const V = (open: number, wide: number): Viseme => ({ open, wide })

/** eSpeak NG's phoneme mnemonics (stress and length marks stripped) as mouth shapes. */
export function visemeOfPhoneme(phoneme: string): Viseme {
  const p = phoneme.replace(/[',:;!#%=\d]/g, '')
  if (p === '' || p.startsWith('_')) return REST
  const first = p[0] as string
  if ('pbm'.includes(first)) return V(0, 0.45)
  if ('fv'.includes(first)) return V(0.08, 0.55)
  if (first === 'w') return V(0.2, 0.1)
  if ('TD'.includes(first)) return V(0.22, 0.55)
  if ('aA&'.includes(first)) return V(0.9, 0.6)
  if ('oO'.includes(first)) return V(0.65, 0.15)
  if ('uU'.includes(first)) return V(0.32, 0.05)
  if ('eE'.includes(first)) return V(0.55, 0.8)
  if ('iIy'.includes(first)) return V(0.32, 0.95)
  if ('@3V0'.includes(first)) return V(0.5, 0.5)
  if ('kgNhxqG'.includes(first)) return V(0.35, 0.5)
  if ('SZ'.includes(first) || p.startsWith('tS') || p.startsWith('dZ')) return V(0.25, 0.25)
  // s z t d n l r j and the rest: teeth nearly together.
  return V(0.2, 0.65)
}

/** A letter of the spoken text (ElevenLabs' character alignment) as a mouth shape. */
export function visemeOfCharacter(character: string): Viseme {
  const c = character
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
  if (!/\p{L}/u.test(c)) return REST
  if ('pbm'.includes(c)) return V(0, 0.45)
  if ('fv'.includes(c)) return V(0.08, 0.55)
  if (c === 'w') return V(0.2, 0.1)
  if (c === 'a') return V(0.85, 0.6)
  if (c === 'o') return V(0.65, 0.15)
  if (c === 'u') return V(0.32, 0.05)
  if (c === 'e') return V(0.5, 0.8)
  if ('iy'.includes(c)) return V(0.32, 0.95)
  if ('kgh'.includes(c)) return V(0.35, 0.5)
  return V(0.2, 0.65)
}

/** One mouth shape held at a moment of the speech (ms from its start). */
export interface VisemeKey extends Viseme {
  at: number
}

/** Longer than this, a pause closes the mouth in the middle of it, not only where the next sound is. */
const PAUSE_CLOSE_MS = 120

/**
 * The mouth's keyframes for a sentence: each sound's shape at its middle (the lips move between sounds,
 * not in steps), closed at the start, the end, and inside long pauses.
 */
export function visemeTimeline(timing: SpeechTiming): VisemeKey[] {
  const shape = timing.kind === 'phonemes' ? visemeOfPhoneme : visemeOfCharacter
  const keys: VisemeKey[] = []
  const first = timing.marks[0]
  if (first) keys.push({ at: Math.max(0, first[1] - 40), ...REST })
  for (const [sound, start, end] of timing.marks) {
    const viseme = shape(sound)
    if (viseme === REST && end - start > PAUSE_CLOSE_MS) {
      keys.push({ at: start + 50, ...REST }, { at: end - 50, ...REST })
      continue
    }
    keys.push({ at: (start + end) / 2, ...viseme })
  }
  const last = timing.marks.at(-1)
  if (last) keys.push({ at: last[2] + 40, ...REST })
  return keys.sort((a, b) => a.at - b.at)
}

const smoothstep = (x: number) => x * x * (3 - 2 * x)

/** The mouth at `ms` of the speech: between the two keyframes around it, eased. */
export function mouthAt(keys: readonly VisemeKey[], ms: number): Viseme {
  if (keys.length === 0) return REST
  let low = 0
  let high = keys.length - 1
  const head = keys[0] as VisemeKey
  const tail = keys[high] as VisemeKey
  if (ms <= head.at) return head.at - ms > 60 ? REST : { open: head.open, wide: head.wide }
  if (ms >= tail.at) return REST
  while (high - low > 1) {
    const mid = (low + high) >> 1
    if ((keys[mid] as VisemeKey).at <= ms) low = mid
    else high = mid
  }
  const a = keys[low] as VisemeKey
  const b = keys[high] as VisemeKey
  const t = b.at > a.at ? smoothstep((ms - a.at) / (b.at - a.at)) : 1
  return { open: a.open + (b.open - a.open) * t, wide: a.wide + (b.wide - a.wide) * t }
}

/** Without the voice's timing: the mouth opens with the loudness of what is playing (0..1). */
export const mouthOfLevel = (amount: number): Viseme => ({
  open: Math.min(0.8, Math.max(0, (amount - 0.08) * 1.1)),
  wide: 0.55,
})

/** Reduced motion: the mouth still shows that the clone speaks, in a smaller movement. */
export const REDUCED_MOUTH = 0.45

// ---------------------------------------------------------------------------------------------------------

export const BLINK = {
  /** Between blinks: at least this long, plus up to `spreadMs` more (people blink every 2 to 6 s). */
  minGapMs: 2200,
  spreadMs: 3800,
  /** A share of blinks come as a quick double blink. */
  doubleChance: 0.15,
  doubleGapMs: 260,
  closeMs: 70,
  holdMs: 40,
  openMs: 140,
} as const

const BLINK_MS = BLINK.closeMs + BLINK.holdMs + BLINK.openMs

/** When the blinks come: randomized natural intervals, scheduled ahead as the time goes. */
export function createBlinker(random: () => number = Math.random, startMs = 0) {
  let next = startMs + 800 + random() * 1600
  let current: number | null = null
  const gap = () => BLINK.minGapMs + random() * BLINK.spreadMs
  return {
    /** How closed the eyelids are at `ms` (0 open .. 1 closed); `ms` only goes forward. */
    at(ms: number): number {
      if (current !== null && ms - current >= BLINK_MS) current = null
      if (current === null && ms >= next) {
        current = next
        next = random() < BLINK.doubleChance ? current + BLINK.doubleGapMs : current + gap()
        if (ms - current >= BLINK_MS) {
          // A long pause (hidden tab): the blinks missed are not played back.
          current = null
          next = ms + gap()
        }
      }
      return current === null ? 0 : blinkShape(ms - current)
    },
    get nextAt() {
      return next
    },
  }
}

/** A blink's lid over its course: closes fast, holds, opens slower. */
export function blinkShape(sinceMs: number): number {
  if (sinceMs < 0 || sinceMs >= BLINK_MS) return 0
  if (sinceMs < BLINK.closeMs) return smoothstep(sinceMs / BLINK.closeMs)
  if (sinceMs < BLINK.closeMs + BLINK.holdMs) return 1
  return 1 - smoothstep((sinceMs - BLINK.closeMs - BLINK.holdMs) / BLINK.openMs)
}

// ---------------------------------------------------------------------------------------------------------

export interface HeadPose {
  /** Offset as a share of the portrait's size. */
  x: number
  y: number
  /** Lean toward the camera: 1 at rest. */
  scale: number
}

export const HEAD = {
  /** The wander at rest, as a share of the portrait's size, and its slow periods. */
  wander: 0.006,
  periodsMs: [5300, 3700, 7100, 4300] as const,
  /** Turned to the visitor while they speak: the wander mostly settles and it leans in a little. No roll:
   * rotating the photo triples a frame's cost in Chromium's software canvas (scripts/bench-avatar.ts). */
  attentiveWander: 0.35,
  attentiveLean: 0.015,
  /** Speaking nods a little with the open mouth. */
  speakingNod: 0.004,
  /** How quickly attention comes and goes (ms). */
  attentionRiseMs: 250,
  attentionFallMs: 900,
} as const

/**
 * The head at `ms`: `attention` (0..1, smoothed, how much the visitor is speaking) turns it to them, `open`
 * (0..1) nods it a little with the speech. Reduced motion holds it still.
 */
export function headPose(ms: number, attention: number, open: number, reducedMotion: boolean): HeadPose {
  if (reducedMotion) return { x: 0, y: 0, scale: 1 }
  const [a, b, c, d] = HEAD.periodsMs
  const wave = (period: number) => Math.sin((2 * Math.PI * ms) / period)
  const wander = HEAD.wander * (1 - (1 - HEAD.attentiveWander) * attention)
  return {
    x: wander * (0.7 * wave(a) + 0.3 * wave(b)),
    y: wander * (0.6 * wave(c) + 0.4 * wave(d)) + HEAD.speakingNod * open,
    scale: 1 + HEAD.attentiveLean * attention,
  }
}

/** Attention follows the visitor's voice: quick to turn to them, slow to turn away. */
export function followAttention(current: number, target: number, elapsedMs: number): number {
  const tau = target > current ? HEAD.attentionRiseMs : HEAD.attentionFallMs
  return current + (target - current) * (1 - Math.exp(-Math.max(0, elapsedMs) / tau))
}

/** The visitor's microphone level (RMS) that counts as speaking to the clone. */
export const VISITOR_SPEAKING_LEVEL = 0.02
