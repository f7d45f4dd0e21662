/**
 * Splits a knowledge-base document into retrieval chunks. Pure: same input, same chunks.
 *
 * - Timed transcripts (Youtube, Podcast): consecutive segments are grouped into chunks of about
 *   60-120 words; a chunk keeps the start of its first segment, so a citation can jump there.
 * - Plain text: paragraphs and sentences are packed into chunks of about 80-150 words, never cutting
 *   inside a sentence (only a single sentence longer than the limit is cut, at word boundaries).
 */

import { createHash } from 'node:crypto'

/** Bump when chunkDocument changes its output, so every document is chunked again on the next start. */
export const CHUNKER_VERSION = 1

export interface ChunkSegment {
  startMs: number
  text: string
}

export interface ChunkableDocument {
  text?: string | null
  segments?: readonly ChunkSegment[] | null
}

export interface DocumentChunk {
  index: number
  text: string
  /** Offset of the chunk in a timed document, in milliseconds; null for plain text. */
  timestampMs: number | null
  /** An estimate (about four characters per token), good enough for prompt budgeting. */
  tokenCount: number
}

export const TIMED_CHUNK_WORDS = { min: 60, max: 120 } as const
export const TEXT_CHUNK_WORDS = { min: 80, max: 150 } as const

export function chunkDocument(doc: ChunkableDocument, locale = 'en'): DocumentChunk[] {
  const segments = (doc.segments ?? []).filter((s) => countWords(s.text) > 0)
  const groups = segments.length > 0 ? groupTimed(segments, locale) : groupText(doc.text ?? '', locale)
  return groups.map((g, index) => ({
    index,
    text: g.text,
    timestampMs: g.timestampMs,
    tokenCount: estimateTokens(g.text),
  }))
}

/** The searchable text of a document: its transcript joined, or its text. */
export function documentText(doc: ChunkableDocument): string {
  return doc.segments?.length ? doc.segments.map((s) => s.text.trim()).join(' ') : (doc.text ?? '')
}

/** Hash of what chunking reads: the same hash means the same chunks. */
export function documentContentHash(doc: ChunkableDocument): string {
  return createHash('sha256')
    .update(JSON.stringify({ v: CHUNKER_VERSION, text: doc.text ?? null, segments: doc.segments ?? null }))
    .digest('hex')
}

export function countWords(text: string): number {
  const trimmed = text.trim()
  return trimmed === '' ? 0 : trimmed.split(/\s+/).length
}

export function estimateTokens(text: string): number {
  return Math.ceil(text.length / 4)
}

interface Group {
  text: string
  timestampMs: number | null
}

interface Piece {
  text: string
  words: number
  startMs: number | null
  /** For plain text: the piece opens a paragraph. */
  paragraphStart: boolean
}

const normalize = (text: string) => text.replace(/\s+/g, ' ').trim()

function groupTimed(segments: readonly ChunkSegment[], locale: string): Group[] {
  const pieces: Piece[] = []
  for (const segment of segments) {
    const text = normalize(segment.text)
    const words = countWords(text)
    if (words <= TIMED_CHUNK_WORDS.max) {
      pieces.push({ text, words, startMs: segment.startMs, paragraphStart: false })
      continue
    }
    // An overlong segment is split by sentences; each part keeps the segment's start.
    for (const part of packSentences(splitSentences(text, locale), TIMED_CHUNK_WORDS.max)) {
      pieces.push({ text: part, words: countWords(part), startMs: segment.startMs, paragraphStart: false })
    }
  }
  return pack(pieces, TIMED_CHUNK_WORDS, ' ')
}

function groupText(text: string, locale: string): Group[] {
  const pieces: Piece[] = []
  for (const paragraph of text.split(/\n\s*\n/)) {
    const sentences = splitSentences(normalize(paragraph), locale).flatMap((s) =>
      countWords(s) > TEXT_CHUNK_WORDS.max ? splitWords(s, TEXT_CHUNK_WORDS.max) : [s],
    )
    sentences.forEach((sentence, i) => {
      pieces.push({ text: sentence, words: countWords(sentence), startMs: null, paragraphStart: i === 0 })
    })
  }
  return pack(pieces, TEXT_CHUNK_WORDS, '\n\n')
}

