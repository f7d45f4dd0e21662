/** The feedback form's texts in one table (spec 1 §2 'feedback form', §8 'Feedback'). */
export const feedbackStrings = {
  title: 'Give feedback',
  description: 'Tell us what works, what doesn’t, or what you would like to see.',
  subject: 'Subject',
  subjectPlaceholder: 'What is it about?',
  content: 'Feedback',
  contentPlaceholder: 'Your feedback…',
  counter: (length: number, max: number) => `${length}/${max}`,
  tooLong: (max: number) => `Feedback can be at most ${max} characters.`,
  cancel: 'Cancel',
  confirm: 'Send feedback',
  sending: 'Sending feedback',
  sent: 'Feedback sent',
  failed: 'Failed to send feedback',
} as const
