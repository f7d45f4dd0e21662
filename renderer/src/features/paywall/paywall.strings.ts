import { defineStrings, msg } from '../../../../contract/i18n'

/** The paywall's own texts (most of the paywall's words are billing's: features/billing). */
export const paywallStrings = defineStrings('paywall', {
  /** Inside an embed, the paywall sends the visitor to the main site's memberships page (spec 1 §2). */
  embed: {
    lead: msg(
      'Choose a membership for {name} on our site. It opens in a new tab; come back here when you are done.',
      'name',
    ),
    seePlans: 'See memberships',
    opensInNewTab: '(opens in a new tab)',
    failed: 'The memberships page could not be opened. Please try again.',
  },
})
