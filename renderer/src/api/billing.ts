import { queryOptions } from '@tanstack/react-query'
import { z } from 'zod/mini'
import {
  type BillingBasis,
  BillingOverview,
  CreateSubscriptionResponse,
  MembershipLinkResponse,
  Monetization,
  OverageResponse,
  Usage,
} from '../../../contract/billing'
import { apiRequest } from './client'

/** spec 1 §4 'Paywall': the usage fetch is retried up to 3 times, after 2, 4, then 8 seconds, then fails. */
export const USAGE_RETRY_DELAYS_MS = [2000, 4000, 8000] as const

/** How long to wait before retry number `attempt` (0-based); past the table, the last delay. */
export const usageRetryDelay = (attempt: number): number =>
  USAGE_RETRY_DELAYS_MS[Math.min(Math.max(attempt, 0), USAGE_RETRY_DELAYS_MS.length - 1)] ?? 8000

/** Whether a failed usage fetch is tried again: TanStack passes the retries made so far (0 before the first). */
export const usageRetry = (failureCount: number): boolean => failureCount < USAGE_RETRY_DELAYS_MS.length

export const usageQueryKey = (slug: string, instanceSlug?: string | null) =>
  ['usage', slug, instanceSlug ?? null] as const

export const fetchUsage = (
  slug: string,
  instanceSlug?: string | null,
  locationId?: string | null,
  signal?: AbortSignal,
) => {
  const params = new URLSearchParams({ slug })
  if (instanceSlug) params.set('instanceSlug', instanceSlug)
  if (locationId) params.set('locationId', locationId)
  return apiRequest({ path: `/api/usage?${params.toString()}`, schema: Usage, signal })
}

/** GET /api/usage for a clone (and instance): the quotas behind the remaining line and the paywall. */
export const usageQuery = (slug: string, instanceSlug?: string | null, locationId?: string | null) =>
  queryOptions({
    queryKey: usageQueryKey(slug, instanceSlug),
    queryFn: ({ signal }) => fetchUsage(slug, instanceSlug, locationId, signal),
    retry: usageRetry,
    retryDelay: usageRetryDelay,
  })

export const monetizationQueryKey = (slug: string) => ['monetization', slug] as const

/** GET /api/clones/:slug/monetization: the tiers, upsell flag and the visitor's active subscription. */
export const monetizationQuery = (slug: string) =>
  queryOptions({
    queryKey: monetizationQueryKey(slug),
    queryFn: ({ signal }) =>
      apiRequest({
        path: `/api/clones/${encodeURIComponent(slug)}/monetization`,
        schema: Monetization,
        signal,
      }),
  })

export const createSubscription = (body: {
  redirect_url: string
  membershipId: string
  slug: string
  basis: BillingBasis
}) => apiRequest({ path: '/api/subscriptions', method: 'POST', body, schema: CreateSubscriptionResponse })

export interface MembershipLinkInput {
  cloneSlug: string
  instanceId?: string | null
  redirect_url: string
  membershipId?: string
  basis?: BillingBasis
  reason?: string
}

export const getCancelMembershipLink = (body: MembershipLinkInput) =>
  apiRequest({
    path: '/api/subscriptions/cancel-link',
    method: 'POST',
    body,
    schema: MembershipLinkResponse,
  })

export const getUpdateMembershipLink = (body: MembershipLinkInput) =>
  apiRequest({
    path: '/api/subscriptions/update-link',
    method: 'POST',
    body,
    schema: MembershipLinkResponse,
  })

export const resumeSubscription = (body: { cloneSlug: string; instanceId?: string | null }) =>
  apiRequest({ path: '/api/subscriptions/resume', method: 'POST', body, schema: z.unknown() })

export const billingOverviewQueryKey = ['billing'] as const

/** GET /api/billing: the signed-in user's subscriptions with this month's usage, and the overage setting. */
export const billingOverviewQuery = () =>
  queryOptions({
    queryKey: billingOverviewQueryKey,
    queryFn: ({ signal }) => apiRequest({ path: '/api/billing', schema: BillingOverview, signal }),
  })

/** PUT /api/billing/overage: lets paid plans go past their monthly messages (spec 1 §6). */
export const setOverage = (enabled: boolean) =>
  apiRequest({ path: '/api/billing/overage', method: 'PUT', body: { enabled }, schema: OverageResponse })
