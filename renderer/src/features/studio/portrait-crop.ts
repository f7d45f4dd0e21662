/** The side of the uploaded portrait, in pixels: sharp on a retina profile, small to upload. */
export const PORTRAIT_SIZE = 512

/**
 * The square of the picture a portrait shows: at zoom 1 the largest square that fits, smaller as the zoom
 * grows; `x` and `y` (0 to 1) place it from the left/top edge to the right/bottom one.
 */
export function cropRect(width: number, height: number, zoom: number, x: number, y: number) {
  const size = Math.min(width, height) / Math.max(1, zoom)
  const clamp = (v: number) => Math.min(1, Math.max(0, v))
  return { sx: (width - size) * clamp(x), sy: (height - size) * clamp(y), size }
}
