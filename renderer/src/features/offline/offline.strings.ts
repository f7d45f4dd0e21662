/** What a send shows while offline: the message stays in the prompt as a draft. */
export const offlineSendBlocked =
  'You’re offline. Your message is saved as a draft: send it when you’re back online.' as const
