// The studio's navigation between a clone's pages (issue #16), shown at the top of each studio page.

// The frame of a clone's studio page, its data's loading and failure states, and who may open it.
export { QueryState, type QueryStateTexts } from './QueryState'
// The door every creator page shares (signed out, not yours, 404).
export { StudioAccessGate, type StudioGateTexts } from './StudioAccessGate'
export { StudioNav } from './StudioNav'
export { StudioPage, ViewProfileButton } from './StudioPage'
export { STUDIO_PAGES, type StudioPageId } from './studio-pages'
export { useStudioAccess, useStudioClone } from './use-studio-access'

// The studio home, 'Create a clone' and a clone's settings (issue #16) load when first shown, in their own chunk.
export const loadStudioScreens = () => import('./studio-screens')
