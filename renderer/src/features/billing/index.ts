export {
  formatUsd,
  limitReached,
  membershipBenefits,
  paymentRequiredOpensPaywall,
  upsellTitle,
  withinLimits,
} from './billing'
export { billingStrings } from './billing.strings'
export { CheckoutReturnHost } from './CheckoutReturnHost'
export { PlanPicker } from './PlanPicker'
export { CreditRing, RemainingLine } from './RemainingLine'
export { recordDeliveredMessage, useUsage } from './use-usage'

// Screens and dialogs loaded when first shown, each in its own chunk.
export const loadBillingScreen = () => import('./BillingScreen')
export const loadMembershipsScreen = () => import('./MembershipsScreen')
