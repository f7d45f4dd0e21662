import { createHash } from 'node:crypto'
import type { Speech } from './provider'

/** A bounded in-process cache of spoken answers: the same answer is often played more than once. */
export function createSpeechCache(maxEntries = 100, maxBytes = 64 * 1024 * 1024) {
  const entries = new Map<string, Speech>()
  let bytes = 0
  const keyOf = (...parts: string[]) => createHash('sha256').update(parts.join('\u0000')).digest('hex')
  return {
    keyOf,
    get(key: string): Speech | undefined {
      const hit = entries.get(key)
      if (hit) {
        // Refresh recency.
        entries.delete(key)
        entries.set(key, hit)
      }
      return hit
    },
    set(key: string, speech: Speech) {
      if (speech.audio.length > maxBytes) return
      const previous = entries.get(key)
      if (previous) {
        bytes -= previous.audio.length
        entries.delete(key)
      }
      entries.set(key, speech)
      bytes += speech.audio.length
      for (const [oldest, value] of entries) {
        if (entries.size <= maxEntries && bytes <= maxBytes) break
        entries.delete(oldest)
        bytes -= value.audio.length
      }
    },
    get size() {
      return entries.size
    },
  }
}
