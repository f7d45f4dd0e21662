/*
 * The pages of one clone's studio (issue #16), in the order the studio's navigation shows them. Each page
 * adds its entry here when its route exists; `creatorOnly` pages are hidden from contributors.
 */

export type StudioPageId = 'questions' | 'announcements' | 'leads' | 'embeds' | 'conversations' | 'analytics'

export interface StudioPageEntry {
  id: StudioPageId
  label: string
  /** The page's route; every studio route has the one parameter `slug`. */
  to:
    | '/studio/$slug/build/questions'
    | '/studio/$slug/announcements'
    | '/studio/$slug/leads'
    | '/studio/$slug/embeds'
    | '/studio/$slug/conversations'
    | '/studio/$slug/analytics'
  creatorOnly?: boolean
}

export const STUDIO_PAGES: readonly StudioPageEntry[] = [
  { id: 'questions', label: 'Suggested questions', to: '/studio/$slug/build/questions' },
  { id: 'announcements', label: 'Announcements', to: '/studio/$slug/announcements' },
  { id: 'leads', label: 'Leads', to: '/studio/$slug/leads' },
  { id: 'embeds', label: 'Embeds', to: '/studio/$slug/embeds' },
  { id: 'conversations', label: 'Conversations', to: '/studio/$slug/conversations' },
  { id: 'analytics', label: 'Analytics', to: '/studio/$slug/analytics' },
]
