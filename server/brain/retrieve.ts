import { type Bm25Index, isPair, type WeightedMatches, type WeightedTerm, weightedTerms } from './bm25'
import type { KnowledgeChunk, KnowledgeIndex } from './knowledge-index'
import type { Concept } from './meaning'
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
 * Relevance (issue #23): the share of what is asked that a chunk holds, each content word of the question
 * weighted by how telling it is in general use (meaning.ts massOf) and found as itself or as a word of the same
 * meaning (at that match's strength). A share, so the same question over one document or ten thousand is
 * measured alike: no score of the corpus is compared with a constant. 'What is the capital of Peru?' holds
 * nothing of a beekeeper's material and covers 0.
 */
export const MIN_COVERAGE = 0.5
/**
 * A chunk is related to the question at all from this share up: below it, a configured language model is not
 * even asked and the clone declines (meaning's soft matches give most chunks a little of any question).
 */
export const RELATED_COVERAGE = 0.25
/** The share of the rest of the question (without its best-held word) a leading chunk must hold too. */
export const MIN_REST_COVERAGE = 0.35
/** ...in a question of at least this many content words ('Which camera do you shoot with?' has two: camera is enough). */
export const REST_FROM_CONCEPTS = 3
/**
 * ...and hold at least this share of the question as its words or their listed matches (synonyms, neighbours):
 * soft alignment lends every chunk a little of any word ('learn' ~ 'bake'), which can round a chunk up but not
 * make it lead. Anywhere from 0.25 to 0.5 gives the tune half the same figures; it keeps 'What is the best way to
 * learn to program?' away from a cooking clone that only holds 'best'.
 */
export const LEXICAL_SHARE = 0.3
/** Other sources must cover part of the question too, and score near the best one. */
export const MIN_SOURCE_COVERAGE = 0.3
export const RELATIVE_SCORE_FLOOR = 0.3
/** A knowledge base of at most this many chunks has each one measured, whatever its BM25 score. */
export const MEASURED_WHOLE = 300
/** Chunks ranked by BM25 whose coverage is measured; the rest cannot lead. */
export const CANDIDATES_MEASURED = 60
/** Ranking mixes coverage with BM25 relative to the best (which tells a chunk about it from a passing mention). */
export const SCORE_SHARE_IN_RANK = 0.35

export interface RetrievedSource {
  chunk: KnowledgeChunk
  /** Its position in the index (the next chunk of its document, if any, follows it). */
  entry: number
  score: number
  /** Share (0..1) of what is asked found in this chunk: the question's weight, or a file's subject. */
  coverage: number
}

export interface Retrieval {
  /** Best first, one chunk per document; empty when nothing is relevant enough. */
  sources: RetrievedSource[]
  /**
   * The best chunks related to the question at all (one per document, best first, RELATED_COVERAGE), whether
   * or not they pass the threshold: a configured language model reads them with their relevance and decides.
   */
  candidates: RetrievedSource[]
  /** The query as scored, for picking sentences later. */
  query: WeightedTerm[]
  /** The question's concepts with their share of it (masses sum to 1); empty for a question about a file. */
  concepts: readonly Concept[]
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
  const { scored, measured, query, concepts } = queryOf(index, question, earlierTurns, attachments)
  const none: Retrieval = { sources: [], candidates: [], query, concepts }
  if (measured.length === 0 || index.chunks.length === 0) return none
  const { bm25 } = index

  const whole = index.chunks.length <= MEASURED_WHOLE
  const scores = bm25.top(scored, whole ? index.chunks.length : CANDIDATES_MEASURED)
  // A small knowledge base is measured whole: a paraphrase may share no word with the chunk that answers it.
  if (whole) {
    const scoredEntries = new Set(scores.map(([entry]) => entry))
    for (let entry = 0; entry < index.chunks.length; entry++) {
      if (!scoredEntries.has(entry)) scores.push([entry, 0])
    }
  }
  const best = scores[0]?.[1] ?? 0
  const total = measured.reduce((sum, c) => sum + c.mass, 0)
  // A concept's strength in a chunk: as its words or listed matches (lexical), or by soft alignment too.
  const soft = (c: Measured & Partial<Concept>, entry: number, exact: number) =>
    c.word === undefined ? exact : index.semantics.strength(c as Concept, exact, index.chunkRows[entry]!)

  const ranked = scores
    .map(([entry, score]) => {
      const exact = measured.map((c) => bm25.strengthIn(entry, c.matches))
      const held = measured.map((c, i) => c.mass * soft(c, entry, exact[i]!))
      const lexical = measured.reduce((sum, c, i) => sum + c.mass * exact[i]!, 0) / total
      const coverage = held.reduce((sum, h) => sum + h, 0) / total
      const rank = coverage * (1 - SCORE_SHARE_IN_RANK) + (best > 0 ? score / best : 0) * SCORE_SHARE_IN_RANK
      // The rest of the question, besides the one word the chunk holds best, must be there too: a chunk that
      // only names the same town or thing ('Frome', 'spine') is not about what is asked of it.
      const top = held.indexOf(Math.max(...held))
      const restMass = total - measured[top]!.mass
      const rest =
        restMass > 0 && measured.length >= REST_FROM_CONCEPTS ? (coverage * total - held[top]!) / restMass : 1
      const restHeld = rest >= MIN_REST_COVERAGE && lexical >= LEXICAL_SHARE
      return { entry, score, coverage, rank, restHeld }
    })
    .sort((a, b) => b.rank - a.rank)

  const sources: RetrievedSource[] = []
  const candidates: RetrievedSource[] = []
  const documentsSeen = new Set<string>()
  const candidateDocuments = new Set<string>()
  let leadScore = 0
  for (const { entry, score, coverage, restHeld } of ranked) {
    const chunk = index.chunks[entry]!
    if (
      coverage >= RELATED_COVERAGE &&
      candidates.length < MAX_SOURCES &&
      !candidateDocuments.has(chunk.documentId)
    ) {
      candidateDocuments.add(chunk.documentId)
      candidates.push({ chunk, entry, score, coverage })
    }
    if (sources.length >= MAX_SOURCES || documentsSeen.has(chunk.documentId)) continue
    const lead = sources.length === 0
    if (lead ? coverage < MIN_COVERAGE || !restHeld : coverage < MIN_SOURCE_COVERAGE) continue
    if (!lead && score < leadScore * RELATIVE_SCORE_FLOOR) continue
    if (lead) leadScore = score
    documentsSeen.add(chunk.documentId)
    sources.push({ chunk, entry, score, coverage })
  }
  return { sources, candidates, query, concepts: normalised(concepts) }
}

/** Words of the next chunk of the same document read with a chunk: an answer may cross a chunk's end. */
export const FOLLOWING_WORDS = 50

/**
 * A retrieved chunk's text for answering: the chunk, then the opening sentences (about FOLLOWING_WORDS words) of
 * the next chunk of its document, so a question at a chunk's end ('Jamie asks whether the workshop's open')
 * comes with its answer.
 */
export function textWithFollowing(index: KnowledgeIndex, entry: number): string {
  const chunk = index.chunks[entry]!
  const next = index.chunks[entry + 1]
  if (!next || next.documentId !== chunk.documentId || next.chunkIndex !== chunk.chunkIndex + 1)
    return chunk.text
  const following: string[] = []
  let words = 0
  for (const sentence of next.text.split(/(?<=[.!?…])\s+/)) {
    if (words >= FOLLOWING_WORDS) break
    following.push(sentence)
    words += sentence.split(/\s+/).length
  }
  return `${chunk.text} ${following.join(' ')}`
}

/** What relevance is measured against: a concept of the question, or a subject term of a file. */
interface Measured {
  matches: ReadonlyMap<string, number>
  mass: number
}

/**
 * The scored query (each concept with the terms that carry it, plus the question's adjacent pairs, which only
 * sharpen the ranking), and what relevance is measured against: the question's concepts, or the subject of the
 * file it is about (a file's subject is what it repeats; the clone's own subject words are common, not rare,
 * in its material).
 */
function queryOf(
  index: KnowledgeIndex,
  question: string,
  earlierTurns: readonly string[],
  attachments: readonly string[],
): {
  scored: WeightedMatches[]
  measured: (Measured & Partial<Concept>)[]
  query: WeightedTerm[]
  concepts: Concept[]
} {
  const { semantics, analyzer } = index
  const concepts = semantics.conceptsOf(question).map((c) => specific(index.bm25, c))
  const fileTerms = attachmentTerms(attachments, analyzer.terms)
  const turns = earlierTurns.slice(0, 2)
  const exact = (terms: readonly WeightedTerm[]): WeightedMatches[] =>
    terms.map(({ term, weight }) => ({ matches: new Map([[term, 1]]), weight }))
  const questionPairs = weightedTerms([{ text: question, weight: 1 }], analyzer).filter((t) => isPair(t.term))

  if (fileTerms.length > 0 && concepts.every((c) => ABOUT_THE_FILE.has(c.term))) {
    const turnTerms = weightedTerms(
      turns.map((text) => ({ text, weight: HISTORY_WEIGHT })),
      analyzer,
    )
    const query = merged(fileTerms, turnTerms)
    const measured = fileTerms.map((t) => ({ matches: new Map([[t.term, 1]]), mass: t.weight }))
    return { scored: exact(query), measured, query, concepts: [] }
  }
  // A question of stop words only ('why?', 'and then?') leans fully on the conversation.
  const leaning = concepts.length === 0
  const turnConcepts = turns.flatMap((text) => semantics.conceptsOf(text).map((c) => specific(index.bm25, c)))
  const own = leaning ? turnConcepts : concepts
  const scored: WeightedMatches[] = [
    ...own.map((c) => ({ matches: c.matches, weight: 1 })),
    ...(leaning
      ? []
      : turnConcepts
          .filter((t) => !own.some((c) => c.term === t.term))
          .map((c) => ({ matches: c.matches, weight: HISTORY_WEIGHT }))),
    ...exact(questionPairs),
    ...fileTerms.map((t) => ({ matches: new Map([[t.term, 1]]), weight: t.weight * ATTACHMENT_WEIGHT })),
  ]
  const query = merged(
    [
      ...own.map((c) => ({ term: c.term, weight: 1 })),
      ...turnConcepts.map((c) => ({ term: c.term, weight: leaning ? 1 : HISTORY_WEIGHT })),
      ...questionPairs,
    ],
    fileTerms.map((t) => ({ term: t.term, weight: t.weight * ATTACHMENT_WEIGHT })),
  )
  return { scored, measured: own, query, concepts: own }
}

/**
 * When the material uses the asked word itself, a word of like meaning stands in for it only as far as it is as
 * specific in this material: for 'nap', 'sleep' in a sleep coach's material (where every chunk says 'sleep')
 * tells nothing, while in a knowledge base of a few documents, where every word is about equally rare, it
 * counts in full. A ratio of the two words' idf, so it does not depend on the material's size.
 */
function specific(bm25: Bm25Index, concept: Concept): Concept {
  // A word the material never uses is found only through its like words: they count in full.
  if (concept.matches.size <= 1 || bm25.frequency(concept.term) === 0) return concept
  const own = bm25.idf(concept.term)
  const matches = new Map<string, number>()
  for (const [term, strength] of concept.matches) {
    matches.set(term, term === concept.term ? strength : strength * Math.min(1, bm25.idf(term) / own))
  }
  return { ...concept, matches }
}

/** Concepts with masses that sum to 1: each one's share of the question. */
function normalised<T extends { mass: number }>(items: readonly T[]): T[] {
  const total = items.reduce((sum, c) => sum + c.mass, 0)
  return total > 0 ? items.map((c) => ({ ...c, mass: c.mass / total })) : [...items]
}

/**
 * The subject of attached texts: their most frequent search terms (frequency dampened, ties in order of
 * first use), weighted relative to the first.
 */
export function attachmentTerms(
  texts: readonly string[],
  termsOf: (text: string) => string[] = searchTerms,
): WeightedTerm[] {
  const frequencies = new Map<string, number>()
  for (const text of texts) {
    for (const term of termsOf(text)) frequencies.set(term, (frequencies.get(term) ?? 0) + 1)
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

/** Used by the relevance report of bench:brain. */
export type { Bm25Index }
