import { MAX_ANNOUNCEMENT_LENGTH } from '../../../../contract/announcements'

/** The creator's announcements page (spec 1 §2 creator announcements; issue #15). */
export const announcementsStrings = {
  title: 'Announcements',
  pageTitle: (name: string) => `Announcements · ${name}`,
  subtitle: (name: string) =>
    `Post a message into the chats of ${name}'s visitors. It shows as 'Sent by ${name}', marked as written by you, not by AI, and it never counts against their messages.`,
  loading: 'Loading announcements…',
  loadFailed: 'Could not load the announcements.',
  retry: 'Try again',
  composeLabel: 'Announcement',
  placeholder: 'Share news with everyone who chats with your clone',
  counter: (length: number) => `${length} / ${MAX_ANNOUNCEMENT_LENGTH}`,
  tooLong: `Keep it to ${MAX_ANNOUNCEMENT_LENGTH} characters.`,
  shortcut: 'Press ⌘ Enter or Ctrl Enter to post.',
  post: 'Post announcement',
  posting: 'Posting…',
  posted: (count: number) =>
    count === 1 ? 'Announcement posted to 1 chat' : `Announcement posted to ${count} chats`,
  postFailed: 'Could not post the announcement. Please try again.',
  listLabel: 'Posted announcements',
  empty:
    'No announcements yet. Visitors who chatted in the last 90 days get the next one in their latest chat.',
  delivered: (count: number) => (count === 1 ? 'Delivered to 1 chat' : `Delivered to ${count} chats`),
  delete: 'Delete',
  confirmDelete: {
    title: 'Delete this announcement?',
    body: 'It is removed from every chat it was delivered to.',
    cancel: 'Cancel',
    confirm: 'Delete announcement',
    deleted: 'Announcement deleted',
    failed: 'Could not delete the announcement. Please try again.',
  },
  viewProfile: 'View profile',
  signedOutTitle: 'Log in to post announcements',
  signedOutBody: 'Announcements are posted by the creator of a clone and its contributors.',
  logIn: 'Log in',
  notYoursTitle: 'No announcements here',
  notYoursBody: 'This clone does not exist, or you are not its creator or a contributor.',
  exploreClones: 'Explore clones',
}
