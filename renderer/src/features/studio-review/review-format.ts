import type { ReviewVisitor } from '../../../../contract/studio-review'
import { studioReviewStrings as s } from './studio-review.strings'

/** A date and time as the reader's locale writes them ('Mar 4, 2025, 9:41 AM'). */
export function formatReviewTime(iso: string, locale?: string): string {
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
