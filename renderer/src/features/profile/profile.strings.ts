/** The profile's user-facing texts in one place (spec 1 §2, §8). */
export const profileStrings = {
  loginRequired: 'You need to be logged in first.',
  genericWarning: 'This is an AI clone. Answers may be inaccurate.',
  dismissWarning: 'Dismiss warning',
  message: 'Message',
  call: 'Call',
  // spec 2 §8: the Call button's tooltip once the voice quota is used up.
  callQuotaExhausted: 'You have exhausted your monthly call quota with this Clone.',
  video: 'Video',
  viewLinks: 'View Links',
  socialsTitle: 'View Socials',
  followOn: (network: string) => `Follow on ${network}`,
  suggestedQuestions: 'Suggested questions',
  showMoreQuestions: (count: number) => `Show ${count} more`,
  showFewerQuestions: 'Show fewer',
  promptLabel: (name: string) => `Message ${name}`,
  promptPlaceholder: 'Ask anything…',
  send: 'Send message',
  notFoundTitle: 'Clone not found',
  notFoundText:
    'There is no clone at this address. It may have been renamed or taken down, or the link is mistyped.',
  exploreClones: 'Explore clones',
  loadFailedTitle: 'This clone could not be loaded',
  loadFailedText: 'Something went wrong while loading this profile. Check your connection and try again.',
  retry: 'Try again',
  close: 'Close',
} as const
