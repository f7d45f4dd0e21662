/** The video call's timers by name (video.constants.ts), so a transition can start or clear one by name. */
export function createNamedTimers<Name extends string>() {
  const timers = new Map<Name, ReturnType<typeof setTimeout>>()
  const clear = (name: Name) => {
    clearTimeout(timers.get(name))
    clearInterval(timers.get(name))
    timers.delete(name)
  }
  return {
    /** Once after `ms` (replacing a timer of the same name). */
    later(name: Name, ms: number, fn: () => void) {
      clear(name)
      timers.set(name, setTimeout(fn, ms))
    },
    /** Every `ms` until cleared. */
    every(name: Name, ms: number, fn: () => void) {
      clear(name)
      timers.set(name, setInterval(fn, ms))
    },
    clear,
    clearAll() {
      for (const name of [...timers.keys()]) clear(name)
    },
  }
}
