import { defineStrings, msg } from '../../../../contract/i18n'

/** The creator's announcements page (spec 1 §2 creator announcements; issue #15). */
export const announcementsStrings = defineStrings('announcements', {
  title: 'Announcements',
  // The browser tab's title; {name} is the clone's name
  pageTitle: msg('Announcements · {name}', 'name'),
  // 'Sent by {name}' is the label chat shows on an announcement (chat.sentBy)
  subtitle: msg(
    "Post a message into the chats of {name}'s visitors. It shows as 'Sent by {name}', marked as written by you, not by AI, and it never counts against their messages.",
    'name',
  ),
  loading: 'Loading announcements…',
  loadFailed: 'Could not load the announcements.',
  retry: 'Try again',
  composeLabel: 'Announcement',
  placeholder: 'Share news with everyone who chats with your clone',
  // The compose box's counter: characters typed of the most allowed ('26 / 2000')
  counter: msg('{length} / {max}', 'length', 'max'),
  tooLong: msg('Keep it to {max} characters.', 'max'),
  shortcut: 'Press ⌘ Enter or Ctrl Enter to post.',
  post: 'Post announcement',
  posting: 'Posting…',
  posted: msg(
    '{count, plural, one {Announcement posted to # chat} other {Announcement posted to # chats}}',
    'count',
  ),
  postFailed: 'Could not post the announcement. Please try again.',
  listLabel: 'Posted announcements',
  empty:
    'No announcements yet. Visitors who chatted in the last 90 days get the next one in their latest chat.',
  delivered: msg('{count, plural, one {Delivered to # chat} other {Delivered to # chats}}', 'count'),
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
})
