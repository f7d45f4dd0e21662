export { AppHeader } from './AppHeader'
export { ComingSoon, type ComingSoonProps } from './ComingSoon'
export { OfflineNotice, ShellNotices } from './ShellNotices'
