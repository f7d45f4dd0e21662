import type { QueryClient } from '@tanstack/react-query'
import type { Usage } from '../../../../contract/billing'
import { usageQueryKey } from '../../api/billing'
import { closeDialog, dialogs } from '../../navigation/dialogs.store'
import { withinLimits } from '../billing'
import { openPaywall, type PaywallTarget } from './paywall.store'

/**
 * spec 1 §4: usage is refetched after login; the paywall comes back only while still over the limit.
 * Loaded by PaywallDialogHost when a sign-in from the paywall completes (billing stays off the first load).
 */
export async function reopenPaywallAfterSignIn(queryClient: QueryClient, target: PaywallTarget) {
  const key = usageQueryKey(target.slug, target.instanceSlug)
  await queryClient.invalidateQueries({ queryKey: key })
  const usage = queryClient.getQueryData<Usage>(key)
  if (dialogs.open) return
  if (!usage || !withinLimits({ usage, requireEmail: target.requireEmail })) openPaywall()
  else closeDialog('paywall')
}
