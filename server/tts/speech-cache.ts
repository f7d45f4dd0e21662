import { createHash } from 'node:crypto'
import { LRUCache } from 'lru-cache'
import type { Speech } from './provider'

/**
 * A bounded in-process cache of spoken answers (the same answer is often played more than once): at most
 * `maxEntries` answers and `maxBytes` of audio, least recently played leave first; one answer larger than
 * `maxBytes` is never kept.
 */
export function createSpeechCache(maxEntries = 100, maxBytes = 64 * 1024 * 1024) {
  const entries = new LRUCache<string, Speech>({
    max: maxEntries,
    maxSize: maxBytes,
    // lru-cache wants a positive size: an empty answer still takes a slot.
    sizeCalculation: (speech) => Math.max(1, speech.audio.length),
  })
  const keyOf = (...parts: string[]) => createHash('sha256').update(parts.join('\u0000')).digest('hex')
  return {
    keyOf,
    get: (key: string): Speech | undefined => entries.get(key),
    set(key: string, speech: Speech) {
      entries.set(key, speech)
    },
    get size() {
      return entries.size
    },
  }
}
