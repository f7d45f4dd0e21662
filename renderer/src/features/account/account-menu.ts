import type { Relationship, UserType } from '../../../../contract/auth'
import { isTeamRole } from '../../lib/clone-team'
import { FEEDBACK_HIDDEN_CLONE_SLUGS } from './account.config'

/** What the signed-in account menu offers on the current page (spec 1 §2, §6). */
export interface AccountMenuEntries {
  feedback: boolean
  /** Only CREATOR or CONTRIBUTOR of the clone on screen. */
  editSuggestedQuestions: boolean
}

/** Where the menu is open: in a white-labelled embed, and which clones hide 'Give feedback'. */
export interface AccountMenuPlace {
  /** The product runs in an embed whose configuration is white-labelled (spec 1 §6). */
  whitelabelEmbed?: boolean
  feedbackHiddenFor?: readonly string[]
}

/**
 * spec 1 §6: 'Give feedback' is hidden for the named clones and in a white-labelled embed (the creator's
 * own brand: no feedback to the product); 'Edit suggested questions' for the clone's creator or contributor.
 */
export function accountMenuEntries(
  slug: string | null | undefined,
  userType: UserType,
  { whitelabelEmbed = false, feedbackHiddenFor = FEEDBACK_HIDDEN_CLONE_SLUGS }: AccountMenuPlace = {},
): AccountMenuEntries {
  return {
    feedback: !whitelabelEmbed && !(slug && feedbackHiddenFor.includes(slug)),
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
