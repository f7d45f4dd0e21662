import type { Citation } from '../../../../contract/chat'
import { CREATOR_ANSWER_TITLE } from '../../../../contract/knowledge'
import { citationMarkers } from '../../lib/citation-markers'
import { formatPodcastTimestamp, formatVideoTimestamp } from '../../lib/media-time'
import { youtubeVideoId, youtubeWatchUrl } from '../../lib/youtube'

/** A source of the test answer as the studio lists it. */
export interface AnswerSource {
  citation: Citation
  /** Opens in a new tab: the page, the file, or the video at the cited moment. */
  href: string | null
  /** The cited moment of a video or episode ('4:07', '12m 30s'). */
  time: string | null
  isCreatorAnswer: boolean
}

export interface AnswerSources {
  /** Cited by a marker [n] in the text, in number order. */
  cited: AnswerSource[]
  /** Retrieved but not cited: one per document, none of the cited documents. */
  other: AnswerSource[]
}

function hrefOf(citation: Citation): string | null {
  const url = citation.url
  if (!url) return null
  if (citation.type === 'Youtube') {
    const id = youtubeVideoId(url)
    return id ? youtubeWatchUrl(id, citation.timestamp) : url
  }
  // Files the server hosts ('/api/uploads/files/…') open from the app's own origin.
  return /^https?:\/\//i.test(url) || url.startsWith('/') ? url : null
}

function timeOf(citation: Citation): string | null {
  if (citation.timestamp === null) return null
  if (citation.type === 'Youtube') return formatVideoTimestamp(citation.timestamp)
  if (citation.type === 'Podcast') return formatPodcastTimestamp(citation.timestamp)
  return null
}

const toSource = (citation: Citation): AnswerSource => ({
  citation,
  href: hrefOf(citation),
  time: timeOf(citation),
  isCreatorAnswer: citation.title === CREATOR_ANSWER_TITLE,
})

/** The answer's sources the way the chat's Sources overlay groups them (spec 1 §5 'Citations'). */
export function answerSources(text: string, citations: readonly Citation[]): AnswerSources {
  const markers = new Set(citationMarkers(text))
  const titled = citations.filter((c) => c.title.trim().length > 0)
  const cited: AnswerSource[] = []
  const seenIndexes = new Set<number>()
  for (const citation of [...titled].sort((a, b) => a.index - b.index)) {
    if (!markers.has(citation.index) || seenIndexes.has(citation.index)) continue
    seenIndexes.add(citation.index)
    cited.push(toSource(citation))
  }
  const seenDocuments = new Set(cited.map((s) => s.citation.documentId))
  const other: AnswerSource[] = []
  for (const citation of titled) {
    if (markers.has(citation.index) || !citation.visible || seenDocuments.has(citation.documentId)) continue
    seenDocuments.add(citation.documentId)
    other.push(toSource(citation))
  }
  return { cited, other }
}
