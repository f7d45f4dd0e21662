import type { QueryClient } from '@tanstack/react-query'
import type { CloneProfile } from '../../../../contract/clone'
import { monetizationQuery } from '../../api/billing'
import { paymentRequiredOpensPaywall } from '../billing'

/**
 * spec 1 §8: whether a 402 from the chat stream opens the paywall (upsell options and memberships exist).
 * When the monetization answer cannot be had, the clone's own active memberships stand in for it.
 */
export async function paymentRequiredShowsPaywall(
  queryClient: QueryClient,
  clone: Pick<CloneProfile, 'slug' | 'memberships' | 'options'>,
): Promise<boolean> {
  const monetization = await queryClient.fetchQuery(monetizationQuery(clone.slug)).catch(() => {
    const memberships = clone.memberships.filter((m) => m.active)
    return { has_upsell_options: memberships.length > 0, memberships }
  })
  return paymentRequiredOpensPaywall(monetization, clone.options.requireEmail)
}
