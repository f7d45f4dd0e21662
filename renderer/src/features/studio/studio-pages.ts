/*
 * The pages of one clone's studio (issue #16), in the order the studio's navigation shows them: teach it,
 * run it, then see how it does. `creatorOnly` pages are hidden from contributors.
 */

export type StudioPageId =
  | 'settings'
  | 'knowledge'
  | 'questions'
  | 'conversations'
  | 'memberships'
  | 'team'
  | 'embeds'
  | 'leads'
  | 'announcements'
  | 'analytics'

export interface StudioPageEntry {
  /** Also the key of the page's name in studioStrings.nav. */
  id: StudioPageId
  /** The page's route; every studio route has the one parameter `slug`. */
  to:
    | '/studio/$slug/settings'
    | '/studio/$slug/knowledge'
    | '/studio/$slug/build/questions'
    | '/studio/$slug/conversations'
    | '/studio/$slug/memberships'
    | '/studio/$slug/team'
    | '/studio/$slug/embeds'
    | '/studio/$slug/leads'
    | '/studio/$slug/announcements'
    | '/studio/$slug/analytics'
  creatorOnly?: boolean
}

export const STUDIO_PAGES: readonly StudioPageEntry[] = [
  { id: 'settings', to: '/studio/$slug/settings' },
  { id: 'knowledge', to: '/studio/$slug/knowledge' },
  { id: 'questions', to: '/studio/$slug/build/questions' },
  { id: 'conversations', to: '/studio/$slug/conversations' },
  { id: 'memberships', to: '/studio/$slug/memberships' },
  { id: 'team', to: '/studio/$slug/team' },
  { id: 'embeds', to: '/studio/$slug/embeds' },
  { id: 'leads', to: '/studio/$slug/leads' },
  { id: 'announcements', to: '/studio/$slug/announcements' },
  { id: 'analytics', to: '/studio/$slug/analytics' },
]
