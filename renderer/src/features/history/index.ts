export { HistoryButton } from './HistoryButton'
// The root layout's host, loaded after the first render (app/RootLayout.tsx): not in the first load.
export const loadHistoryDialogHost = () => import('./HistoryDialogHost')
export { useAutoLoadRecent } from './use-auto-load-recent'
