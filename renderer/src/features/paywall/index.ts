// The root layout's host, loaded after the first render (app/RootLayout.tsx): not in the first load.
export const loadPaywallDialogHost = () => import('./PaywallDialogHost')
export { paymentRequiredShowsPaywall } from './payment-required'
export { openPaywall, setPaywallTarget } from './paywall.store'
