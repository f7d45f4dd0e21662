import { defineStrings, msg } from '../../../../contract/i18n'

/** The shared view's user-facing texts (spec 1 §2 'Routes: shared conversation', §8 'Conversation'). */
export const sharedViewStrings = defineStrings('shared-view', {
  loading: 'Loading shared conversation',
  bannerTitle: 'Shared conversation',
  banner: msg(
    'Someone shared this conversation with {cloneName}. It is read-only: continue it to ask your own questions in a new conversation.',
    'cloneName',
  ),
  continueLabel: 'Continue this conversation',
  continuePlaceholder: 'Ask a follow-up question…',
  continueButton: 'Continue conversation',
  goneTitle: 'This shared conversation is not available',
  goneText: 'The link may have been unshared or mistyped. You can still start your own conversation.',
  failedTitle: 'This shared conversation could not be loaded',
  failedText: 'Something went wrong while loading it. Check your connection and try again.',
  startOwn: 'Start a conversation',
  retry: 'Try again',

  // spec 1 §8 'Conversation'
  starting: 'Starting conversation ...',
  started: 'Conversation started!',
  startFailed: 'Failed to start conversation.',
})
