import { searchTerms } from './terms'

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

/** A query term with its weight (1 for the question; less for earlier turns of the conversation). */
export interface WeightedTerm {
  term: string
  weight: number
}

interface Posting {
  entry: number
  tf: number
}

export class Bm25Index {
  private readonly postings = new Map<string, Posting[]>()
  private readonly lengths: number[]
  private readonly termSets: Set<string>[] = []
  private readonly averageLength: number
  readonly size: number

  constructor(entries: readonly IndexedText[]) {
    this.size = entries.length
    this.lengths = entries.map((entry, i) => {
      const frequencies = new Map<string, number>()
      const body = searchTerms(entry.text)
      for (const term of withPairs(body)) frequencies.set(term, (frequencies.get(term) ?? 0) + 1)
      for (const term of withPairs(searchTerms(entry.title))) {
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
      return body.length
    })
    const total = this.lengths.reduce((a, b) => a + b, 0)
    this.averageLength = this.size > 0 ? Math.max(1, total / this.size) : 1
  }

  /** Inverse document frequency (the BM25+ form, never negative); unknown terms get the highest. */
  idf(term: string): number {
    const n = this.postings.get(term)?.length ?? 0
    return Math.log(1 + (this.size - n + 0.5) / (n + 0.5))
  }

  /** Score of every entry that matches at least one term, keyed by entry position. */
  score(query: readonly WeightedTerm[]): Map<number, number> {
    const scores = new Map<number, number>()
    for (const { term, weight } of query) {
      const list = this.postings.get(term)
      if (!list || weight <= 0) continue
      const idf = this.idf(term)
      for (const { entry, tf } of list) {
        const norm = 1 - BM25_B + BM25_B * (this.lengths[entry]! / this.averageLength)
        const part = (idf * tf * (BM25_K1 + 1)) / (tf + BM25_K1 * norm)
        scores.set(entry, (scores.get(entry) ?? 0) + weight * part)
      }
    }
    return scores
  }

  /** Whether an entry contains a term (body or title). */
  contains(entry: number, term: string): boolean {
    return this.termSets[entry]?.has(term) ?? false
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
export function weightedTerms(parts: readonly { text: string; weight: number }[]): WeightedTerm[] {
  const weights = new Map<string, number>()
  for (const { text, weight } of parts) {
    for (const term of withPairs(searchTerms(text))) {
      const w = isPair(term) ? weight * PAIR_WEIGHT : weight
      weights.set(term, Math.max(weights.get(term) ?? 0, w))
    }
  }
  return [...weights].map(([term, weight]) => ({ term, weight }))
}
