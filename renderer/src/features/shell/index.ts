export { AppHeader } from './AppHeader'
export { OfflineNotice } from './OfflineBanner'
// The root layout's host, loaded after the first render (app/RootLayout.tsx): not in the first load.
export const loadShellNotices = () => import('./ShellNotices')
