import type { Analyzer } from './language/analyzer'
import type { Lexicon } from './lexicon'
import { dot } from './lexicon/word-vectors'

/**
 * Meaning, not only words (issue #23). A question's content words become concepts: the word's index term, how
 * much of the question it carries (its mass), and the index terms of the material that mean the same, each with
 * how strongly (1 for the word itself). 'refund' is found for 'money back', 'close' for 'shut'. English uses
 * the lexicon (GloVe vectors and WordNet); other languages match by Snowball stems.
 */
export interface Concept {
  /** The word as asked, normalised ('closed'). */
  word: string
  /** Its row in the word-vector table, when it is found by soft alignment too (English, with vectors). */
  row?: number
  /** Its index term ('close'). */
  term: string
  /** Its share of what is asked, before normalising: rarer words in general use carry more. */
  mass: number
  /** Index terms that carry this concept, with their strength (0..1]; the term itself is 1. */
  matches: ReadonlyMap<string, number>
}

const EMPTY_ROWS = new Int32Array(0)

/** Which lexical resources widen a concept; the benchmark compares them (npm run bench:brain). */
export type Expansion = 'none' | 'wordnet' | 'vectors' | 'both'
export const DEFAULT_EXPANSION: Expansion = 'both'

/** A vector neighbour counts above this cosine similarity ('refund'/'money' 0.50, 'cost'/'price' 0.73)... */
export const NEIGHBOUR_SIMILARITY = 0.5
/** ...and at most this many per word, the closest. */
export const NEIGHBOURS_KEPT = 5
/**
 * A neighbour matches at its similarity's distance above the floor, scaled to 0..1 ('kids'/'children' 0.76
 * gives 0.52; 'come'/'get' 0.6 only 0.2): common words have many loose neighbours, which must not add up to a
 * topic.
 */
export const neighbourStrength = (similarity: number) =>
  Math.max(0, Math.min(1, (similarity - NEIGHBOUR_SIMILARITY) / (1 - NEIGHBOUR_SIMILARITY)))
/** A WordNet synonym of one of the word's common senses matches at this strength... */
export const SYNONYM_STRENGTH = 0.8
/** ...when general usage agrees it is related (vectors' similarity), which drops rare senses ('hives'/'urticaria'). */
export const SYNONYM_MIN_SIMILARITY = 0.3

/**
 * How much of a question a word carries, from its frequency rank in general English: 'day' (rank 114) 0.4,
 * 'closed' (675) 1.5, 'bakery' (14,000) 4.3, a name no dictionary knows 7.6. The same figure whatever the
 * size of the clone's material, so relevance never depends on it.
 */
export const massOfRank = (rank: number) => Math.log(1 + rank / 200)
const UNKNOWN_RANK = 400_000
/** Without frequencies (other languages), longer words stand in for rarer ones (Zipf's law of abbreviation). */
export const massOfLength = (length: number) => Math.min(3, Math.max(0.5, (length - 2) / 3))

/**
 * The index's vocabulary with what meaning needs of it: per term, the surface word that stands for it (the most
 * common one in general English), and for English the unit vectors of those words, one row per term.
 */
export class Semantics {
  private readonly expansions = new Map<string, ReadonlyMap<string, number>>()
  private readonly vectorTerms: string[] = []
  private readonly matrix: Int8Array
  private readonly dimensions: number

  constructor(
    readonly analyzer: Analyzer,
    private readonly lexicon: Lexicon,
    /** Every index term, with the surface words seen for it. */
    private readonly vocabulary: ReadonlyMap<string, readonly string[]>,
    readonly expansion: Expansion = DEFAULT_EXPANSION,
  ) {
    const vectors = this.english ? lexicon.vectors : null
    this.dimensions = vectors?.dimensions ?? 0
    const rows: Int8Array[] = []
    if (vectors && (expansion === 'vectors' || expansion === 'both')) {
      for (const [term, surfaces] of vocabulary) {
        const vector = representativeVector(surfaces, vectors)
        if (!vector) continue
        this.vectorTerms.push(term)
        rows.push(vector)
      }
    }
    this.matrix = new Int8Array(rows.length * this.dimensions)
    rows.forEach((row, i) => {
      this.matrix.set(row, i * this.dimensions)
    })
  }

  private get english(): boolean {
    return this.analyzer.code === 'en'
  }

  has(term: string): boolean {
    return this.vocabulary.has(term)
  }

  /** How much of a question the word carries (see massOfRank). */
  massOf(word: string): number {
    if (/^\d+$/.test(word)) return massOfRank(UNKNOWN_RANK / 4)
    if (!this.english) return massOfLength([...word].length)
    const rank = this.lexicon.vectors?.rank(word) ?? this.lexicon.vectors?.rank(this.analyzer.stem(word))
    return massOfRank(rank ?? UNKNOWN_RANK)
  }

  /** The vector-table rows of a text's content words, each once (empty outside English). */
  rowsOf(words: Iterable<string>): Int32Array {
    return rowsOfWords(words, this.english ? this.lexicon.vectors : null)
  }

