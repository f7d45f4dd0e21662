import { type Analyzer, englishAnalyzer } from './language/analyzer'

/**
 * Okapi BM25 over a clone's chunks, with the document title as a boosted second field (a simple
 * BM25F: title term frequency counts TITLE_BOOST times, length normalisation uses the body only).
 * Immutable once built; the knowledge index cache rebuilds it when the clone's documents change.
 */

export const BM25_K1 = 1.2
export const BM25_B = 0.75
/** A title names what a whole source is about, so one title hit weighs like a few body hits. */
export const TITLE_BOOST = 2.5
/**
 * Adjacent terms are indexed as pairs too ('night before the race' holds night_race), so a source
 * with the question's phrase beats one with the same words scattered; a pair counts half a term.
 */
export const PAIR_WEIGHT = 0.5

/** See top(): a looser match held by more entries than this (and a tenth of them) is not scored. */
export const COMMON_MATCH_POSTINGS = 1_000

export interface IndexedText {
  /** The body of the chunk. */
  text: string
  /** The title of its document. */
  title: string
}

/** A chunk's search terms, already analysed (knowledge-index.ts reads each text once). */
export interface AnalyzedText {
  terms: readonly string[]
  titleTerms: readonly string[]
}

/** A query term with its weight (1 for the question; less for earlier turns of the conversation). */
export interface WeightedTerm {
  term: string
  weight: number
}

/** A query concept for scoring: the terms that carry it, each with its strength, and the concept's weight. */
export interface WeightedMatches {
  matches: ReadonlyMap<string, number>
  weight: number
}

/**
 * Postings are packed in typed arrays (entry ids and term frequencies per term; each entry's term ids sorted),
 * never an object per posting: 100,000 chunks hold some 15 million postings.
 */
export class Bm25Index {
  private readonly termIds = new Map<string, number>()
  private readonly postingEntries: Int32Array[] = []
  private readonly postingTfs: Float32Array[] = []
  private readonly entryTerms: Int32Array[] = []
  private readonly lengths: Uint32Array
  private readonly averageLength: number
  /** Scratch buffers for scoring, sized to the index (one query runs at a time: scoring is synchronous). */
  private readonly scratchScores: Float64Array
  private readonly scratchBest: Float64Array
  readonly size: number

  /** From texts, read by `analyzer` (English when left out). */
  static of(entries: readonly IndexedText[], analyzer: Analyzer = englishAnalyzer()): Bm25Index {
    return new Bm25Index(
      entries.map((e) => ({ terms: analyzer.terms(e.text), titleTerms: analyzer.terms(e.title) })),
    )
  }

  constructor(entries: readonly AnalyzedText[]) {
    this.size = entries.length
    this.lengths = new Uint32Array(entries.length)
    this.scratchScores = new Float64Array(entries.length)
    this.scratchBest = new Float64Array(entries.length)
    const growingEntries: number[][] = []
    const growingTfs: number[][] = []
    let total = 0
    entries.forEach((entry, i) => {
      const frequencies = new Map<number, number>()
      const count = (term: string, by: number) => {
        let id = this.termIds.get(term)
        if (id === undefined) {
          id = this.termIds.size
          this.termIds.set(term, id)
          growingEntries.push([])
          growingTfs.push([])
        }
        frequencies.set(id, (frequencies.get(id) ?? 0) + by)
      }
      for (const term of withPairs(entry.terms)) count(term, 1)
      for (const term of withPairs(entry.titleTerms)) count(term, TITLE_BOOST)
      const ids = Int32Array.from(frequencies.keys()).sort()
      this.entryTerms.push(ids)
      for (const id of ids) {
        growingEntries[id]!.push(i)
        growingTfs[id]!.push(frequencies.get(id)!)
      }
      this.lengths[i] = entry.terms.length
      total += entry.terms.length
    })
    for (let id = 0; id < growingEntries.length; id++) {
      this.postingEntries.push(Int32Array.from(growingEntries[id]!))
      this.postingTfs.push(Float32Array.from(growingTfs[id]!))
    }
    this.averageLength = this.size > 0 ? Math.max(1, total / this.size) : 1
  }

  /** Inverse document frequency (the BM25+ form, never negative); unknown terms get the highest. */
  idf(term: string): number {
    const n = this.frequency(term)
    return Math.log(1 + (this.size - n + 0.5) / (n + 0.5))
  }

  /** How many entries hold a term. */
  frequency(term: string): number {
    const id = this.termIds.get(term)
    return id === undefined ? 0 : this.postingEntries[id]!.length
  }

