export { copyShareLink } from './copy-link'
export { publicPageUrl, ShareAside } from './ShareAside'
export { ShareDialogHost } from './ShareDialogHost'

// Loaded when first shown: a static re-export would pull the row (icons, tooltip) into the first load.
export const loadShareRow = () => import('./ShareRow')
