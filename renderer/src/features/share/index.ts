export { copyShareLink } from './copy-link'
export { ShareAside } from './ShareAside'
export { ShareDialogHost } from './ShareDialogHost'
