import { initialsOf } from '../../../../../contract/initials'
import {
  createBlinker,
  followAttention,
  headPose,
  mouthOfLevel,
  REDUCED_MOUTH,
  VISITOR_SPEAKING_LEVEL,
  type Viseme,
} from './avatar-face'
import {
  type AvatarPose,
  avatarPose,
  coverCrop,
  portraitBox,
  smoothLevel,
  voiceAmount,
} from './avatar-motion'
import { createFaceDrawer, type FaceDrawer } from './face-drawer'
import type { FaceMarks } from './portrait-marks'

/*
 * The local avatar on screen: the clone's portrait (or its initials) drawn on a canvas in the stage, moved by
 * the level of its own voice (avatar-motion.ts) at the display's frame rate. The canvas is 1280x720, the
 * recording's size (spec 2 §9), so the recording draws it as it is. Drawing stops while the tab is hidden.
 */

export const AVATAR_SIZE = { width: 1280, height: 720 } as const

const ACCENT = '147, 197, 253'

export interface Portrait {
  image: HTMLImageElement | null
  initials: string
}

/** Loads the portrait: the clone's image (same-origin /media, so the canvas stays readable) or its initials. */
export async function loadPortrait(imageUrl: string | null, name: string): Promise<Portrait> {
  const initials = initialsOf(name)
  if (!imageUrl) return { image: null, initials }
  const image = new Image()
  image.decoding = 'async'
  // Another origin's image (the desktop app's API server) would taint the canvas and stop the recording:
  // asked for with CORS, it draws cleanly or fails to load, and the initials stand in.
  const page = globalThis.location?.href
  if (page && new URL(imageUrl, page).origin !== new URL(page).origin) image.crossOrigin = 'anonymous'
  image.src = imageUrl
  try {
    await image.decode()
    return { image: image.naturalWidth > 0 ? image : null, initials }
  } catch {
    return { image: null, initials }
  }
}

export function drawAvatar(
  ctx: CanvasRenderingContext2D,
  width: number,
  height: number,
  pose: AvatarPose,
  portrait: Portrait,
): void {
  const background = ctx.createLinearGradient(0, 0, 0, height)
  background.addColorStop(0, '#111827')
  background.addColorStop(1, '#030712')
  ctx.fillStyle = background
  ctx.fillRect(0, 0, width, height)

  const box = portraitBox(width, height)
  const cx = box.x + box.width / 2
  const cy = box.y + box.height / 2
  const radius = (box.width / 2) * pose.scale

  if (pose.glow > 0.001) {
    const glow = ctx.createRadialGradient(cx, cy, radius, cx, cy, radius * (1 + pose.glow))
    glow.addColorStop(0, `rgba(${ACCENT}, 0.45)`)
    glow.addColorStop(1, `rgba(${ACCENT}, 0)`)
    ctx.fillStyle = glow
    ctx.beginPath()
    ctx.arc(cx, cy, radius * (1 + pose.glow), 0, Math.PI * 2)
    ctx.fill()
  }

  ctx.save()
  ctx.beginPath()
  ctx.arc(cx, cy, radius, 0, Math.PI * 2)
  ctx.clip()
  if (portrait.image) {
    const { naturalWidth, naturalHeight } = portrait.image
    const target = { x: cx - radius, y: cy - radius, width: radius * 2, height: radius * 2 }
    const crop = coverCrop(naturalWidth, naturalHeight, target)
    ctx.drawImage(
      portrait.image,
      crop.x,
      crop.y,
      crop.width,
      crop.height,
      target.x,
      target.y,
      target.width,
      target.height,
    )
  } else {
    ctx.fillStyle = '#374151'
    ctx.fillRect(cx - radius, cy - radius, radius * 2, radius * 2)
    ctx.fillStyle = '#f9fafb'
    ctx.font = `600 ${Math.round(radius * 0.7)}px system-ui, sans-serif`
    ctx.textAlign = 'center'
    ctx.textBaseline = 'middle'
    ctx.fillText(portrait.initials, cx, cy)
  }
  ctx.restore()

  ctx.strokeStyle = `rgba(${ACCENT}, ${pose.ring})`
  ctx.lineWidth = Math.max(2, radius * 0.025)
  ctx.beginPath()
  ctx.arc(cx, cy, radius + ctx.lineWidth, 0, Math.PI * 2)
  ctx.stroke()
}

