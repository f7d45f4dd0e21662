import type { CitationsParam } from '../../navigation/search-params'
import type { SourceGroups, SourceItem } from './citations'

/** spec 1 §4 'Citation overlay': closed, all sources, single source. */
export const CitationOverlayState = {
  CLOSED: 'CLOSED',
  ALL_SOURCES: 'ALL_SOURCES',
  SINGLE_SOURCE: 'SINGLE_SOURCE',
} as const
export type CitationOverlayState = (typeof CitationOverlayState)[keyof typeof CitationOverlayState]

export type CitationOverlay =
  | { state: 'CLOSED' }
  | { state: 'ALL_SOURCES'; messageId: string }
  | { state: 'SINGLE_SOURCE'; messageId: string; citation?: number; relevant?: string }

/** The overlay the `citations` query parameter asks for (spec 1 §2): no message, no overlay. */
export function citationOverlayFor(param: CitationsParam | undefined): CitationOverlay {
  if (!param?.message) return { state: CitationOverlayState.CLOSED }
  if (param.citation !== undefined || param.relevant) {
    return {
      state: CitationOverlayState.SINGLE_SOURCE,
      messageId: param.message,
      ...(param.citation !== undefined ? { citation: param.citation } : {}),
      ...(param.relevant ? { relevant: param.relevant } : {}),
    }
  }
  return { state: CitationOverlayState.ALL_SOURCES, messageId: param.message }
}

/** The parameter that opens an overlay: all of a message's sources, or its citation n. */
export const citationsParamFor = (messageId: string, citation?: number): CitationsParam =>
  citation === undefined ? { message: messageId } : { message: messageId, citation }

/**
 * What the overlay lists for the loaded groups, or null when the data it asks for is missing
 * (spec 1 §4: missing citation data closes the overlay).
 */
export function sourcesToShow(
  overlay: CitationOverlay,
  groups: SourceGroups,
): { used: SourceItem[]; relevant: SourceItem[]; single: boolean } | null {
  if (overlay.state === CitationOverlayState.CLOSED) return null
  if (overlay.state === CitationOverlayState.ALL_SOURCES) {
    return groups.used.length + groups.relevant.length > 0 ? { ...groups, single: false } : null
  }
  const all = [...groups.used, ...groups.relevant]
  const found =
    overlay.citation !== undefined
      ? all.find((item) => item.citation.index === overlay.citation)
      : all.find(
          (item) => item.citation.id === overlay.relevant || item.citation.documentId === overlay.relevant,
        )
  if (!found) return null
  const used = groups.used.includes(found)
  return { used: used ? [found] : [], relevant: used ? [] : [found], single: true }
}
