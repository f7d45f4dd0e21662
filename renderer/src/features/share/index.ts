export { copyShareLink } from './copy-link'
export { publicPageUrl, ShareAside } from './ShareAside'
export { ShareDialogHost } from './ShareDialogHost'
export { ShareRow } from './ShareRow'
