import { defineStrings, msg } from '../../../../contract/i18n'

/** The talk screen's user-facing texts (spec 1 §2 'Chat', §8 'Conversation'). */
export const talkStrings = defineStrings('talk', {
  backToProfile: msg('Back to {name}', 'name'),
  startHint: 'Ask a question to start the conversation.',
  suggestedQuestions: 'Suggested questions',
  conversationNotFoundTitle: 'Conversation not found',
  conversationNotFoundText:
    'This conversation does not exist or belongs to someone else. Start a new one with this clone instead.',
  conversationLoadFailedTitle: 'This conversation could not be loaded',
  conversationLoadFailedText: 'Something went wrong while loading it. Check your connection and try again.',
  startNewConversation: 'Start a new conversation',
  retry: 'Try again',
  loadingChat: 'Loading chat',
  loadingConversation: 'Loading conversation',
})
