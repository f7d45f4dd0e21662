import { defineStrings } from '../../../../contract/i18n'

export const offlineStrings = defineStrings('offline', {
  /** What a send shows while offline: the message stays in the prompt as a draft. */
  sendBlocked: 'You’re offline. Your message is saved as a draft: send it when you’re back online.',
})
