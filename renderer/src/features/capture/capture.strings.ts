import { captureTexts } from '../../../../contract/embed'
import { defineStrings, msg } from '../../../../contract/i18n'

/**
 * Contact capture's texts in one table (spec 1 §5, §8). The spec's exact texts come from
 * contract/embed.ts `captureTexts`; the clone's simulated lines and the pill's actions are the product's own.
 * Resending a code and the sign-in failures (spec 1 §8 'Auth') are sign-in's own texts: authStrings.
 */
export const captureStrings = defineStrings('capture', {
  ...captureTexts,
  somethingWentWrong: 'Something went wrong. Please try again.',

  // What the clone 'says' (shown as its messages in the thread).
  intro: "I've really enjoyed our conversation! To keep it going, I just need a way to reach you.",
  askEmail: 'What is your email?',
  askEmailAgain: 'No problem. What email should I use instead?',
  askEmailCode: msg('I just sent a six-digit code to {email}. What is it?', 'email'),
  askPhone: "Thanks! What's your phone number? I can text you too.",
  askPhoneAgain: 'No problem. What number should I use instead?',
  askPhoneCode: msg('I just texted a six-digit code to {phone}. What is it?', 'phone'),
  thanks: "Thank you! You're all set. Where were we?",
  skipped: 'No problem, maybe later.',
  /** The visitor's code as the thread shows it: never the code itself. */
  maskedCode: '••••••',

  // The guidance pill's actions and labels.
  captureLabel: 'Contact details',
  skip: 'Skip',
  changeEmail: 'Change Email',
  changeNumber: 'Change Number',
  resend: 'Resend Code',
  inputLabel: {
    email: 'Your email',
    phone: 'Your phone number',
    code: 'Your six-digit code',
    waiting: 'Message',
  },

  // spec 1 §4: 'A phone opt-in note shows at the phone step', with links to the terms and privacy policy.
  // It reads: optInNote, then '<Terms of Use> and <Privacy Policy>.' ({name} is the clone's name).
  optInNote: msg(
    'By sharing your number you agree to receive text messages from {name}. Message and data rates may apply. Reply STOP to opt out.',
    'name',
  ),
  termsOfUse: 'Terms of Use',
  privacyPolicy: 'Privacy Policy',
  and: 'and',
})
