import type { Citation, MessageCitation } from '../../../../contract/chat'
import { CREATOR_ANSWER_TITLE } from '../../../../contract/knowledge'
import { citationMarkers } from '../../lib/citation-markers'
import { youtubeVideoId } from '../../lib/youtube'
import { citationsStrings } from './citations.strings'

/** A message citation with everything: from the chat stream, or from the message's sources. */
export const isWholeCitation = (citation: MessageCitation): citation is Citation =>
  citation.id !== undefined &&
  citation.documentTitle !== undefined &&
  citation.tweetId !== undefined &&
  citation.timestamp !== undefined &&
  citation.text !== undefined &&
  citation.createdAt !== undefined

/** A citation the overlay can show, with what its type needs already worked out. */
export interface SourceItem<C extends MessageCitation = Citation> {
  citation: C
  /** Where the item links to (new tab), when it has such an address. */
  href: string | null
  /** For YouTube items. */
  youtubeId: string | null
  isCreatorAnswer: boolean
}

export interface SourceGroups<C extends MessageCitation = Citation> {
  /** Cited in the text by a marker [n], in number order. */
  used: SourceItem<C>[]
  /** Retrieved but not cited: visible ones only, one per document, none of the used documents. */
  relevant: SourceItem<C>[]
}

/** spec 1 §5: why a citation cannot be shown, or null when it can. */
export function citationProblem(citation: MessageCitation): string | null {
  if (!citation.documentId) return citationsStrings.missingDocumentId
  if (citation.type === 'Youtube' && !citation.url) return citationsStrings.youtubeUrlMissing
  if (citation.type === 'Youtube' && !youtubeVideoId(citation.url ?? ''))
    return citationsStrings.youtubeUrlInvalid
  return null
}

export const tweetUrl = (tweetId: string) => `https://twitter.com/i/web/status/${encodeURIComponent(tweetId)}`

const isWebAddress = (url: string | null): boolean => !!url && /^https?:\/\//i.test(url)

/** spec 1 §5: Twitter items link by tweetId; every other type by its URL (when it is a web address). */
export function citationHref(citation: MessageCitation): string | null {
  if (citation.type === 'Twitter') return citation.tweetId ? tweetUrl(citation.tweetId) : null
  if (isWebAddress(citation.url)) return citation.url
  // Files the server hosts ('/media/…') open from the API origin.
  return citation.url?.startsWith('/') ? citation.url : null
}

/** The item for a citation, or null (with the reason logged) when spec 1 §5 says it cannot be shown. */
export function toSourceItem<C extends MessageCitation>(
  citation: C,
  log: (message: string) => void = console.error,
): SourceItem<C> | null {
  const problem = citationProblem(citation)
  if (problem) {
    log(`${problem} (citation ${citation.id ?? citation.index})`)
    return null
  }
  return {
    citation,
    href: citationHref(citation),
    youtubeId: citation.type === 'Youtube' ? youtubeVideoId(citation.url ?? '') : null,
    isCreatorAnswer: citation.title === CREATOR_ANSWER_TITLE,
  }
}

/** spec 1 §5: a citation with an empty title is hidden. */
export const hasTitle = (citation: MessageCitation) => citation.title.trim().length > 0

/**
 * spec 1 §5 'Citations': used = cited by a marker in the text; relevant = the rest, visible only,
 * de-duplicated by document (and without the documents already used). Empty titles and invalid
 * citations are left out of both.
 */
export function groupCitations<C extends MessageCitation>(
  citations: readonly C[],
  messageText: string,
  log?: (message: string) => void,
): SourceGroups<C> {
  const cited = new Set(citationMarkers(messageText))
  const used: SourceItem<C>[] = []
  const usedIndexes = new Set<number>()
  for (const citation of [...citations].sort((a, b) => a.index - b.index)) {
    if (!cited.has(citation.index) || usedIndexes.has(citation.index) || !hasTitle(citation)) continue
    const item = toSourceItem(citation, log)
    if (!item) continue
    usedIndexes.add(citation.index)
    used.push(item)
  }
  const seenDocuments = new Set(used.map((item) => item.citation.documentId))
  const relevant: SourceItem<C>[] = []
  for (const citation of citations) {
    if (cited.has(citation.index) || !citation.visible || !hasTitle(citation)) continue
    if (citation.documentId && seenDocuments.has(citation.documentId)) continue
    const item = toSourceItem(citation, log)
    if (!item) continue
    seenDocuments.add(citation.documentId)
    relevant.push(item)
  }
  return { used, relevant }
}

/** The citations a marker can point at: by number, with a title (for labels and hover cards). */
export function citationsByIndex(
  citations: readonly MessageCitation[],
): ReadonlyMap<number, MessageCitation> {
  const map = new Map<number, MessageCitation>()
  for (const citation of citations) {
    if (hasTitle(citation) && citation.documentId && !map.has(citation.index))
      map.set(citation.index, citation)
  }
  return map
}

/** How many sources the 'Sources' button of a message opens (0: no button). Invalid ones are not counted. */
export const countSources = (citations: readonly MessageCitation[], messageText: string) => {
  const groups = groupCitations(citations, messageText, () => {})
  return groups.used.length + groups.relevant.length
}
