import { lazy, Suspense } from 'react'
import { useOpenDialog } from '../../navigation/dialogs.store'

const ShareDialog = lazy(() => import('./ShareDialog').then((m) => ({ default: m.ShareDialog })))

/** Mounted once in the root layout; the dialog's code loads the first time it opens. */
export function ShareDialogHost() {
  const open = useOpenDialog('share')
  if (!open) return null
  return (
    <Suspense fallback={null}>
      <ShareDialog key={open.conversationId} conversationId={open.conversationId} />
    </Suspense>
  )
}
