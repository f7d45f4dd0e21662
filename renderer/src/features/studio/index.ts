// The studio's navigation between a clone's pages (issue #16), shown at the top of each studio page.

// The door every creator page shares (signed out, not yours, 404).
export { StudioAccessGate, type StudioGateTexts } from './StudioAccessGate'
export { StudioNav } from './StudioNav'
export { STUDIO_PAGES, type StudioPageId } from './studio-pages'
