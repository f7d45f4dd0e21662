import type { FaceMarks, FacePoint } from '../../../../contract/face-marks'

/*
 * The studio's face marking (issue #26 part 1): three marks on the portrait (each eye, the mouth), moved by
 * pointer or arrow keys, and the mouth's width. Positions are shares of the picture (0..1), as the avatar
 * reads them (contract/face-marks.ts).
 */

export type MarkName = 'leftEye' | 'rightEye' | 'mouth'
export const MARK_NAMES: readonly MarkName[] = ['leftEye', 'rightEye', 'mouth']

/** Where the marks start on a portrait never marked: a face framed as the crop step suggests. */
export const STARTING_MARKS: FaceMarks = {
  leftEye: { x: 0.38, y: 0.42, r: 0.03 },
  rightEye: { x: 0.62, y: 0.42, r: 0.03 },
  mouth: { x: 0.5, y: 0.68, w: 0.2 },
}

/** An arrow key's step (Shift: a larger one), as a share of the picture. */
export const KEY_STEP = 0.01
export const SHIFT_STEP = 0.05

const clamp = (v: number, min: number, max: number) => Math.min(max, Math.max(min, v))
const round = (v: number) => Math.round(v * 1000) / 1000

/** An eye's radius follows the distance between the eyes (a face's proportions), within the schema's range. */
export const eyeRadius = (left: FacePoint, right: FacePoint) =>
  round(clamp(Math.hypot(right.x - left.x, right.y - left.y) * 0.13, 0.005, 0.15))

/** The marks with one moved to `point` (kept on the picture), the eyes' size following them. */
export function moveMark(marks: FaceMarks, name: MarkName, point: FacePoint): FaceMarks {
  const at = { x: round(clamp(point.x, 0, 1)), y: round(clamp(point.y, 0, 1)) }
  const next: FaceMarks =
    name === 'mouth'
      ? { ...marks, mouth: { ...marks.mouth, ...at } }
      : { ...marks, [name]: { ...marks[name], ...at } }
  const r = eyeRadius(next.leftEye, next.rightEye)
  return { ...next, leftEye: { ...next.leftEye, r }, rightEye: { ...next.rightEye, r } }
}

/** The step an arrow key makes, or null for any other key. */
export function keyStep(key: string, shift: boolean): FacePoint | null {
  const step = shift ? SHIFT_STEP : KEY_STEP
  if (key === 'ArrowLeft') return { x: -step, y: 0 }
  if (key === 'ArrowRight') return { x: step, y: 0 }
  if (key === 'ArrowUp') return { x: 0, y: -step }
  if (key === 'ArrowDown') return { x: 0, y: step }
  return null
}

export const withMouthWidth = (marks: FaceMarks, w: number): FaceMarks => ({
  ...marks,
  mouth: { ...marks.mouth, w: round(clamp(w, 0.03, 0.6)) },
})

/** Marks the avatar can use: the left eye left of the right, the mouth below both (as the server checks). */
export const marksMakeAFace = (m: FaceMarks) =>
  m.leftEye.x < m.rightEye.x && m.mouth.y > Math.max(m.leftEye.y, m.rightEye.y)

/** A point of a pointer event over an element, as shares of its box. */
export const shareOf = (
  clientX: number,
  clientY: number,
  box: { left: number; top: number; width: number; height: number },
) => ({
  x: box.width > 0 ? (clientX - box.left) / box.width : 0,
  y: box.height > 0 ? (clientY - box.top) / box.height : 0,
})
