import { useQueryClient } from '@tanstack/react-query'
import { lazy, Suspense, useEffect, useState } from 'react'
import { useOpenDialog } from '../../navigation/dialogs.store'
import { useCurrentUser } from '../auth'
import { paywall } from './paywall.store'

// The dialog (Radix, plan cards, the cancellation form) loads only when the paywall first opens.
const PaywallDialog = lazy(() => import('./PaywallDialog').then((m) => ({ default: m.PaywallDialog })))

/** Mounted once in the root layout: shows the paywall whenever a feature opens it. */
export function PaywallDialogHost() {
  const open = useOpenDialog('paywall') !== null
  const signInOpen = useOpenDialog('signIn') !== null
  const { user } = useCurrentUser()
  const queryClient = useQueryClient()
  const [used, setUsed] = useState(false)
  useEffect(() => {
    if (open) setUsed(true)
  }, [open])

  // spec 1 §4: usage is refetched after login; the paywall comes back only while still over the limit.
  const signedIn = user !== null
  useEffect(() => {
    if (!signedIn || signInOpen || !paywall.reopenAfterSignIn) return
    paywall.reopenAfterSignIn = false
    const target = paywall.target
    if (!target) return
    void import('./reopen-after-sign-in').then((m) => m.reopenPaywallAfterSignIn(queryClient, target))
  }, [signedIn, signInOpen, queryClient])

  if (!open && !used) return null
  return (
    <Suspense fallback={null}>
      <PaywallDialog open={open} />
    </Suspense>
  )
}
