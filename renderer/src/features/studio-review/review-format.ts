import { activeLanguage } from '../../../../contract/i18n'
import type { ReviewCitation, ReviewVisitor } from '../../../../contract/studio-review'
import { citationMarkers } from '../../lib/citation-markers'
import { studioReviewStrings as s } from './studio-review.strings'

/** A date and time as the active language writes them ('Mar 4, 2025, 9:41 AM'). */
export function formatReviewTime(iso: string, locale: string = activeLanguage()): string {
  const date = new Date(iso)
  return Number.isNaN(date.getTime())
    ? iso
    : new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(date)
}

/** Who the clone talked with: the signed-in visitor's name (or e-mail), or 'Anonymous visitor'. */
export function visitorLabel(visitor: ReviewVisitor | null): { name: string; email: string | null } {
  if (!visitor) return { name: s.anonymous, email: null }
  const name = visitor.name?.trim()
  return name ? { name, email: visitor.email } : { name: visitor.email ?? s.anonymous, email: null }
}

/**
 * An answer's sources as the chat groups them (spec 1 §5): used when its text carries the [n] marker, the
 * rest 'relevant' and only when visible.
 */
export function sourcesOf(
  text: string,
  citations: readonly ReviewCitation[],
): { used: ReviewCitation[]; relevant: ReviewCitation[] } {
  const cited = new Set(citationMarkers(text))
  const used = citations.filter((c) => cited.has(c.index))
  const relevant = citations.filter((c) => !cited.has(c.index) && c.visible)
  return { used, relevant }
}
