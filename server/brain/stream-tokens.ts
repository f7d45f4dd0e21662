/**
 * Splits an answer into the word-level tokens a model would stream: each token keeps the
 * whitespace before it, and a citation marker such as ' [1]' is a token of its own so the
 * renderer can turn it into a label as soon as it arrives (spec 1 §2 'clickable citation markers').
 * Joining the tokens gives back the text exactly.
 */
const TOKEN = /\s*(?:\[\d{1,2}\]|\[|[^\s[]+)|\s+$/g

export function streamTokens(text: string): string[] {
  return text.match(TOKEN) ?? []
}

/** The pause before the next token: `delayMs` on average, give or take a third (a model's rhythm). */
export function tokenPause(delayMs: number, random: () => number = Math.random): number {
  if (delayMs <= 0) return 0
  return Math.max(0, Math.round(delayMs * (2 / 3 + (2 / 3) * random())))
}

/** Waits `ms`, or rejects with the signal's reason as soon as it aborts. */
export function pause(ms: number, signal: AbortSignal): Promise<void> {
  if (signal.aborted) return Promise.reject(signal.reason)
  return new Promise((resolve, reject) => {
    const onAbort = () => {
      clearTimeout(timer)
      reject(signal.reason)
    }
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort)
      resolve()
    }, ms)
    signal.addEventListener('abort', onAbort, { once: true })
  })
}
