import { describe, expect, it } from 'vitest'
import { FaceMarks } from '../../../../../contract/face-marks'
import {
  eyeRadius,
  keyStep,
  marksMakeAFace,
  moveMark,
  STARTING_MARKS,
  shareOf,
  withMouthWidth,
} from '../../../../../renderer/src/features/studio/face-marking'

describe('face marking in the studio', () => {
  it('starts from marks the server accepts', () => {
    expect(FaceMarks.safeParse(STARTING_MARKS).success).toBe(true)
    expect(marksMakeAFace(STARTING_MARKS)).toBe(true)
  })

  it('moves a mark within the picture, the eyes’ size following their distance', () => {
    const wider = moveMark(STARTING_MARKS, 'rightEye', { x: 0.8, y: 0.42 })
    expect(wider.rightEye).toMatchObject({ x: 0.8, y: 0.42 })
    expect(wider.leftEye.r).toBe(wider.rightEye.r)
    expect(wider.rightEye.r).toBeGreaterThan(STARTING_MARKS.rightEye.r)
    expect(wider.rightEye.r).toBe(eyeRadius(wider.leftEye, wider.rightEye))
    const off = moveMark(STARTING_MARKS, 'mouth', { x: 1.7, y: -0.2 })
    expect(off.mouth).toMatchObject({ x: 1, y: 0, w: STARTING_MARKS.mouth.w })
    expect(marksMakeAFace(off)).toBe(false)
  })

  it('steps with the arrow keys, further with Shift, and ignores other keys', () => {
    expect(keyStep('ArrowDown', false)).toEqual({ x: 0, y: 0.01 })
    expect(keyStep('ArrowLeft', true)).toEqual({ x: -0.05, y: 0 })
    expect(keyStep('Enter', false)).toBeNull()
  })

  it('keeps the mouth’s width and a pointer’s position to what the avatar can use', () => {
    expect(withMouthWidth(STARTING_MARKS, 2).mouth.w).toBe(0.6)
    expect(shareOf(150, 75, { left: 100, top: 50, width: 200, height: 100 })).toEqual({ x: 0.25, y: 0.25 })
  })
})
