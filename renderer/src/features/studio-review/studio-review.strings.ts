import type { ConversationMedium } from '../../../../contract/chat'
import { defineStrings, msg } from '../../../../contract/i18n'

/** The studio's conversation review (issue #16 'Run it'): its texts in one table. */
export const studioReviewStrings = defineStrings('studio-review', {
  title: 'Conversations',
  // {name}: the clone's name
  pageTitle: msg('Conversations · {name}', 'name'),
  subtitle: msg('What visitors talked about with {name}, on every medium.', 'name'),
  loading: 'Loading conversations…',
  loadingConversation: 'Loading the conversation…',
  loadFailed: 'Could not load the conversations.',
  conversationFailed: 'Could not load this conversation.',
  retry: 'Try again',
  loadMore: 'Load more',
  loadingMore: 'Loading…',
  loadMoreFailed: 'Could not load more conversations.',
  listLabel: 'Conversations',
  openLabel: 'Open conversation',
  mediumLabel: 'Medium',
  allMedia: 'All media',
  media: {
    WEB: 'Web',
    API: 'API',
    EMAIL: 'Email',
    SMS: 'SMS',
    WHATSAPP: 'WhatsApp',
    EMBED: 'Embed',
    BROWSER_VOICE: 'Voice call',
    PHONE_VOICE: 'Phone call',
    VIDEO: 'Video call',
  } satisfies Record<ConversationMedium, string>,
  empty: 'No conversations yet',
  emptyBody: msg('When visitors talk with {name}, their conversations appear here.', 'name'),
  // {medium}: one of the media above, e.g. 'Voice call'
  emptyMedium: msg('No {medium} conversations yet.', 'medium'),
  anonymous: 'Anonymous visitor',
  messageCount: msg('{n, plural, one {# message} other {# messages}}', 'n'),
  archived: 'Archived by the visitor',
  archivedShort: 'Archived',
  // {date}: a date and time
  started: msg('Started {date}', 'date'),
  lastActivity: msg('Last activity {date}', 'date'),
  pickOne: 'Choose a conversation to read it.',
  back: 'Back to conversations',
  noMessages: 'No messages in this conversation.',
  visitor: 'Visitor',
  announcement: msg('Sent by {name}', 'name'),
  system: 'System',
  cloneAnswer: 'Clone answer',
  attachments: msg('{n, plural, one {# attached file} other {# attached files}}', 'n'),
  sources: 'Sources',
  relevantSources: 'Also relevant',
  unfinished: 'This answer broke off before its end.',
  stopped: 'The visitor stopped this answer.',
  revised: 'Revised',
  revisedAnswer: 'Improved answer in effect',
  revise: 'Revise',
  // {n}: the answer's number in the conversation (1 for its first answer)
  reviseLabel: msg('Revise answer {n}', 'n'),
  // A message's accessible name: who sent it, and when
  messageLabel: msg('{sender}, {time}', 'sender', 'time'),
  // The chat's revise answer dialog (spec 1 §2, §8 'Tone and revise'), reached from the review.
  reviseTitle: 'Revise answer',
  reviseDescription: msg(
    'Write the answer {name} should have given. New conversations will learn from it.',
    'name',
  ),
  reviseQuestion: 'Question',
  reviseOriginal: 'Answer given',
  reviseField: 'Improved answer',
  revisePlaceholder: 'The ideal response…',
  reviseSubmit: 'Train',
  cancel: 'Cancel',
  training: 'Training...',
  // {product}: the product's name
  trained: msg(
    '{product} updated! New messages will have improved responses in new conversations after training which can take some time.',
    'product',
  ),
  trainFailed: msg('Failed to train {product} with improved response.', 'product'),
  // The shared studio door.
  signedOutTitle: 'Log in to review conversations',
  signedOutBody: 'Conversations are shown to the creator of a clone and its contributors.',
  logIn: 'Log in',
  notYoursTitle: 'No conversations here',
  notYoursBody: 'This clone does not exist, or you are not its creator or a contributor.',
  exploreClones: 'Explore clones',
})
