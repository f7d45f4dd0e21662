import { useQueryClient } from '@tanstack/react-query'
import { useNavigate, useRouterState } from '@tanstack/react-router'
import { useEffect } from 'react'
import { CHECKOUT_RETURN_PARAM, CheckoutOutcome } from '../../../../contract/billing'
import { closeDialog } from '../../navigation/dialogs.store'
import { toast } from '../../ui/toast'
import { billingStrings } from './billing.strings'

/**
 * Back from a checkout (`?checkout=success|canceled`, server/billing/subscriptions.ts): says how it went
 * once, reads memberships and usage again (the paywall closes once paid), and takes the parameter out of
 * the address so a reload or a shared link does not say it again. Mounted once in the root layout.
 */
export function CheckoutReturn() {
  const raw = useRouterState({
    select: (state) => (state.location.search as Record<string, unknown>)[CHECKOUT_RETURN_PARAM],
  })
  const outcome = CheckoutOutcome.safeParse(raw)
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const value = outcome.success ? outcome.data : raw === undefined ? null : 'invalid'

  useEffect(() => {
    if (value === null) return
    if (value === 'success') {
      toast.success(billingStrings.checkoutSucceeded)
      closeDialog('paywall')
      for (const key of ['monetization', 'usage', 'billing']) {
        void queryClient.invalidateQueries({ queryKey: [key] })
      }
    } else if (value === 'canceled') {
      toast(billingStrings.checkoutCanceled)
    }
    void navigate({
      to: '.',
      // The talk routes' own search schema drops the parameter already; the other routes keep it: clear it.
      search: (prev) => ({ ...prev, checkout: undefined }),
      replace: true,
    })
  }, [value, navigate, queryClient])

  return null
}
