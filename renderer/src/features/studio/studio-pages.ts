/*
 * The pages of one clone's studio (issue #16), in the order the studio's navigation shows them. Each page
 * adds its entry here when its route exists; `creatorOnly` pages are hidden from contributors.
 */

export type StudioPageId = 'settings' | 'questions' | 'announcements' | 'leads' | 'embeds'

export interface StudioPageEntry {
  id: StudioPageId
  label: string
  /** The page's route; every studio route has the one parameter `slug`. */
  to:
    | '/studio/$slug/settings'
    | '/studio/$slug/build/questions'
    | '/studio/$slug/announcements'
    | '/studio/$slug/leads'
    | '/studio/$slug/embeds'
  creatorOnly?: boolean
}

export const STUDIO_PAGES: readonly StudioPageEntry[] = [
  { id: 'settings', label: 'Settings', to: '/studio/$slug/settings' },
  { id: 'questions', label: 'Suggested questions', to: '/studio/$slug/build/questions' },
  { id: 'announcements', label: 'Announcements', to: '/studio/$slug/announcements' },
  { id: 'leads', label: 'Leads', to: '/studio/$slug/leads' },
  { id: 'embeds', label: 'Embeds', to: '/studio/$slug/embeds' },
]
