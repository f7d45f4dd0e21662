import type { HeadPose, Viseme } from './avatar-face'
import { type Box, coverCrop, portraitBox } from './avatar-motion'
import type { FaceMarks } from './portrait-marks'

/*
 * The talking portrait on the canvas (issue #26): the photo itself, warped around the marked mouth and with
 * eyelids drawn over the marked eyes, never a drawn face pasted on it. The mouth opens by stretching the
 * chin below it down and the upper lip a little up, in thin columns whose shift follows an ellipse (no
 * seams at its corners), and the gap between the lips is the inside of a mouth: dark, a hint of teeth.
 * The lids are the skin just above the eye, sampled once. The background and the portrait at its drawn
 * size are drawn once into canvases of their own, so a frame is a handful of image copies (well under 2 ms,
 * scripts/bench-avatar.ts).
 */

export interface FaceFrame {
  head: HeadPose
  mouth: Viseme
  /** 0 open .. 1 closed. */
  blink: number
  /** The ring's opacity. */
  ring: number
}

export interface FaceDrawer {
  draw(ctx: CanvasRenderingContext2D, frame: FaceFrame): void
  /** Where the mouth is on the canvas at rest (the canvas's own pixels), with the chin below it. */
  readonly mouthBox: Box
}

const ACCENT = '147, 197, 253'
/** The portrait is drawn a little larger than its circle, so the head's movements never show an edge. */
const OVERSCAN = 1.08
/** Columns of the mouth's warp. */
const COLUMNS = 12
const FALLBACK_LID = 'rgb(201, 154, 122)'

type Canvas = HTMLCanvasElement

function makeCanvas(doc: Document, width: number, height: number): Canvas {
  const canvas = doc.createElement('canvas')
  canvas.width = width
  canvas.height = height
  return canvas
}

/** The average colour of a few pixels around (x, y), or null when the canvas cannot be read. */
function sampleColor(canvas: Canvas, x: number, y: number, size: number): string | null {
  try {
    const s = Math.max(1, Math.round(size))
    const data = canvas
      .getContext('2d')
      ?.getImageData(Math.round(x - s / 2), Math.round(y - s / 2), s, s).data
    if (!data) return null
    let r = 0
    let g = 0
    let b = 0
    let n = 0
    for (let i = 0; i < data.length; i += 4) {
      if ((data[i + 3] ?? 0) < 200) continue
      r += data[i] ?? 0
      g += data[i + 1] ?? 0
      b += data[i + 2] ?? 0
      n++
    }
    return n ? `rgb(${Math.round(r / n)}, ${Math.round(g / n)}, ${Math.round(b / n)})` : null
  } catch {
    return null
  }
}