  /**
   * How strongly a text holds a concept (0..1): the concept's word or a listed match (`exact`, from the index or
   * the text's terms), or failing that its closest word by meaning (soft alignment over the text's rows).
   */
  strength(concept: Concept, exact: number, rows: Int32Array): number {
    const vectors = this.lexicon.vectors
    return strengthOf(concept, exact, rows, vectors)
  }

  /** The concepts of a text's content words, each once, in order. */
  conceptsOf(text: string): Concept[] {
    const concepts = new Map<string, Concept>()
    for (const word of this.analyzer.words(text)) {
      if (!this.analyzer.isContentWord(word)) continue
      const term = this.analyzer.stem(word)
      if (concepts.has(term)) continue
      const soft = this.english && (this.expansion === 'vectors' || this.expansion === 'both')
      const row = soft ? this.lexicon.vectors?.rowOf(word) : undefined
      concepts.set(term, { word, term, mass: this.massOf(word), matches: this.matchesOf(word, term), row })
    }
    return [...concepts.values()]
  }

  /** The index terms that carry a word's meaning, with their strength. Cached per word. */
  matchesOf(word: string, term = this.analyzer.stem(word)): ReadonlyMap<string, number> {
    const cached = this.expansions.get(word)
    if (cached) return cached
    const matches = new Map<string, number>([[term, 1]])
    if (this.english && this.expansion !== 'none' && !/\d/.test(word)) {
      if (this.expansion === 'vectors' || this.expansion === 'both') this.addNeighbours(word, term, matches)
      if (this.expansion === 'wordnet' || this.expansion === 'both') this.addSynonyms(word, term, matches)
    }
    if (this.expansions.size > 5_000) this.expansions.clear()
    this.expansions.set(word, matches)
    return matches
  }

  private addNeighbours(word: string, term: string, matches: Map<string, number>) {
    const vector = this.lexicon.vectors?.vector(word)
    if (!vector) return
    const found: [string, number][] = []
    const d = this.dimensions
    const floor = NEIGHBOUR_SIMILARITY * 127 * 127
    for (let row = 0; row < this.vectorTerms.length; row++) {
      let sum = 0
      const base = row * d
      for (let i = 0; i < d; i++) sum += vector[i]! * this.matrix[base + i]!
      if (sum >= floor) found.push([this.vectorTerms[row]!, sum / (127 * 127)])
    }
    found.sort((a, b) => b[1] - a[1])
    let kept = 0
    for (const [other, similarity] of found) {
      if (other === term) continue
      if (kept++ >= NEIGHBOURS_KEPT) break
      matches.set(other, Math.max(matches.get(other) ?? 0, neighbourStrength(similarity)))
    }
  }

  private addSynonyms(word: string, term: string, matches: Map<string, number>) {
    const { wordnet, vectors } = this.lexicon
    if (!wordnet) return
    const own = vectors?.vector(word)
    for (const synonym of wordnet.synonyms(word)) {
      const other = this.analyzer.stem(synonym)
      if (other === term || !this.vocabulary.has(other)) continue
      const theirs = vectors?.vector(synonym)
      if (own && theirs && dot(own, theirs) < SYNONYM_MIN_SIMILARITY) continue
      matches.set(other, Math.max(matches.get(other) ?? 0, SYNONYM_STRENGTH))
    }
  }
}

/**
 * Soft alignment: a word of a text that is not the concept's word nor a listed match still carries some of its
 * meaning when general usage puts them close ('drink' / 'drinkable', 'swim' / 'bathing'): from ALIGN_FLOOR
 * cosine similarity up, scaled to 0..1. Unrelated words sit at 0.1 to 0.4.
 */
export const ALIGN_FLOOR = 0.45
export const alignStrength = (similarity: number) =>
  Math.max(0, Math.min(1, (similarity - ALIGN_FLOOR) / (1 - ALIGN_FLOOR)))

/** A concept's strength in a text: its exact matches, or its soft alignment with the text's rows. */
export function strengthOf(
  concept: Concept,
  exact: number,
  rows: Int32Array,
  vectors: Lexicon['vectors'],
): number {
  if (exact >= 1 || concept.row === undefined || !vectors || rows.length === 0) return exact
  const vector = vectors.vector(concept.word)
  if (!vector) return exact
  let best = 0
  for (const row of rows) {
    const similarity = vectors.rowSimilarity(vector, row)
    if (similarity > best) best = similarity
  }
  return Math.max(exact, alignStrength(best))
}

/** The vector-table rows of words, each once. */
export function rowsOfWords(words: Iterable<string>, vectors: Lexicon['vectors']): Int32Array {
  if (!vectors) return EMPTY_ROWS
  const rows = new Set<number>()
  for (const word of words) {
    const row = vectors.rowOf(word)
    if (row !== undefined) rows.add(row)
  }
  return Int32Array.from(rows)
}

/** The vector of the most common surface word of a term ('close' for close/closed/closes/closing). */
function representativeVector(surfaces: readonly string[], vectors: NonNullable<Lexicon['vectors']>) {
  let best: string | null = null
  let bestRank = Number.POSITIVE_INFINITY
  for (const word of surfaces) {
    const rank = vectors.rank(word)
    if (rank !== undefined && rank < bestRank) {
      best = word
      bestRank = rank
    }
  }
  return best ? vectors.vector(best) : null
}
