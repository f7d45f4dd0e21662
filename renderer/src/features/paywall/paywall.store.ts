import { proxy } from 'valtio'
import { openDialog } from '../../navigation/dialogs.store'

/** The clone the paywall is about: the chat page says which one (the dialogs store carries no payload). */
export interface PaywallTarget {
  slug: string
  instanceSlug: string | null
  instanceId: string | null
  locationId: string | null
  name: string
  requireEmail: boolean
  /** The clone's own upsell title, `{name}` standing for its name (null: the generic one). */
  upsellTitle: string | null
}

export const paywall = proxy<{ target: PaywallTarget | null; reopenAfterSignIn: boolean }>({
  target: null,
  reopenAfterSignIn: false,
})

export function setPaywallTarget(target: PaywallTarget | null) {
  paywall.target = target
}

/** Opens the paywall for the current clone; never in anonymous mode (requireEmail false, spec 1 §6). */
export function openPaywall(): boolean {
  if (!paywall.target?.requireEmail) return false
  openDialog({ kind: 'paywall' })
  return true
}

/** The paywall asks for sign-in first: the sign-in dialog replaces it, and it comes back afterwards. */
export function signInFromPaywall() {
  paywall.reopenAfterSignIn = true
  openDialog({ kind: 'signIn' })
}
