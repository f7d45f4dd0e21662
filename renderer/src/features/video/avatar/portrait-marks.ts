/*
 * Where the eyes and the mouth are on a portrait (issue #26): the local avatar blinks the eyes and moves the
 * mouth there. Points are shares of the image's width and height (0..1); an eye's radius and the mouth's
 * width are shares of the image's width. Without marks the avatar glows with its voice instead.
 */

import type { FaceMarks } from '../../../../../contract/face-marks'

export type { FaceMarks, FacePoint } from '../../../../../contract/face-marks'

const px = (v: number) => v / 256

/**
 * The seeded clones' portraits (server/seed/media/clones/*.svg, 256 x 256), marked from their drawings:
 * eyes are the dark circles, the mouth is the smile's curve.
 */
export const SEEDED_PORTRAIT_MARKS: Readonly<Record<string, FaceMarks>> = {
  '/media/clones/lena-hart.svg': {
    leftEye: { x: px(112), y: px(118), r: px(7) },
    rightEye: { x: px(144), y: px(118), r: px(7) },
    mouth: { x: px(128), y: px(144), w: px(32) },
  },
  '/media/clones/tomas-rivera.svg': {
    leftEye: { x: px(112), y: px(116), r: px(7) },
    rightEye: { x: px(144), y: px(116), r: px(7) },
    mouth: { x: px(128), y: px(153), w: px(30) },
  },
}

/** The marks of a portrait: the seeded portraits' own, else none (the glow). */
export function presetMarks(imageUrl: string | null): FaceMarks | null {
  if (!imageUrl) return null
  const base = globalThis.location?.href ?? 'http://localhost/'
  try {
    return SEEDED_PORTRAIT_MARKS[new URL(imageUrl, base).pathname] ?? null
  } catch {
    return null
  }
}
