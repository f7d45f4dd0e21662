import { lazy, Suspense } from 'react'
import { useSnapshot } from 'valtio'
import { dialogs } from '../../navigation/dialogs.store'
import { loadFeedbackDialog } from '../feedback'

// Each dialog is its own chunk, loaded when first opened: the profile's first load stays small.
const ActionCentreDialog = lazy(() =>
  import('./ActionCentreDialog').then((m) => ({ default: m.ActionCentreDialog })),
)
const CloneSocialsDialog = lazy(() =>
  import('./CloneSocialsDialog').then((m) => ({ default: m.CloneSocialsDialog })),
)
const TextOptInDialog = lazy(() => import('./TextOptInDialog').then((m) => ({ default: m.TextOptInDialog })))
const FeedbackDialog = lazy(() => loadFeedbackDialog().then((m) => ({ default: m.FeedbackDialog })))

/** The action centre's dialogs (spec 1 §2 `actions`), mounted once for every page; each opens by name. */
export function ActionDialogs() {
  const kind = useSnapshot(dialogs).open?.kind
  let dialog: React.ReactNode = null
  if (kind === 'actionCentre') dialog = <ActionCentreDialog />
  else if (kind === 'socials') dialog = <CloneSocialsDialog />
  else if (kind === 'textOptIn') dialog = <TextOptInDialog />
  else if (kind === 'feedback') dialog = <FeedbackDialog />
  return dialog ? <Suspense fallback={null}>{dialog}</Suspense> : null
}
