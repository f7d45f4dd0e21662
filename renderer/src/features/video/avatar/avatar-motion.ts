/*
 * How the local avatar moves (pure, so the feel is tested with numbers): the clone's portrait breathes
 * slowly while silent, and while it speaks a soft glow and ring pulse with its voice and the portrait grows a
 * little. No mouth or jaw: portraits put the mouth anywhere (or show none), and a shading in the wrong place
 * or a bouncing chin on a photograph reads as uncanny. Reduced motion keeps the glow only (it holds still).
 */

export const AVATAR_MOTION = {
  /** One breath while silent. */
  breathMs: 4200,
  /** How much a breath grows the portrait. */
  breathScale: 0.008,
  /** How much the loudest voice grows the portrait. */
  speechScale: 0.035,
  /** The glow's reach beyond the portrait, as a share of its radius, at full voice. */
  glowReach: 0.16,
  /** The ring's opacity at rest and at full voice. */
  ringRest: 0.18,
  ringFull: 0.9,
  /** Smoothing: the level rises in about this long and falls in about that (ms). */
  attackMs: 60,
  releaseMs: 260,
  /** The speech level (RMS) that counts as full voice: speech RMS sits around 0.02..0.2. */
  fullVoiceLevel: 0.12,
} as const

/** A raw voice level (RMS) as 0..1 of full voice. */
export const voiceAmount = (level: number): number =>
  Math.min(1, Math.max(0, level / AVATAR_MOTION.fullVoiceLevel))

/**
 * Follows `target` from `current` over `elapsedMs`: quick to rise (syllables show) and slower to fall
 * (no flicker between them). Exponential, so it is the same at any frame rate.
 */
export function smoothLevel(current: number, target: number, elapsedMs: number): number {
  const tau = target > current ? AVATAR_MOTION.attackMs : AVATAR_MOTION.releaseMs
  const step = 1 - Math.exp(-Math.max(0, elapsedMs) / tau)
  return current + (target - current) * step
}

export interface AvatarPose {
  /** The portrait's scale (1 = at rest). */
  scale: number
  /** The glow's reach beyond the portrait, as a share of its radius. */
  glow: number
  /** The ring's opacity, 0..1. */
  ring: number
}

/** The pose at `timeMs` with the smoothed voice `amount` (0..1). */
export function avatarPose(timeMs: number, amount: number, reducedMotion: boolean): AvatarPose {
  const voice = Math.min(1, Math.max(0, amount))
  const glow = AVATAR_MOTION.glowReach * voice
  const ring = AVATAR_MOTION.ringRest + (AVATAR_MOTION.ringFull - AVATAR_MOTION.ringRest) * voice
  if (reducedMotion) return { scale: 1, glow, ring }
  // The breath fades out as the voice comes in: speaking is its own movement.
  const breath = Math.sin((2 * Math.PI * timeMs) / AVATAR_MOTION.breathMs) * (1 - voice)
  return {
    scale: 1 + AVATAR_MOTION.breathScale * breath + AVATAR_MOTION.speechScale * voice,
    glow,
    ring,
  }
}

export interface Box {
  x: number
  y: number
  width: number
  height: number
}

/** Where the avatar's square sits, centred in a width x height frame, leaving room for the glow. */
export function portraitBox(width: number, height: number): Box {
  const side = Math.min(width, height) / (1 + 2 * AVATAR_MOTION.glowReach) / 1.15
  return { x: (width - side) / 2, y: (height - side) / 2, width: side, height: side }
}

/** The visitor's camera as picture-in-picture: a quarter of the frame's width, in the bottom-right corner. */
export function pictureInPicture(
  frameWidth: number,
  frameHeight: number,
  videoWidth: number,
  videoHeight: number,
): Box {
  const margin = Math.round(frameWidth * 0.025)
  const width = Math.round(frameWidth / 4)
  const aspect = videoWidth > 0 && videoHeight > 0 ? videoHeight / videoWidth : 9 / 16
  const height = Math.round(width * aspect)
  return { x: frameWidth - width - margin, y: frameHeight - height - margin, width, height }
}

/** Draws an image to cover a box (cropped, never stretched): the source rectangle to draw. */
export function coverCrop(imageWidth: number, imageHeight: number, box: Box): Box {
  const scale = Math.max(box.width / imageWidth, box.height / imageHeight)
  const width = box.width / scale
  const height = box.height / scale
  return { x: (imageWidth - width) / 2, y: (imageHeight - height) / 2, width, height }
}
