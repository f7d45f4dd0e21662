import { defineStrings } from '../../../../contract/i18n'

/** Read aloud's texts in one table (spec 1 §8 'Read aloud'). */
export const readAloudStrings = defineStrings('read-aloud', {
  readAloud: 'Read aloud',
  loading: 'Loading audio',
  stop: 'Stop reading aloud',
  retry: 'Read aloud failed. Try again',
  blocked: 'Your browser is blocking audio playback. Please try again.',
  failed: 'Read aloud is not available right now.',
})
