import type { CitationType, MessageAffiliate } from '../../contract'
import type { AnswerSource } from './answerer'

/** spec 1 §5: citation numbers run from 1 to 99. */
const MARKER = /\[(\d{1,2})\]/g
/** Retrieved sources the answer did not use, shown as 'relevant' (spec 1 §2 'Sources' groups). */
export const MAX_RELEVANT_CITATIONS = 3

/** A citation before it is stored (the id and createdAt come from the database). */
export interface CitationDraft {
  index: number
  documentId: string
  documentTitle: string
  type: CitationType
  /** The document title; creator answers keep CREATOR_ANSWER_TITLE, their title (spec 1 §2). */
  title: string
  url: string | null
  tweetId: string | null
  /** Milliseconds into a video or episode. */
  timestamp: number | null
  text: string
  visible: boolean
}

/** The numbers of the markers in a text, in order of first use, each once. */
export function markersInOrder(text: string): number[] {
  const seen: number[] = []
  for (const match of text.matchAll(MARKER)) {
    const n = Number(match[1])
    if (!seen.includes(n)) seen.push(n)
  }
  return seen
}

export interface CitedAnswer {
  /** Used sources (their marker is in the text) and up to 3 relevant ones, by index. */
  citations: CitationDraft[]
  /** Products of the used sources, once each (spec 1 §3 messageAffiliates). */
  affiliates: MessageAffiliate[]
}

/**
 * Citations of a finished answer: a source is used when its marker appears (spec 1 §5 'A citation
 * counts as used if the message text contains its marker'); a citation keeps its source's number,
 * so every marker in the text points at its citation. Markers with no source are left alone.
 */
export function citeAnswer(text: string, sources: readonly AnswerSource[]): CitedAnswer {
  const byNumber = new Map(sources.map((s) => [s.number, s]))
  const used = markersInOrder(text)
    .map((n) => byNumber.get(n))
    .filter((s): s is AnswerSource => s !== undefined)
  const usedNumbers = new Set(used.map((s) => s.number))
  // No markers at all means nothing was grounded (a refusal, small talk): no 'relevant' list either.
  const relevant =
    used.length === 0
      ? []
      : sources.filter((s) => !usedNumbers.has(s.number)).slice(0, MAX_RELEVANT_CITATIONS)

  const citations = [...used, ...relevant].map(toDraft).sort((a, b) => a.index - b.index)
  const affiliates: MessageAffiliate[] = []
  for (const source of used) {
    const product = source.product
    if (product && !affiliates.some((a) => a.url === product.url)) {
      affiliates.push({ url: product.url, title: product.name, imageUrl: product.imageUrl })
    }
  }
  return { citations, affiliates }
}

const toDraft = (s: AnswerSource): CitationDraft => ({
  index: s.number,
  documentId: s.documentId,
  documentTitle: s.documentTitle,
  type: s.type,
  title: s.documentTitle,
  url: s.url,
  tweetId: s.tweetId,
  timestamp: s.type === 'Youtube' || s.type === 'Podcast' ? s.timestampMs : null,
  text: s.text,
  visible: true,
})

/** Markers without a citation would render as dead labels: stored partial replies drop them. */
export function withoutMarkers(text: string): string {
  return text
    .replace(/\s?\[\d{1,2}\]/g, '')
    .replace(/[ \t]{2,}/g, ' ')
    .trim()
}
