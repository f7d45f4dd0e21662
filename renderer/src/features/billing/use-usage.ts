import { type QueryClient, useQuery } from '@tanstack/react-query'
import type { Usage } from '../../../../contract/billing'
import { usageQuery, usageQueryKey } from '../../api/billing'
import { afterDeliveredMessage } from './billing'

/** The visitor's usage for a clone (key ['usage', slug, instanceSlug]; retried 3 times: 2, 4, 8 s). */
export function useUsage(
  slug: string,
  instanceSlug?: string | null,
  options: { locationId?: string | null; enabled?: boolean } = {},
) {
  return useQuery({ ...usageQuery(slug, instanceSlug, options.locationId), enabled: options.enabled ?? true })
}

/** After a delivered answer: +1 used, -1 remaining in the cache; answers the updated usage (or undefined). */
export function recordDeliveredMessage(
  queryClient: QueryClient,
  slug: string,
  instanceSlug?: string | null,
): Usage | undefined {
  return queryClient.setQueryData<Usage>(usageQueryKey(slug, instanceSlug), (usage) =>
    usage ? afterDeliveredMessage(usage) : usage,
  )
}
