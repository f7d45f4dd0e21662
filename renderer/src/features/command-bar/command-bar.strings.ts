import { PRODUCT_NAME } from '../../../../contract/product'

/** The command bar's texts in one table (spec 1 §2 'Command bar', 'Dialogs'; §8 'Tone and revise'). */
export const commandBarStrings = {
  toolbar: 'Message tools',
  revise: 'Revise',
  adjustTone: 'Adjust tone',
  viewCitations: 'View citations',
  debug: 'Debug',

  // Revise answer dialog
  reviseTitle: 'Revise answer',
  reviseDescription: (name: string) =>
    `Write the answer ${name} should have given. New conversations will learn from it.`,
  reviseQuestion: 'Question',
  reviseLabel: 'Improved answer',
  revisePlaceholder: 'The ideal response…',
  reviseSubmit: 'Train',
  training: 'Training...',
  trained: (product: string = PRODUCT_NAME) =>
    `${product} updated! New messages will have improved responses in new conversations after training which can take some time.`,
  trainFailed: (product: string = PRODUCT_NAME) => `Failed to train ${product} with improved response.`,

  // 'Adjust Speaking Style' dialog
  toneTitle: 'Adjust Speaking Style',
  toneDescription: (name: string) => `Tell ${name} how to sound. It applies to new answers.`,
  toneLabel: 'Instructions',
  tonePlaceholder: 'For example: be more concise and skip the small talk.',
  toneSubmit: 'Adjust',
  toneNoQuestion: 'This answer has no question before it to adjust against.',
  toneSaving: 'Adjusting speaking style...',
  toneSaved: 'Speaking style adjusted.',
  toneFailed: 'Failed to adjust speaking style.',

  cancel: 'Cancel',
} as const
