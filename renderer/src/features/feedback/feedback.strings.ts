import { defineStrings, msg } from '../../../../contract/i18n'

/** The feedback form's texts in one table (spec 1 §2 'feedback form', §8 'Feedback'). */
export const feedbackStrings = defineStrings('feedback', {
  title: 'Give feedback',
  description: 'Tell us what works, what doesn’t, or what you would like to see.',
  subject: 'Subject',
  subjectPlaceholder: 'What is it about?',
  content: 'Feedback',
  contentPlaceholder: 'Your feedback…',
  /** Characters typed of the most allowed, e.g. '120/2000'. */
  counter: msg('{length}/{max}', 'length', 'max'),
  tooLong: msg('Feedback can be at most {max} characters.', 'max'),
  cancel: 'Cancel',
  confirm: 'Send feedback',
  sending: 'Sending feedback',
  sent: 'Feedback sent',
  failed: 'Failed to send feedback',
})
