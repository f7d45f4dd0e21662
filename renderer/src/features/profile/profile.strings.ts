import { defineStrings, msg } from '../../../../contract/i18n'

/** The profile's user-facing texts in one place (spec 1 §2, §8). */
export const profileStrings = defineStrings('profile', {
  loginRequired: 'You need to be logged in first.',
  /** The warning banner's accessible name. */
  warning: 'Warning',
  genericWarning: 'This is an AI clone. Answers may be inaccurate.',
  dismissWarning: 'Dismiss warning',
  message: 'Message',
  call: 'Call',
  video: 'Video',
  viewLinks: 'View Links',
  socialsTitle: 'View Socials',
  socialsDescription: msg('Where to find {name} online.', 'name'),
  noSocials: msg('{name} has not shared any links yet.', 'name'),
  opensInNewTab: '(opens in a new tab)',
  /** The heading over the clone's description. */
  about: msg('About {name}', 'name'),
  /** {network}: a social network's name (e.g. 'Instagram'). */
  followOn: msg('Follow on {network}', 'network'),
  suggestedQuestions: 'Suggested questions',
  /** {count}: how many more suggested questions the button shows. */
  showMoreQuestions: msg('Show {count} more', 'count'),
  showFewerQuestions: 'Show fewer',
  promptLabel: msg('Message {name}', 'name'),
  promptPlaceholder: 'Ask anything…',
  send: 'Send message',
  loadingProfile: 'Loading profile',
  notFoundTitle: 'Clone not found',
  notFoundText:
    'There is no clone at this address. It may have been renamed or taken down, or the link is mistyped.',
  exploreClones: 'Explore clones',
  loadFailedTitle: 'This clone could not be loaded',
  loadFailedText: 'Something went wrong while loading this profile. Check your connection and try again.',
  retry: 'Try again',
  close: 'Close',
})
