import { defineStrings } from '../../../contract/i18n'

/** The shared components' own texts (the rest come from the table of the feature that uses them). */
export const uiStrings = defineStrings('ui', {
  /** The verified-creator mark next to a clone's name (its accessible name). */
  verified: 'Verified',
})
