/*
 * The clone's answer, cut into sentences as its tokens arrive, so each sentence is voiced while the next is
 * still being written (the first words play before the whole answer exists). A sentence ends at . ! ? … or a
 * new line; abbreviations, initials, decimals and list numbers do not end one. What is spoken has no [n]
 * citation markers and no markdown.
 */

/** Words whose trailing dot is not a sentence end (lowercase, inner dots kept). */
const ABBREVIATIONS = new Set([
  'mr',
  'mrs',
  'ms',
  'dr',
  'prof',
  'sr',
  'jr',
  'st',
  'vs',
  'fig',
  'approx',
  'inc',
  'ltd',
  'mt',
  'cf',
  'al',
  'e.g',
  'i.e',
  'a.m',
  'p.m',
])

/** A run without any sentence end this long is cut at its last comma or space (a listing, a long clause). */
export const MAX_SENTENCE_CHARS = 280

const TERMINATORS = '.!?…'
const CITATION_AT = /^\[\d+(?:\s*,\s*\d+)*\]/
const CLOSERS = `"'”’)]*_`

/** Where the sentence whose terminator is at `at` really ends (after closers and [n] markers), or -1 if unknown yet. */
function endAfterTerminator(text: string, at: number): number {
  let j = at
  while (j < text.length) {
    const ch = text[j] as string
    if (TERMINATORS.includes(ch) || CLOSERS.includes(ch)) {
      j++
      continue
    }
    if (ch === '[') {
      const rest = text.slice(j)
      const marker = CITATION_AT.exec(rest)
      if (marker) {
        j += marker[0].length
        continue
      }
      // '[' and digits of a marker that has not arrived whole yet.
      if (/^\[[\d\s,]*$/.test(rest)) return -1
    }
    return j
  }
  return -1
}

function isAbbreviationDot(text: string, at: number, lineStart: number): boolean {
  const before = text.slice(lineStart, at)
  const word = /[A-Za-z.]*$/.exec(before)?.[0] ?? ''
  if (ABBREVIATIONS.has(word.toLowerCase())) return true
  // An initial ('J. Smith').
  if (/^[A-Z]$/.test(word) && /(^|\s)[A-Z]$/.test(before)) return true
  // A list number at the start of a line ('1. First').
  return /^\s*\d+$/.test(before)
}

/** The index just past the first sentence end in `text`, or -1 if none is certain yet. */
export function sentenceEnd(text: string): number {
  let lineStart = 0
  for (let i = 0; i < text.length; i++) {
    const ch = text[i] as string
    if (ch === '\n') {
      if (text.slice(lineStart, i).trim()) return i + 1
      lineStart = i + 1
      continue
    }
    if (!TERMINATORS.includes(ch)) continue
    const end = endAfterTerminator(text, i)
    if (end === -1) return -1
    const next = text[end] as string
    if (!/\s/.test(next)) {
      i = end - 1
      continue
    }
    if (ch === '.' && isAbbreviationDot(text, i, lineStart)) {
      i = end - 1
      continue
    }
    return end
  }
  return -1
}

/** What is said aloud: no citation markers, links read as their text, no markdown marks. */
export function speakableText(text: string): string {
  const spoken = text
    .replace(/\s*\[\d+(?:\s*,\s*\d+)*\]/g, '')
    .replace(/!\[[^\]]*\]\([^)]*\)/g, '')
    .replace(/\[([^\]]+)\]\([^)]*\)/g, '$1')
    .replace(/```[a-z]*|`/gi, '')
    .replace(/^\s{0,3}(?:#{1,6}\s+|[-*+]\s+|>\s*|\d+[.)]\s+)/gm, '')
    .replace(/(\*\*|__)(.+?)\1/g, '$2')
    .replace(/(^|[^\w*])[*_](\S(?:.*?\S)?)[*_](?=[^\w*]|$)/g, '$1$2')
    .replace(/[*#]+/g, '')
    .replace(/\s+/g, ' ')
    .trim()
  return /[\p{L}\p{N}]/u.test(spoken) ? spoken : ''
}

export interface SentenceSplitter {
  /** Adds streamed text; answers the spoken form of every sentence it completed. */
  push(text: string): string[]
  /** The answer is over: whatever is left is the last sentence. */
  flush(): string[]
}

export function createSentenceSplitter(): SentenceSplitter {
  let buffer = ''
  const take = (end: number) => {
    const sentence = speakableText(buffer.slice(0, end))
    buffer = buffer.slice(end)
    return sentence
  }
  return {
    push(text) {
      buffer += text
      const sentences: string[] = []
      for (;;) {
        let end = sentenceEnd(buffer)
        if (end === -1 && buffer.length > MAX_SENTENCE_CHARS) {
          const head = buffer.slice(0, MAX_SENTENCE_CHARS)
          const cut = Math.max(head.lastIndexOf(', '), head.lastIndexOf(' '))
          end = cut > 0 ? cut + 1 : MAX_SENTENCE_CHARS
        }
        if (end === -1) return sentences
        const sentence = take(end)
        if (sentence) sentences.push(sentence)
      }
    },
    flush() {
      const sentence = take(buffer.length)
      return sentence ? [sentence] : []
    },
  }
}
