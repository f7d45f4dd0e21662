export { CloneLoadFailed, CloneNotFound } from './CloneNotFound'
export { CloneProfileScreen } from './CloneProfileScreen'
export { SocialsDialog } from './SocialsDialog'
