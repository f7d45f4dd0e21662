import { lazy, Suspense, useEffect, useState } from 'react'
import { useOpenDialog } from '../../navigation/dialogs.store'
import { loadSignInDialog } from './preload-sign-in-dialog'

const SignInDialog = lazy(() => loadSignInDialog().then((m) => ({ default: m.SignInDialog })))

/** Mounted once in the root layout: opens the sign-in dialog whenever any feature calls openDialog({ kind: 'signIn' }). */
export function SignInDialogHost() {
  const open = useOpenDialog('signIn') !== null
  // Once loaded, stay mounted so closing can animate and the dialog keeps its step.
  const [used, setUsed] = useState(false)
  useEffect(() => {
    if (open) setUsed(true)
  }, [open])
  if (!open && !used) return null
  return (
    <Suspense fallback={null}>
      <SignInDialog open={open} />
    </Suspense>
  )
}
