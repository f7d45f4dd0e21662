/** A hidden page paints no frames: past this, the work runs without waiting for one. */
const NO_FRAME_FALLBACK_MS = 100

/**
 * Runs `work` in a task of its own once the browser has painted the current frame (a timeout queued from
 * an animation frame runs after that frame's paint), so work that can wait (a route change, refetching
 * lists, building a long thread) does not lengthen the task that put something new on screen. Without
 * animation frames (tests, workers, a hidden tab) it only waits for a task. Answers a cancel.
 */
export function afterPaint(work: () => void): () => void {
  let frame: number | undefined
  let fallback: ReturnType<typeof setTimeout> | undefined
  let timer: ReturnType<typeof setTimeout> | undefined
  const queue = () => {
    if (timer !== undefined) return
    if (frame !== undefined) cancelAnimationFrame(frame)
    clearTimeout(fallback)
    timer = setTimeout(work, 0)
  }
  if (typeof requestAnimationFrame === 'function') {
    frame = requestAnimationFrame(queue)
    fallback = setTimeout(queue, NO_FRAME_FALLBACK_MS)
  } else queue()
  return () => {
    if (frame !== undefined) cancelAnimationFrame(frame)
    clearTimeout(fallback)
    clearTimeout(timer)
  }
}
