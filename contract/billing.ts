import { z } from 'zod/mini'
import { Membership } from './clone'

/** spec 1 §3 'Usage': a quota of -1 means unlimited (and so does a message limit of -1). */
export const UNLIMITED_QUOTA = -1
/** spec 1 §5/§9: more messages per month than this count as unlimited. */
export const UNLIMITED_MESSAGES_ABOVE = 99_999

/** Quotas, usage and remaining amounts; UNLIMITED_QUOTA where there is no limit. */
const Amounts = z.object({
  messages: z.int(),
  voice_seconds: z.int(),
  video_seconds: z.int(),
})

export const Usage = z.object({
  usage: Amounts,
  quota: Amounts,
  remaining: Amounts,
  billing: z.object({ is_overage_enabled: z.boolean() }),
  permissions: z.object({
    can_send_message: z.boolean(),
    can_make_call: z.boolean(),
    can_make_video_call: z.boolean(),
  }),
  /** When the monthly counters start again (ISO). */
  resetsAt: z.string(),
})
export type Usage = z.infer<typeof Usage>

export const UsageQuery = z.object({
  slug: z.string().check(z.minLength(1), z.maxLength(64)),
  instanceSlug: z.optional(z.string().check(z.minLength(1), z.maxLength(64))),
  locationId: z.optional(z.string().check(z.maxLength(200))),
})
export type UsageQuery = z.infer<typeof UsageQuery>

export const BillingBasis = z.enum(['monthly', 'annual'])
export type BillingBasis = z.infer<typeof BillingBasis>

/** spec 1 §3 'Active subscription'. */
export const ActiveSubscription = z.object({
  id: z.string(),
  membership: Membership,
  basis: BillingBasis,
  willCancelAtPeriodEnd: z.boolean(),
  currentPeriodEnd: z.string(),
})
export type ActiveSubscription = z.infer<typeof ActiveSubscription>

/** spec 1 §3 'Monetization'. */
export const Monetization = z.object({
  anonymous_quota: z.object({
    messages: z.int(),
    voice_minutes: z.int(),
    video_minutes: z.int(),
  }),
  has_upsell_options: z.boolean(),
  memberships: z.array(Membership),
  active_subscription: z.nullable(ActiveSubscription),
})
export type Monetization = z.infer<typeof Monetization>

/** spec 1 §7 'Subscriptions'. */
export const CreateSubscriptionRequest = z.object({
  redirect_url: z.url(),
  membershipId: z.uuid(),
  slug: z.string().check(z.minLength(1), z.maxLength(64)),
  basis: BillingBasis,
})
export const CreateSubscriptionResponse = z.object({
  client_secret: z.string(),
  /** Where to complete the payment: the local test-mode checkout page, or the provider's hosted page. */
  checkout_url: z.string(),
})

export const CancelScheduleRequest = z.object({
  cloneSlug: z.string().check(z.minLength(1), z.maxLength(64)),
  instanceId: z.nullish(z.uuid()),
})
export const MembershipLinkRequest = z.object({
  cloneSlug: z.string().check(z.minLength(1), z.maxLength(64)),
  instanceId: z.nullish(z.uuid()),
  redirect_url: z.url(),
  membershipId: z.optional(z.uuid()),
  basis: z.optional(BillingBasis),
  /** Cancellation reasons joined by '; ' (spec 1 §5). */
  reason: z.optional(z.string().check(z.maxLength(2000))),
})
export const MembershipLinkResponse = z.object({ url: z.string() })

/**
 * The query parameter a checkout adds to redirect_url when it sends the buyer back: 'success' after paying,
 * 'canceled' when they left without paying. The page says so once and removes it.
 */
export const CHECKOUT_RETURN_PARAM = 'checkout'
export const CheckoutOutcome = z.enum(['success', 'canceled'])
export type CheckoutOutcome = z.infer<typeof CheckoutOutcome>

/** redirect_url with the checkout's outcome added (any earlier outcome replaced). */
export function checkoutReturnUrl(redirectUrl: string, outcome: CheckoutOutcome): string {
  const url = new URL(redirectUrl)
  url.searchParams.set(CHECKOUT_RETURN_PARAM, outcome)
  return url.href
}

/** One of the user's subscriptions as /billing lists it, with this period's usage against the plan. */
export const SubscriptionSummary = z.extend(ActiveSubscription, {
  clone: z.object({ slug: z.string(), name: z.string(), imageUrl: z.nullable(z.string()) }),
  /** The instance an instance's membership belongs to (null: the whole clone). */
  instance: z.nullable(z.object({ slug: z.string(), name: z.string() })),
  usage: z.object({ used: Amounts, quota: Amounts }),
})
export type SubscriptionSummary = z.infer<typeof SubscriptionSummary>

/**
 * GET /api/billing: the signed-in user's active subscriptions and their overage setting
 * (spec 1 §6 'billing.is_overage_enabled'). Overage lets a paid plan go past its monthly quota.
 */
export const BillingOverview = z.object({
  subscriptions: z.array(SubscriptionSummary),
  overage: z.object({
    enabled: z.boolean(),
    /** Whether it may be turned on: it needs an active paid membership and a provider that bills it. */
    available: z.boolean(),
  }),
  /** The embedded local checkout: no real payment is ever taken. */
  testMode: z.boolean(),
})
export type BillingOverview = z.infer<typeof BillingOverview>

/** PUT /api/billing/overage. */
export const OverageRequest = z.object({ enabled: z.boolean() })
export type OverageRequest = z.infer<typeof OverageRequest>
export const OverageResponse = BillingOverview.shape.overage
export type OverageResponse = z.infer<typeof OverageResponse>
