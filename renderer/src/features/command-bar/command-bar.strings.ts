import { defineStrings, msg } from '../../../../contract/i18n'

/** The command bar's texts in one table (spec 1 §2 'Command bar', 'Dialogs'; §8 'Tone and revise'). */
export const commandBarStrings = defineStrings('command-bar', {
  toolbar: 'Message tools',
  revise: 'Revise',
  adjustTone: 'Adjust tone',
  viewCitations: 'View citations',
  debug: 'Debug',

  // Revise answer dialog
  reviseTitle: 'Revise answer',
  reviseDescription: msg(
    'Write the answer {name} should have given. New conversations will learn from it.',
    'name',
  ),
  reviseQuestion: 'Question',
  reviseLabel: 'Improved answer',
  revisePlaceholder: 'The ideal response…',
  reviseSubmit: 'Train',
  training: 'Training...',
  // {product}: the product's name
  trained: msg(
    '{product} updated! New messages will have improved responses in new conversations after training which can take some time.',
    'product',
  ),
  trainFailed: msg('Failed to train {product} with improved response.', 'product'),

  // 'Adjust Speaking Style' dialog
  toneTitle: 'Adjust Speaking Style',
  toneDescription: msg('Tell {name} how to sound. It applies to new answers.', 'name'),
  toneLabel: 'Instructions',
  tonePlaceholder: 'For example: be more concise and skip the small talk.',
  toneSubmit: 'Adjust',
  toneNoQuestion: 'This answer has no question before it to adjust against.',
  toneSaving: 'Adjusting speaking style...',
  toneSaved: 'Speaking style adjusted.',
  toneFailed: 'Failed to adjust speaking style.',

  cancel: 'Cancel',
})
