import { defineStrings, msg } from '../../../../contract/i18n'

/** The chat's user-facing texts in one table (spec 1 §2, §8). */
export const chatStrings = defineStrings('chat', {
  /** Issue #15: an attached file the clone could not read (the reason follows, from the server). */
  fileNotRead: msg('{name} couldn’t be read', 'name'),
  // spec 1 §8 'Stream'
  streamFailed: 'Failed to process message.',
  fallbackReply:
    "I'm sorry, I had a problem when trying to come up with an answer. Could you try asking again?",
  timeout: 'Timeout exceeded after 30s',
  sendRejected: msg('Failed to send message: {statusText} ({status})', 'statusText', 'status'),
  invalidOutbound: 'Invalid outbound message',
  /** The server could not confirm the sender is a person (issue #27 bot protection). */
  botCheckFailed: 'We could not confirm that you are not a bot. Please try again.',
  suggestedSendFailed: 'Unable to send message',
  responseCancelled: 'Response cancelled by user',
  saveFailed: 'Failed to save message',
  // An answer that broke off (issue #11): kept as far as it got, with the fallback text and a Retry.
  interrupted: 'Interrupted',
  retry: 'Retry',

  // The prompt (spec 1 §2 'Chat prompt')
  promptLabel: msg('Message {name}', 'name'),
  promptPlaceholder: 'Ask anything…',
  send: 'Send',
  stop: 'Stop',
  stopGenerating: 'Stop generating',
  plusMenu: 'More options',
  uploadFile: 'Upload File',
  startNewConversation: 'Start New Conversation',
  suggestedQuestions: 'Suggested questions',
  shuffle: 'Shuffle',

  // The message list (spec 1 §2 'Chat')
  conversation: 'Conversation',
  yourMessage: 'Your message',
  cloneMessage: msg('{name}', 'name'),
  replying: msg('{name} is replying', 'name'),
  sending: 'Sending',
  receiving: msg('{name} is typing', 'name'),
  scrollToBottom: 'Scroll to bottom',
  sentBy: msg('Sent by {name}', 'name'),
  sentByTooltip: msg(
    'This message was sent by the creator of {name} in person. It is not AI generated.',
    'name',
  ),
  sources: 'Sources',
  product: 'Recommended product',
  viewProduct: 'View product',

  // Message actions (spec 1 §2 'Message actions'); a failed save says chatStrings.saveFailed
  saveMessage: 'Save message',
  unsaveMessage: 'Unsave message',
  copyMessage: 'Copy message',
  copied: 'Copied',
  copyFailed: 'Could not copy the message',
})
