import type { Relationship, UserType } from '../../../../contract/auth'
import { isTeamRole } from '../../lib/clone-team'
import { FEEDBACK_HIDDEN_CLONE_SLUGS } from './account.config'

/** What the signed-in account menu offers on the current page (spec 1 §2, §6). */
export interface AccountMenuEntries {
  feedback: boolean
  /** Only CREATOR or CONTRIBUTOR of the clone on screen. */
  editSuggestedQuestions: boolean
}

export function accountMenuEntries(
  slug: string | null | undefined,
  userType: UserType,
  feedbackHiddenFor: readonly string[] = FEEDBACK_HIDDEN_CLONE_SLUGS,
): AccountMenuEntries {
  return {
    feedback: !slug || !feedbackHiddenFor.includes(slug),
    editSuggestedQuestions: !!slug && (userType === 'admin' || userType === 'collab'),
  }
}

/** The name the menu shows: the user's name, else the address's local part. */
export const displayNameOf = (user: { name: string | null; email: string }) =>
  user.name?.trim() || user.email.slice(0, user.email.indexOf('@')) || user.email

/**
 * 'Leads' and 'Embeds' (issue #14): for the CREATOR or a CONTRIBUTOR of the clone on screen (its pages),
 * else of any clone (the first one's, as /api/me lists the relationships); null hides both entries.
 */
export function leadsSlugFor(
  slug: string | null | undefined,
  relationships: readonly Pick<Relationship, 'cloneSlug' | 'type'>[],
): string | null {
  const own = relationships.filter((r) => isTeamRole(r.type))
  return (own.find((r) => r.cloneSlug === slug) ?? own[0])?.cloneSlug ?? null
}
