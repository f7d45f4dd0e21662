import { defineStrings, msg } from '../../../../../contract/i18n'

/** What the local avatar says of its own (not a spec text: the clone's first words, so it speaks first). */
export const AVATAR_STRINGS = defineStrings('avatar', {
  /** spec 2 §4 'The mic is muted at first and enabled when the clone first speaks': the clone opens. */
  greeting: msg("Hi, I'm {name}. What would you like to talk about?", 'name'),
})
