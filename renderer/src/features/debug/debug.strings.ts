import { defineStrings, msg } from '../../../../contract/i18n'

/** The debug dialog's texts in one table (spec 1 §2 'Debug dialog'). */
export const debugStrings = defineStrings('debug', {
  title: 'Debug Menu',
  description: 'Details of this message, for support and debugging.',
  timestamp: 'Timestamp',
  messageId: 'Message ID',
  conversationId: 'Conversation ID',
  citations: 'Citations',
  files: 'Files',
  sentBy: 'Sent By',
  clone: 'Clone',
  user: 'User',
  // The Citations and Files rows' values (spec 1 §2: 'N citations' or 'No citations').
  citationCount: msg('{count, plural, =0 {No citations} one {# citation} other {# citations}}', 'count'),
  fileCount: msg('{count, plural, =0 {No files} one {# file} other {# files}}', 'count'),
  /** A copy button's name; {label} is one of the field names above (e.g. 'Message ID'). */
  copy: msg('Copy {label}', 'label'),
  copiedTimestamp: 'Copied Timestamp (ISO-8601)',
  copiedMessageId: 'Copied Message ID',
  copiedConversationId: 'Copied Conversation ID',
  copiedCitations: 'Copied Citations',
  copiedFiles: 'Copied Files',
  copiedSender: 'Copied Sender',
  copyFailed: 'Failed to copy',
  close: 'Close',
})
