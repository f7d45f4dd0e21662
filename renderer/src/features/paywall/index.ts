export { PaywallDialogHost } from './PaywallDialogHost'
export { paymentRequiredShowsPaywall } from './payment-required'
export { openPaywall, setPaywallTarget } from './paywall.store'
