export {
  formatUsd,
  limitReached,
  membershipBenefits,
  paymentRequiredOpensPaywall,
  upsellTitle,
  withinLimits,
} from './billing'
export { billingStrings } from './billing.strings'
export { PlanPicker } from './PlanPicker'
export { CreditRing, RemainingLine } from './RemainingLine'
export { recordDeliveredMessage, useUsage } from './use-usage'

// Screens and dialogs loaded when first shown, each in its own chunk.
export const loadBillingScreen = () => import('./BillingScreen')
export const loadMembershipsScreen = () => import('./MembershipsScreen')
// The root layout's host, loaded after the first render (app/RootLayout.tsx).
export const loadCheckoutReturnHost = () => import('./CheckoutReturnHost')
