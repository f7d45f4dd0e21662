/**
 * Runs `work` in a task of its own once the browser has painted the current frame (a timeout queued from
 * an animation frame runs after that frame's paint), so work that can wait (a route change, refetching
 * lists, building a long thread) does not lengthen the task that put something new on screen. Without
 * animation frames (tests, workers) it only waits for a task. Answers a cancel.
 */
export function afterPaint(work: () => void): () => void {
  let frame: number | undefined
  let timer: ReturnType<typeof setTimeout> | undefined
  if (typeof requestAnimationFrame === 'function') {
    frame = requestAnimationFrame(() => {
      frame = undefined
      timer = setTimeout(work, 0)
    })
  } else timer = setTimeout(work, 0)
  return () => {
    if (frame !== undefined) cancelAnimationFrame(frame)
    clearTimeout(timer)
  }
}
