import { z } from 'zod/mini'

/*
 * Where the eyes and the mouth are on a clone's portrait (issue #26 part 1): the creator marks them in the
 * studio's portrait step, and the local avatar blinks the eyes and moves the mouth there. Points are shares
 * of the image's width and height (0..1); an eye's radius and the mouth's width are shares of its width.
 */

const share = z.number().check(z.gte(0), z.lte(1))
const EyeMark = z.object({ x: share, y: share, r: z.number().check(z.gte(0.005), z.lte(0.15)) })
const MouthMark = z.object({ x: share, y: share, w: z.number().check(z.gte(0.03), z.lte(0.6)) })

export const FaceMarks = z.object({ leftEye: EyeMark, rightEye: EyeMark, mouth: MouthMark }).check(
  z.refine((m) => m.leftEye.x < m.rightEye.x, {
    error: 'The left eye (as you look at the picture) is left of the right one.',
  }),
  z.refine((m) => m.mouth.y > Math.max(m.leftEye.y, m.rightEye.y), {
    error: 'The mouth is below the eyes.',
  }),
)
export type FaceMarks = z.infer<typeof FaceMarks>
export type FacePoint = { x: number; y: number }

/** PUT /api/studio/:slug/face-marks: the marks, or null to take them away (the avatar glows instead). */
export const FaceMarksUpdate = z.object({ faceMarks: z.nullable(FaceMarks) })
export type FaceMarksUpdate = z.infer<typeof FaceMarksUpdate>
