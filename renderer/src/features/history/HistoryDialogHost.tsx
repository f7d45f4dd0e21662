import { lazy, Suspense } from 'react'
import { useOpenDialog } from '../../navigation/dialogs.store'

const HistoryDialog = lazy(() => import('./HistoryDialog').then((m) => ({ default: m.HistoryDialog })))

/** Mounted once in the root layout; the drawer's code loads the first time it opens (npm run bench:size). */
export function HistoryDialogHost() {
  const open = useOpenDialog('history')
  if (!open) return null
  return (
    <Suspense fallback={null}>
      <HistoryDialog />
    </Suspense>
  )
}
