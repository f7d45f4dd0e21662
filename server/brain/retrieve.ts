import { type Bm25Index, isPair, type WeightedTerm, weightedTerms } from './bm25'
import type { KnowledgeChunk, KnowledgeIndex } from './knowledge-index'
import { searchTerms } from './terms'

/** Earlier visitor turns steer retrieval for follow-ups ('and for how long?') without outvoting the question. */
export const HISTORY_WEIGHT = 0.35
/** An attached file steers retrieval like an earlier turn, through its most telling terms only. */
export const ATTACHMENT_WEIGHT = HISTORY_WEIGHT
export const ATTACHMENT_TERMS = 8
/**
 * Words that ask about an attached file without naming a subject ('What do you think about this?',
 * 'Can you review this file?'). A question of these (and stop words) only is about the file.
 */
export const ABOUT_THE_FILE = new Set(
  searchTerms(
    'think thought thoughts opinion view feel say make mean means meaning look check review read summary ' +
      'summarize summarise explain file attached attachment document doc comment comments feedback advice ' +
      'help notes note see find',
  ),
)
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
  /** Share (0..1) of what is asked found in this chunk: the question's idf weight, or a file's subject. */
  coverage: number
}

export interface Retrieval {
  /** Best first, one chunk per document; empty when nothing is relevant enough. */
  sources: RetrievedSource[]
  /** The query as scored, for picking sentences later. */
  query: WeightedTerm[]
}

/**
 * Ranks the clone's chunks for a question, the visitor's earlier turns (most recent first; the last two
 * are used) and the text of files attached to the question, keeps the best chunk of each document, and
 * drops everything below the relevance threshold. Earlier turns and files only steer the ranking, unless
 * the question has no subject of its own: then it leans fully on them ('why?' on the conversation, 'What
 * do you think about this?' on the file), and relevance is measured against them instead.
 */
export function retrieve(
  index: KnowledgeIndex,
  question: string,
  earlierTurns: readonly string[],
  attachments: readonly string[] = [],
): Retrieval {
  const { query, measured } = queryOf(index.bm25, question, earlierTurns, attachments)
  if (query.length === 0 || index.chunks.length === 0) return { sources: [], query }
  const { bm25 } = index

  const scored = [...bm25.score(query)].sort((a, b) => b[1] - a[1])
  const total = measured.reduce((sum, t) => sum + t.mass, 0)
  const coverageOf = (entry: number) =>
    measured.reduce((sum, t) => sum + (bm25.contains(entry, t.term) ? t.mass : 0), 0) / total

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

/** A term relevance is measured against, with its share of what is asked. */
interface MeasuredTerm {
  term: string
  mass: number
}

/**
 * The scored query, and what relevance is measured against: the single terms (a phrase pair only
 * sharpens the ranking) of the question by rarity, or of the file it is about by frequency (a file's
 * subject is what it repeats; the clone's own subject words are common, not rare, in its material).
 */
function queryOf(
  bm25: Bm25Index,
  question: string,
  earlierTurns: readonly string[],
  attachments: readonly string[],
): { query: WeightedTerm[]; measured: MeasuredTerm[] } {
  const questionTerms = weightedTerms([{ text: question, weight: 1 }])
  const fileTerms = attachmentTerms(attachments)
  const turns = (weight: number) => earlierTurns.slice(0, 2).map((text) => ({ text, weight }))
  const byRarity = (terms: WeightedTerm[]) =>
    terms.filter((t) => !isPair(t.term)).map((t) => ({ term: t.term, mass: t.weight * bm25.idf(t.term) }))
  if (fileTerms.length > 0 && questionTerms.every((t) => isPair(t.term) || ABOUT_THE_FILE.has(t.term))) {
    const query = merged(fileTerms, weightedTerms(turns(HISTORY_WEIGHT)))
    return { query, measured: fileTerms.map((t) => ({ term: t.term, mass: t.weight })) }
  }
  // A question of stop words only ('why?', 'and then?') leans fully on the conversation.
  const historyWeight = questionTerms.length === 0 ? 1 : HISTORY_WEIGHT
  const asked = weightedTerms([{ text: question, weight: 1 }, ...turns(historyWeight)])
  const query = merged(
    asked,
    fileTerms.map((t) => ({ term: t.term, weight: t.weight * ATTACHMENT_WEIGHT })),
  )
  return { query, measured: byRarity(questionTerms.length > 0 ? questionTerms : asked) }
}

/**
 * The subject of attached texts: their most frequent search terms (frequency dampened, ties in order of
 * first use), weighted relative to the first.
 */
export function attachmentTerms(texts: readonly string[]): WeightedTerm[] {
  const frequencies = new Map<string, number>()
  for (const text of texts) {
    for (const term of searchTerms(text)) frequencies.set(term, (frequencies.get(term) ?? 0) + 1)
  }
  // Array sort is stable: equal counts keep the order the terms first appeared in.
  const ranked = [...frequencies].sort((a, b) => b[1] - a[1]).slice(0, ATTACHMENT_TERMS)
  const top = 1 + Math.log(ranked[0]?.[1] ?? 1)
  return ranked.map(([term, n]) => ({ term, weight: (1 + Math.log(n)) / top }))
}

/** Both term lists, each term once with its highest weight. */
function merged(a: readonly WeightedTerm[], b: readonly WeightedTerm[]): WeightedTerm[] {
  const weights = new Map<string, number>()
  for (const { term, weight } of [...a, ...b]) weights.set(term, Math.max(weights.get(term) ?? 0, weight))
  return [...weights].map(([term, weight]) => ({ term, weight }))
}
