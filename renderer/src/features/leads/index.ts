// The leads page is loaded when first shown, in its own chunk.
export const loadLeadsScreen = () => import('./LeadsScreen')
// The door every creator page shares (signed out, not yours, 404).
export { StudioAccessGate, type StudioGateTexts } from './StudioAccessGate'
