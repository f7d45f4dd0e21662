/*
 * The pages of one clone's studio (issue #16), in the order the studio's navigation shows them. Each page
 * adds its entry here when its route exists; `creatorOnly` pages are hidden from contributors.
 */

export type StudioPageId =
  | 'questions'
  | 'knowledge'
  | 'announcements'
  | 'leads'
  | 'embeds'
  | 'memberships'
  | 'team'

export interface StudioPageEntry {
  id: StudioPageId
  label: string
  /** The page's route; every studio route has the one parameter `slug`. */
  to:
    | '/studio/$slug/build/questions'
    | '/studio/$slug/knowledge'
    | '/studio/$slug/announcements'
    | '/studio/$slug/leads'
    | '/studio/$slug/embeds'
    | '/studio/$slug/memberships'
    | '/studio/$slug/team'
  creatorOnly?: boolean
}

export const STUDIO_PAGES: readonly StudioPageEntry[] = [
  { id: 'questions', label: 'Suggested questions', to: '/studio/$slug/build/questions' },
  { id: 'knowledge', label: 'Knowledge', to: '/studio/$slug/knowledge' },
  { id: 'announcements', label: 'Announcements', to: '/studio/$slug/announcements' },
  { id: 'leads', label: 'Leads', to: '/studio/$slug/leads' },
  { id: 'embeds', label: 'Embeds', to: '/studio/$slug/embeds' },
  { id: 'memberships', label: 'Memberships', to: '/studio/$slug/memberships' },
  { id: 'team', label: 'Team', to: '/studio/$slug/team' },
]
