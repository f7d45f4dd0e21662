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
  id: StudioPageId
  label: string
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
  { id: 'settings', label: 'Settings', to: '/studio/$slug/settings' },
  { id: 'knowledge', label: 'Knowledge', to: '/studio/$slug/knowledge' },
  { id: 'questions', label: 'Suggested questions', to: '/studio/$slug/build/questions' },
  { id: 'conversations', label: 'Conversations', to: '/studio/$slug/conversations' },
  { id: 'memberships', label: 'Memberships', to: '/studio/$slug/memberships' },
  { id: 'team', label: 'Team', to: '/studio/$slug/team' },
  { id: 'embeds', label: 'Embeds', to: '/studio/$slug/embeds' },
  { id: 'leads', label: 'Leads', to: '/studio/$slug/leads' },
  { id: 'announcements', label: 'Announcements', to: '/studio/$slug/announcements' },
  { id: 'analytics', label: 'Analytics', to: '/studio/$slug/analytics' },
]
