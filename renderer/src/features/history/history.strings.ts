import { defineStrings, msg } from '../../../../contract/i18n'

/** History's user-facing texts (spec 1 §2 'History', §8 'Conversation'). */
export const historyStrings = defineStrings('history', {
  title: 'History',
  // The day groups of the list (spec 1 §2): 'Today', 'Yesterday', then dates
  today: 'Today',
  yesterday: 'Yesterday',
  // The medium of a call entry, for screen readers (the icon says it visually; spec 1 §3 'medium').
  voiceCall: 'Voice call:',
  videoCall: 'Video call:',
  description: 'Your conversations with this clone, most recent first.',
  newConversation: 'New Conversation',
  current: 'Current',
  empty: 'No conversations yet. Ask a question to start one.',
  loading: 'Loading history',
  loadFailed: 'History could not be loaded.',
  retry: 'Try again',
  loadMore: 'Load more',
  close: 'Close',
  openHistory: 'History',
  // The label of an entry's menu button; {title} is the conversation's title
  entryMenu: msg('Options for {title}', 'title'),
  rename: 'Rename',
  share: 'Share',
  manageShareLink: 'Manage Share Link',
  copyShareLink: 'Copy Share Link',
  unshareConversation: 'Unshare Conversation',
  archive: 'Archive',
  shared: 'Shared',
  editTitle: 'Conversation title',

  // The rename dialog (spec 1 §5: 1 to 100 characters)
  renameTitle: 'Rename conversation',
  renameDescription: 'Give this conversation a title you will recognise.',
  titleLabel: 'Title',
  titleRequired: 'The title cannot be empty.',
  titleTooLong: msg('The title can be at most {max} characters.', 'max'),
  save: 'Save',
  cancel: 'Cancel',

  // The archive confirmation
  archiveTitle: 'Archive conversation?',
  archiveDescription: msg(
    '“{title}” will be removed from your history. Its share link, if any, stops working.',
    'title',
  ),
  archiveConfirm: 'Archive',

  // spec 1 §8 'Conversation'
  loginToViewHistory: 'Please log in to view conversation history',
  renameFailed: 'Failed to rename conversation',
  archiveFailed: 'Failed to archive conversation',
  unshareFailed: 'Failed to unshare conversation',
  unshared: 'Your conversation is no longer shared.',
  creatingConversation: 'Starting new conversation...',
  conversationCreated: 'Conversation created!',
  // {message} is the error's own text
  createFailed: msg('Failed to create conversation: {message}', 'message'),
  switchFailed: msg('Failed to switch to conversation: {message}', 'message'),
  updatingTitle: 'Updating conversation title...',
  titleUpdated: 'Conversation title updated',
  titleUpdateFailed: 'Failed to update conversation title',
})
