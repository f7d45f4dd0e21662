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

interface Posting {
  entry: number
  tf: number
}

export class Bm25Index {
  private readonly postings = new Map<string, Posting[]>()
  private readonly lengths: Uint32Array
  private readonly termSets: Set<string>[] = []
  private readonly averageLength: number
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
    let total = 0
    entries.forEach((entry, i) => {
      const frequencies = new Map<string, number>()
      for (const term of withPairs(entry.terms)) frequencies.set(term, (frequencies.get(term) ?? 0) + 1)
      for (const term of withPairs(entry.titleTerms)) {
        frequencies.set(term, (frequencies.get(term) ?? 0) + TITLE_BOOST)
      }
      this.termSets.push(new Set(frequencies.keys()))
      for (const [term, tf] of frequencies) {
        let list = this.postings.get(term)
        if (!list) {
          list = []
          this.postings.set(term, list)
        }
        list.push({ entry: i, tf })
      }
      this.lengths[i] = entry.terms.length
      total += entry.terms.length
    })
    this.averageLength = this.size > 0 ? Math.max(1, total / this.size) : 1
  }

  /** Inverse document frequency (the BM25+ form, never negative); unknown terms get the highest. */
  idf(term: string): number {
    const n = this.postings.get(term)?.length ?? 0
    return Math.log(1 + (this.size - n + 0.5) / (n + 0.5))
  }

  /** How many entries hold a term. */
  frequency(term: string): number {
    return this.postings.get(term)?.length ?? 0
  }

  /** Score of every entry that matches at least one term, keyed by entry position. */
  score(query: readonly WeightedTerm[]): Map<number, number> {
    return this.scoreMatches(query.map(({ term, weight }) => ({ matches: new Map([[term, 1]]), weight })))
  }

  /**
   * Score of every entry that holds a term of at least one concept: per concept, its best-scoring term in the
   * entry at that term's strength (a synonym never adds to the word itself), times the concept's weight.
   */
  scoreMatches(query: readonly WeightedMatches[]): Map<number, number> {
    const scores = new Map<number, number>()
    for (const { matches, weight } of query) {
      if (weight <= 0) continue
      const best = matches.size === 1 ? scores : new Map<number, number>()
      for (const [term, strength] of matches) {
        const list = this.postings.get(term)
        if (!list || strength <= 0) continue
        const idf = this.idf(term) * strength * weight
        for (const { entry, tf } of list) {
          const norm = 1 - BM25_B + BM25_B * (this.lengths[entry]! / this.averageLength)
          const part = (idf * tf * (BM25_K1 + 1)) / (tf + BM25_K1 * norm)
          if (best === scores) scores.set(entry, (scores.get(entry) ?? 0) + part)
          else if (part > (best.get(entry) ?? 0)) best.set(entry, part)
        }
      }
      if (best !== scores)
        for (const [entry, part] of best) scores.set(entry, (scores.get(entry) ?? 0) + part)
    }
    return scores
  }

  /** Whether an entry contains a term (body or title). */
  contains(entry: number, term: string): boolean {
    return this.termSets[entry]?.has(term) ?? false
  }

  /** The strongest of a concept's matches found in an entry (0 when none is). */
  strengthIn(entry: number, matches: ReadonlyMap<string, number>): number {
    const terms = this.termSets[entry]
    if (!terms) return 0
    let strongest = 0
    for (const [term, strength] of matches) if (strength > strongest && terms.has(term)) strongest = strength
    return strongest
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