  /** Score of every entry that matches at least one term, keyed by entry position. */
  score(query: readonly WeightedTerm[]): Map<number, number> {
    return new Map(
      this.top(
        query.map(({ term, weight }) => ({ matches: new Map([[term, 1]]), weight })),
        this.size,
      ),
    )
  }

  /**
   * The `limit` best-scoring entries, best first, of those that hold a term of at least one concept: per
   * concept, its best-scoring term in the entry at that term's strength (a synonym never adds to the word
   * itself), times the concept's weight.
   */
  top(query: readonly WeightedMatches[], limit: number): [number, number][] {
    const scores = this.scratchScores
    const best = this.scratchBest
    const touched: number[] = []
    for (const { matches, weight } of query) {
      if (weight <= 0) continue
      const conceptTouched: number[] = []
      for (const [term, strength] of matches) {
        const id = this.termIds.get(term)
        if (id === undefined || strength <= 0) continue
        const entries = this.postingEntries[id]!
        // A word of like meaning that a tenth of a large index holds tells nothing apart (its idf is near
        // nothing) and costs a pass over a long list: only the word itself is scored there.
        if (strength < 1 && entries.length > COMMON_MATCH_POSTINGS && entries.length * 10 > this.size)
          continue
        const tfs = this.postingTfs[id]!
        const idf = this.idf(term) * strength * weight
        for (let p = 0; p < entries.length; p++) {
          const entry = entries[p]!
          const tf = tfs[p]!
          const norm = 1 - BM25_B + BM25_B * (this.lengths[entry]! / this.averageLength)
          const part = (idf * tf * (BM25_K1 + 1)) / (tf + BM25_K1 * norm)
          const before = best[entry]!
          if (before === 0) conceptTouched.push(entry)
          if (part > before) best[entry] = part
        }
      }
      for (const entry of conceptTouched) {
        if (scores[entry] === 0) touched.push(entry)
        scores[entry]! += best[entry]!
        best[entry] = 0
      }
    }
    const ranked: [number, number][] = []
    if (touched.length <= limit || touched.length < 2_000) {
      for (const entry of touched) ranked.push([entry, scores[entry]!])
      ranked.sort((a, b) => b[1] - a[1])
    } else {
      // The limit best without sorting every touched entry: above a floor that only rises.
      let floor = 0
      for (const entry of touched) {
        const score = scores[entry]!
        if (score <= floor && ranked.length >= limit) continue
        ranked.push([entry, score])
        if (ranked.length >= limit * 4) {
          ranked.sort((a, b) => b[1] - a[1])
          ranked.length = limit
          floor = ranked[limit - 1]![1]
        }
      }
      ranked.sort((a, b) => b[1] - a[1])
    }
    for (const entry of touched) scores[entry] = 0
    return ranked.slice(0, limit)
  }

  /** The strongest of a concept's matches found in an entry (0 when none is). */
  strengthIn(entry: number, matches: ReadonlyMap<string, number>): number {
    let strongest = 0
    for (const [term, strength] of matches) {
      if (strength <= strongest) continue
      const id = this.termIds.get(term)
      if (id !== undefined && this.holds(entry, id)) strongest = strength
    }
    return strongest
  }

  private holds(entry: number, id: number): boolean {
    const ids = this.entryTerms[entry]
    if (!ids) return false
    let low = 0
    let high = ids.length - 1
    while (low <= high) {
      const mid = (low + high) >> 1
      const value = ids[mid]!
      if (value === id) return true
      if (value < id) low = mid + 1
      else high = mid - 1
    }
    return false
  }
}

/** Terms followed by their adjacent pairs ('night', 'race', 'night_race'). */
export function withPairs(terms: readonly string[]): string[] {
  const pairs: string[] = []
  for (let i = 1; i < terms.length; i++) pairs.push(`${terms[i - 1]}_${terms[i]}`)
  return [...terms, ...pairs]
}

export const isPair = (term: string) => term.includes('_')

/** Weighted query terms and pairs: each once, with the highest weight it was given. */
export function weightedTerms(
  parts: readonly { text: string; weight: number }[],
  analyzer: Analyzer = englishAnalyzer(),
): WeightedTerm[] {
  const weights = new Map<string, number>()
  for (const { text, weight } of parts) {
    for (const term of withPairs(analyzer.terms(text))) {
      const w = isPair(term) ? weight * PAIR_WEIGHT : weight
      weights.set(term, Math.max(weights.get(term) ?? 0, w))
    }
  }
  return [...weights].map(([term, weight]) => ({ term, weight }))
}
