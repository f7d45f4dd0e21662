import { isPair, type WeightedTerm, weightedTerms } from './bm25'
import type { KnowledgeChunk, KnowledgeIndex } from './knowledge-index'

/** Earlier visitor turns steer retrieval for follow-ups ('and for how long?') without outvoting the question. */
export const HISTORY_WEIGHT = 0.35
/** Sources handed to the answerer: up to 3 to answer from, the rest shown as 'relevant'. */
export const MAX_SOURCES = 6
/**
 * Relevance threshold: the best chunk must contain question terms carrying at least this share of
 * the question's weight (terms weighted by rarity, idf). 'What is the capital of Peru?' shares no
 * term with a sleep coach's material and scores 0.
 */
export const MIN_COVERAGE = 0.45
/** Other sources must cover part of the question too, and score near the best one. */
export const MIN_SOURCE_COVERAGE = 0.2
/** And the best chunk must score at least this much: one common word ('how long?') is not a topic. */
export const MIN_SCORE = 3
export const RELATIVE_SCORE_FLOOR = 0.3

export interface RetrievedSource {
  chunk: KnowledgeChunk
  score: number
  /** Share (0..1) of the question's idf weight found in this chunk. */
  coverage: number
}

export interface Retrieval {
  /** Best first, one chunk per document; empty when nothing is relevant enough. */
  sources: RetrievedSource[]
  /** The query as scored, for picking sentences later. */
  query: WeightedTerm[]
}

/**
 * Ranks the clone's chunks for a question and the visitor's earlier turns (most recent first; the
 * last two are used), keeps the best chunk of each document, and drops everything below the
 * relevance threshold.
 */
export function retrieve(
  index: KnowledgeIndex,
  question: string,
  earlierTurns: readonly string[],
): Retrieval {
  const questionTerms = weightedTerms([{ text: question, weight: 1 }])
  // A question of stop words only ('why?', 'and then?') leans fully on the conversation.
  const historyWeight = questionTerms.length === 0 ? 1 : HISTORY_WEIGHT
  const query = weightedTerms([
    { text: question, weight: 1 },
    ...earlierTurns.slice(0, 2).map((text) => ({ text, weight: historyWeight })),
  ])
  if (query.length === 0 || index.chunks.length === 0) return { sources: [], query }
  const { bm25 } = index

  const scored = [...bm25.score(query)].sort((a, b) => b[1] - a[1])
  // Coverage counts single terms: a phrase pair only sharpens the ranking.
  const measured = (questionTerms.length > 0 ? questionTerms : query).filter((t) => !isPair(t.term))
  const totalIdf = measured.reduce((sum, t) => sum + bm25.idf(t.term), 0)
  const coverageOf = (entry: number) =>
    measured.reduce((sum, t) => sum + (bm25.contains(entry, t.term) ? bm25.idf(t.term) : 0), 0) / totalIdf

  const sources: RetrievedSource[] = []
  const documentsSeen = new Set<string>()
  const best = scored[0]?.[1] ?? 0
  if (best < MIN_SCORE) return { sources: [], query }
  for (const [entry, score] of scored) {
    if (sources.length >= MAX_SOURCES || score < best * RELATIVE_SCORE_FLOOR) break
    const chunk = index.chunks[entry]!
    if (documentsSeen.has(chunk.documentId)) continue
    const coverage = coverageOf(entry)
    const threshold = sources.length === 0 ? MIN_COVERAGE : MIN_SOURCE_COVERAGE
    // A chunk that scores on a side word ('tell', 'long') but misses the question's key terms is skipped.
    if (coverage < threshold) continue
    documentsSeen.add(chunk.documentId)
    sources.push({ chunk, score, coverage })
  }
  return { sources, query }
}