export function createFaceDrawer(
  doc: Document,
  image: CanvasImageSource & { naturalWidth: number; naturalHeight: number },
  marks: FaceMarks,
  width: number,
  height: number,
): FaceDrawer {
  const box = portraitBox(width, height)
  const cx = box.x + box.width / 2
  const cy = box.y + box.height / 2
  const radius = box.width / 2
  const side = Math.ceil(box.width * OVERSCAN)

  const background = makeCanvas(doc, width, height)
  const bg = background.getContext('2d')
  if (bg) {
    const gradient = bg.createLinearGradient(0, 0, 0, height)
    gradient.addColorStop(0, '#111827')
    gradient.addColorStop(1, '#030712')
    bg.fillStyle = gradient
    bg.fillRect(0, 0, width, height)
  }

  const { naturalWidth: nw, naturalHeight: nh } = image
  const crop = coverCrop(nw, nh, { x: 0, y: 0, width: side, height: side })
  const face = makeCanvas(doc, side, side)
  face.getContext('2d')?.drawImage(image, crop.x, crop.y, crop.width, crop.height, 0, 0, side, side)
  const scale = side / crop.width
  const fx = (u: number) => (u * nw - crop.x) * scale
  const fy = (v: number) => (v * nh - crop.y) * scale
  const fw = (share: number) => share * nw * scale

  const mouth = { x: fx(marks.mouth.x), y: fy(marks.mouth.y), w: fw(marks.mouth.w) }
  const eyes = [marks.leftEye, marks.rightEye].map((eye) => {
    const e = { x: fx(eye.x), y: fy(eye.y), r: fw(eye.r) }
    return { ...e, lid: sampleColor(face, e.x, e.y - e.r * 1.25, e.r * 0.4) ?? FALLBACK_LID }
  })
  const jaw = mouth.w * 0.95
  const lip = mouth.w * 0.35
  const painted = new WeakSet<CanvasRenderingContext2D>()
  const margin = Math.ceil(Math.max(2, radius * 0.025) * 2 + 2)
  const dirty = {
    x: Math.floor(cx - radius - margin),
    y: Math.floor(cy - radius - margin),
    side: Math.ceil(2 * (radius + margin)),
  }
  // The face canvas's origin on the main canvas, at rest.
  const origin = { x: cx - side / 2, y: cy - side / 2 }

  const drawMouth = (ctx: CanvasRenderingContext2D, { open, wide }: Viseme) => {
    if (open < 0.03) return
    const half = mouth.w * 0.5 * (0.62 + 0.38 * wide)
    const down = mouth.w * 0.3 * open
    const up = mouth.w * 0.07 * open
    const left = Math.floor(mouth.x - half)
    const columnWidth = Math.ceil((half * 2) / COLUMNS)
    for (let i = 0; i < COLUMNS; i++) {
      const sx = left + i * columnWidth
      const dx = (sx + columnWidth / 2 - mouth.x) / half
      const profile = Math.sqrt(Math.max(0, 1 - dx * dx))
      if (profile <= 0) continue
      const d = down * profile
      const u = up * profile
      ctx.drawImage(face, sx, mouth.y, columnWidth, jaw, sx, mouth.y + d, columnWidth, jaw - d)
      ctx.drawImage(face, sx, mouth.y - lip, columnWidth, lip, sx, mouth.y - lip, columnWidth, lip - u)
    }
    // The inside: between the moved lips, an ellipse from the upper lip's edge to the lower's.
    const top = mouth.y - up
    const bottom = mouth.y + down
    const my = (top + bottom) / 2
    const ry = (bottom - top) / 2
    ctx.save()
    ctx.beginPath()
    ctx.ellipse(mouth.x, my, half * 0.96, ry, 0, 0, Math.PI * 2)
    ctx.fillStyle = '#2a0f0e'
    ctx.fill()
    ctx.clip()
    if (open > 0.3) {
      // Upper teeth, faint, and the tongue's shade low in the mouth.
      ctx.fillStyle = `rgba(240, 234, 224, ${Math.min(0.75, (open - 0.3) * 1.5)})`
      ctx.fillRect(mouth.x - half * 0.7, top, half * 1.4, ry * 0.42)
      ctx.fillStyle = 'rgba(150, 60, 58, 0.55)'
      ctx.beginPath()
      ctx.ellipse(mouth.x, bottom, half * 0.6, ry * 0.55, 0, 0, Math.PI * 2)
      ctx.fill()
    }
    ctx.restore()
  }

  const drawLids = (ctx: CanvasRenderingContext2D, blink: number) => {
    if (blink < 0.02) return
    for (const eye of eyes) {
      const rx = eye.r * 1.15
      const ry = eye.r
      const edge = eye.y - ry + 2 * ry * blink
      ctx.save()
      ctx.beginPath()
      ctx.ellipse(eye.x, eye.y, rx, ry, 0, 0, Math.PI * 2)
      ctx.clip()
      ctx.fillStyle = eye.lid
      ctx.fillRect(eye.x - rx, eye.y - ry - 1, rx * 2, edge - (eye.y - ry) + 1)
      ctx.strokeStyle = 'rgba(40, 26, 22, 0.75)'
      ctx.lineWidth = Math.max(1, eye.r * 0.16)
      ctx.beginPath()
      ctx.moveTo(eye.x - rx, edge - ry * 0.15 * blink)
      ctx.quadraticCurveTo(eye.x, edge + ry * 0.2 * (1 - blink), eye.x + rx, edge - ry * 0.15 * blink)
      ctx.stroke()
      ctx.restore()
    }
  }

  return {
    mouthBox: {
      x: origin.x + mouth.x - mouth.w * 0.6,
      y: origin.y + mouth.y - lip * 0.5,
      width: mouth.w * 1.2,
      height: lip * 0.5 + mouth.w * 0.45,
    },
    draw(ctx, { head, mouth: viseme, blink, ring }) {
      // The whole background once; then only the square the portrait and its ring change.
      if (!painted.has(ctx)) {
        ctx.drawImage(background, 0, 0)
        painted.add(ctx)
      } else {
        ctx.drawImage(
          background,
          dirty.x,
          dirty.y,
          dirty.side,
          dirty.side,
          dirty.x,
          dirty.y,
          dirty.side,
          dirty.side,
        )
      }
      ctx.save()
      ctx.beginPath()
      ctx.arc(cx, cy, radius, 0, Math.PI * 2)
      ctx.clip()
      ctx.translate(cx + head.x * box.width, cy + head.y * box.width)
      ctx.scale(head.scale, head.scale)
      ctx.translate(-side / 2, -side / 2)
      ctx.drawImage(face, 0, 0)
      drawMouth(ctx, viseme)
      drawLids(ctx, blink)
      ctx.restore()
      ctx.strokeStyle = `rgba(${ACCENT}, ${ring})`
      ctx.lineWidth = Math.max(2, radius * 0.025)
      ctx.beginPath()
      ctx.arc(cx, cy, radius + ctx.lineWidth, 0, Math.PI * 2)
      ctx.stroke()
    },
  }
}
