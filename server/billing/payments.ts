import type { SubscriptionBasis } from '../db/billing-schema'

/** What a payment provider needs to start a checkout of one membership. */
export interface CheckoutInput {
  checkoutId: string
  clientSecret: string
  membershipName: string
  cloneName: string
  basis: SubscriptionBasis
  amountCents: number
  customerEmail: string
  /** The provider's customer of this user, when one is known (Stripe: cus_...), so cards are reused. */
  customerId: string | null
  /** Where the provider sends the buyer back after paying / cancelling. */
  successUrl: string
  cancelUrl: string
}

export interface StartedCheckout {
  /** Where to complete the payment. */
  checkoutUrl: string
  /** The provider's id of the checkout (null for the local checkout). */
  providerSessionId: string | null
}

/**
 * The payments seam (ARCHITECTURE.md 'Embedded defaults and real providers'): the embedded default is a
 * local test-mode checkout page; Stripe is chosen by STRIPE_SECRET_KEY.
 */
export interface PaymentsProvider {
  kind: 'local' | 'stripe'
  startCheckout(input: CheckoutInput): Promise<StartedCheckout>
  /** Tells the provider to stop (or keep) renewing at the period end; the local provider has nothing to tell. */
  setCancelAtPeriodEnd(providerSubscriptionId: string | null, cancel: boolean): Promise<void>
  /**
   * Ends a provider subscription at once, crediting the unused time: a switch paid through a new checkout
   * replaces the old subscription, which must stop billing. Ending one that is already gone is not an error.
   */
  cancelNow(providerSubscriptionId: string): Promise<void>
}

/**
 * The embedded default: our own checkout page at /checkout/:clientSecret, clearly in test mode. The page
 * lives on the origin the buyer came from (the success URL's, which is checked to be ours), so the form's
 * redirect back stays within the page's `form-action 'self'`.
 */
export function createLocalPayments(): PaymentsProvider {
  return {
    kind: 'local',
    async startCheckout(input) {
      const checkoutUrl = new URL(`/checkout/${input.clientSecret}`, input.successUrl).href
      return { checkoutUrl, providerSessionId: null }
    },
    async setCancelAtPeriodEnd() {},
    async cancelNow() {},
  }
}
