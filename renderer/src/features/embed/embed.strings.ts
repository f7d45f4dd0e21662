import { defineStrings, msg } from '../../../../contract/i18n'

/** The embed's own texts (issue #14). 'Invalid embed target' is the contract's (spec 1 §8). */
export const embedStrings = defineStrings('embed', {
  /** spec 1 §2 'Chat prompt': the 'powered by' footer link; {product} is the product's name. */
  poweredBy: msg('Powered by {product}', 'product'),
  opensInNewTab: '(opens in a new tab)',
  /** The bubble panel's close button (its accessible name). */
  closeChat: 'Close chat',
  /** The bubble panel's expand toggle (spec 2 §2 'bubble expand toggle'; its accessible name). */
  expandChat: 'Expand chat',
  collapseChat: 'Collapse chat',
  /** Not a spec text: the configuration's text limit replaces the paywall (spec 1 §4, §9). */
  textLimitReached: 'You’ve reached the message limit for this chat.',
})
