export { AppHeader } from './AppHeader'
export { OfflineNotice, ShellNotices } from './ShellNotices'
