export { copyShareLink } from './copy-link'
export { publicPageUrl, ShareAside } from './ShareAside'
// The root layout's host, loaded after the first render (app/RootLayout.tsx): not in the first load.
export const loadShareDialogHost = () => import('./ShareDialogHost')

// Loaded when first shown: a static re-export would pull the row (icons, tooltip) into the first load.
export const loadShareRow = () => import('./ShareRow')