export interface AvatarViewOptions {
  host: HTMLElement
  /** The canvas's accessible name (the clone's name). */
  label: string
  portrait: Portrait
  /** The clone's voice level now (RMS). */
  level(): number
  reducedMotion: boolean
  /** Where the portrait's eyes and mouth are: with them the face talks and blinks, without it glows. */
  marks?: FaceMarks | null
  /** The mouth the speech playing at `now` shows by its own timing; null when none is timed (the level). */
  mouth?(now: number): Viseme | null
  /** The visitor's microphone level now (RMS): the avatar turns to them while they speak. */
  visitorLevel?(): number
  /** The first frame is on screen (the replica's boot time, spec 2 §3 replicaBootDuration). */
  onFirstFrame(): void
}

export interface AvatarView {
  readonly canvas: HTMLCanvasElement
  destroy(): void
}

export function mountAvatarView(options: AvatarViewOptions): AvatarView {
  const { host, portrait, reducedMotion } = options
  const doc = host.ownerDocument
  const canvas = doc.createElement('canvas')
  canvas.width = AVATAR_SIZE.width
  canvas.height = AVATAR_SIZE.height
  canvas.dataset.testid = 'avatar-canvas'
  canvas.setAttribute('role', 'img')
  canvas.setAttribute('aria-label', options.label)
  // Fills the stage whatever its layout, letterboxed in the drawing's own dark (no light bars beside it).
  canvas.style.cssText =
    'position:absolute;inset:0;display:block;width:100%;height:100%;object-fit:contain;background:linear-gradient(#111827,#030712)'
  host.append(canvas)
  const ctx = canvas.getContext('2d')
  let amount = 0
  let attention = 0
  let last: number | null = null
  let frame: number | null = null
  let first = true
  const face: FaceDrawer | null =
    ctx && portrait.image && options.marks
      ? createFaceDrawer(doc, portrait.image, options.marks, canvas.width, canvas.height)
      : null
  const blinker = createBlinker()
  if (face) {
    const box = face.mouthBox
    canvas.dataset.face = 'true'
    canvas.dataset.mouthBox = [box.x, box.y, box.width, box.height].map(Math.round).join(',')
  }

  const draw = (time: number) => {
    frame = null
    const elapsed = last === null ? 0 : time - last
    amount = smoothLevel(amount, voiceAmount(options.level()), elapsed)
    last = time
    canvas.dataset.level = amount.toFixed(2)
    if (ctx && face) {
      const visitor = (options.visitorLevel?.() ?? 0) > VISITOR_SPEAKING_LEVEL && amount < 0.1 ? 1 : 0
      attention = followAttention(attention, visitor, elapsed)
      const spoken = options.mouth?.(time) ?? mouthOfLevel(amount)
      const mouth = reducedMotion ? { open: spoken.open * REDUCED_MOUTH, wide: spoken.wide } : spoken
      const blink = reducedMotion ? 0 : blinker.at(time)
      canvas.dataset.mouth = mouth.open.toFixed(2)
      face.draw(ctx, {
        head: headPose(time, attention, mouth.open, reducedMotion),
        mouth,
        blink,
        ring: avatarPose(time, amount, true).ring,
      })
    } else if (ctx) {
      drawAvatar(ctx, canvas.width, canvas.height, avatarPose(time, amount, reducedMotion), portrait)
    }
    if (first) {
      first = false
      options.onFirstFrame()
    }
    schedule()
  }
  const schedule = () => {
    if (frame === null && !doc.hidden) frame = requestAnimationFrame(draw)
  }
  const onVisibility = () => {
    if (!doc.hidden) return schedule()
    if (frame !== null) cancelAnimationFrame(frame)
    frame = null
  }
  doc.addEventListener('visibilitychange', onVisibility)
  // The first frame at once (even in a hidden tab): the replica is 'joined' when it is drawn.
  draw(performance.now())

  return {
    canvas,
    destroy() {
      doc.removeEventListener('visibilitychange', onVisibility)
      if (frame !== null) cancelAnimationFrame(frame)
      frame = null
      canvas.remove()
    },
  }
}
