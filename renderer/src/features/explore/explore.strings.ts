import { defineStrings } from '../../../../contract/i18n'

/** The directory of clones (spec 1 §2 '/explore'). */
export const exploreStrings = defineStrings('explore', {
  /** The browser tab's title. */
  pageTitle: 'Explore',
  title: 'Explore clones',
  subtitle: 'Chat, call or video call with AI clones of creators, trained on their own work.',
  loadFailedTitle: 'Clones could not be loaded',
  loadFailedText: 'Something went wrong while loading the directory. Check your connection and try again.',
  retry: 'Try again',
  emptyTitle: 'No clones yet',
  emptyText: 'When creators publish their clones, they will appear here.',
  /** The list of clone cards (its accessible name). */
  list: 'Clones',
  loading: 'Loading clones',
  // A clone card's badges: the clone takes voice calls, video calls.
  voice: 'Voice',
  video: 'Video',
})