/** Greedy packing: close a chunk once it has `min` words and the next piece would pass `max`. */
function pack(pieces: Piece[], limits: { min: number; max: number }, paragraphJoin: string): Group[] {
  const chunks: Piece[][] = []
  let current: Piece[] = []
  let words = 0
  for (const piece of pieces) {
    const wouldOverflow = words + piece.words > limits.max
    const fullEnough = words >= limits.min
    // A paragraph boundary is a good place to stop once the chunk is big enough.
    const atParagraph = piece.paragraphStart && fullEnough
    // Far past the limit even though still small: better a short chunk than a huge one.
    const wayOver = words + piece.words > limits.max + limits.min / 2
    if (current.length > 0 && ((wouldOverflow && fullEnough) || atParagraph || wayOver)) {
      // Rather than leave a paragraph's last sentences to open the next chunk, cut at the last
      // paragraph start inside this chunk when what comes before it is nearly big enough.
      const cut = atParagraph ? -1 : lastParagraphCut(current, limits.min * 0.75)
      const carried = cut > 0 ? current.slice(cut) : []
      chunks.push(cut > 0 ? current.slice(0, cut) : current)
      current = carried
      words = sumWords(carried)
      if (current.length > 0 && words + piece.words > limits.max) {
        chunks.push(current)
        current = []
        words = 0
      }
    }
    current.push(piece)
    words += piece.words
  }
  if (current.length > 0) chunks.push(current)

  // A short tail joins the chunk before it when the result stays near the limit.
  const last = chunks.at(-1)
  const previous = chunks.at(-2)
  if (last && previous) {
    const lastWords = sumWords(last)
    if (lastWords < limits.min / 2 && sumWords(previous) + lastWords <= limits.max + limits.min / 2) {
      chunks.splice(-2, 2, [...previous, ...last])
    }
  }

  return chunks.map((group) => ({
    text: group
      .map((p, i) => (i === 0 ? p.text : `${p.paragraphStart ? paragraphJoin : ' '}${p.text}`))
      .join(''),
    timestampMs: group[0]!.startMs,
  }))
}

const sumWords = (pieces: Piece[]) => pieces.reduce((n, p) => n + p.words, 0)

/** Index of the last paragraph start after at least `minWords` words, or -1. */
function lastParagraphCut(pieces: Piece[], minWords: number): number {
  let before = 0
  let cut = -1
  pieces.forEach((p, i) => {
    if (i > 0 && p.paragraphStart && before >= minWords) cut = i
    before += p.words
  })
  return cut
}

const segmenters = new Map<string, Intl.Segmenter>()

export function splitSentences(text: string, locale = 'en'): string[] {
  let segmenter = segmenters.get(locale)
  if (!segmenter) {
    segmenter = new Intl.Segmenter(locale, { granularity: 'sentence' })
    segmenters.set(locale, segmenter)
  }
  const sentences: string[] = []
  for (const { segment } of segmenter.segment(text)) {
    const sentence = segment.trim()
    if (sentence) sentences.push(sentence)
  }
  return sentences
}

/** Joins consecutive sentences into parts of at most `max` words (a longer sentence is cut by words). */
function packSentences(sentences: string[], max: number): string[] {
  const parts: string[] = []
  let current: string[] = []
  let words = 0
  for (const sentence of sentences.flatMap((s) => (countWords(s) > max ? splitWords(s, max) : [s]))) {
    const n = countWords(sentence)
    if (current.length > 0 && words + n > max) {
      parts.push(current.join(' '))
      current = []
      words = 0
    }
    current.push(sentence)
    words += n
  }
  if (current.length > 0) parts.push(current.join(' '))
  return parts
}

function splitWords(text: string, max: number): string[] {
  const words = text.trim().split(/\s+/)
  const parts: string[] = []
  for (let i = 0; i < words.length; i += max) parts.push(words.slice(i, i + max).join(' '))
  return parts
}
