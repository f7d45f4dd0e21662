export { HistoryButton } from './HistoryButton'
export { HistoryDialogHost } from './HistoryDialogHost'
export { useAutoLoadRecent } from './use-auto-load-recent'
