/** The action centre's texts in one table (spec 1 §2 'Action centre menu entries', 'Dialogs', §8). */
export const actionsStrings = {
  menuTitle: 'Actions',
  openMenu: 'More actions',
  menuDescription: (name: string | null) =>
    name ? `What would you like to do with ${name}?` : 'What would you like to do?',
  shareConversation: 'Share Conversation',
  viewSocials: 'View Socials',
  getText: 'Get a Text',
  signIn: 'Log in or sign up',
  giveFeedback: 'Give feedback',
  noConversation: 'No conversation ID found.',
  close: 'Close',
  back: 'Back',

  // 'bookmark': the Add to Home Screen hint (spec 1 §2)
  bookmarkTitle: 'Save this page',
  bookmarkLead: (name: string | null) =>
    name ? `Keep ${name} one tap away:` : 'Keep this page one tap away:',
  bookmarkPhoneHeading: 'On your phone',
  bookmarkPhoneSteps: ['Tap the Share icon at the bottom', "Scroll to 'Add to Home Screen'", "Tap 'Done'"],
  bookmarkDesktopHeading: 'On a computer',
  bookmarkDesktop: (shortcut: string) => `Press ${shortcut} to bookmark this page.`,

  // 'text': the medium selection (spec 1 §2 'Dialogs', §4 'Text opt-in')
  textTitle: (name: string) => `Text ${name}`,
  selectPlatform: 'Select Platform',
  sms: 'SMS',
  whatsapp: 'WhatsApp',
  telegram: 'Telegram',
  noPlatforms: (name: string) => `${name} can’t be reached by text message yet.`,

  // The form (spec 1 §4 'Text opt-in', §5 'Phone country', §8 'Capture', 'Text send')
  loginFirst: 'You need to be logged in first.',
  loginFirstBody: (name: string, platform: string) =>
    `Log in or sign up, then ${name} can text you on ${platform}.`,
  logInOrSignUp: 'Log in or sign up',
  loading: 'Loading…',
  phoneLabel: 'Your phone number',
  phonePlaceholder: 'Type your phone number...',
  phoneHint: 'We send a six-digit code to check it is yours.',
  phoneVerified: 'Verified',
  sendCode: 'Send code',
  codeSentTo: (number: string) => `We sent a six-digit code to ${number}.`,
  codeLabel: 'Six-digit code',
  codePlaceholder: 'Type your six-digit code...',
  verifyCode: 'Verify',
  resendCode: 'Send a new code',
  sendCodeFailed: 'Failed to send verification code.',
  verifyFailed: 'Unable to verify code. Please try again',
  telegramLabel: 'Your Telegram username',
  telegramPlaceholder: '@username',
  telegramHint: '5 to 32 letters, digits or underscores, starting with a letter.',
  consentLead: (name: string) =>
    `I agree to receive text messages from ${name}. Message and data rates may apply; reply STOP to stop. See the `,
  termsOfUse: 'Terms of Use',
  consentAnd: ' and ',
  privacyPolicy: 'Privacy Policy',
  confirm: 'Confirm',
  sending: 'Sending ...',
  messageSent: 'Message Sent',
  sendFailed: 'Failed to send message',

  // The confirmation
  doneTitle: 'You are all set',
  doneSms: (name: string) => `${name} texts you from this number:`,
  doneWhatsApp: (name: string) => `${name} messages you on WhatsApp from this number:`,
  openWhatsApp: 'Open WhatsApp',
  doneTelegram: (name: string) => `Open Telegram and press Start: ${name} greets you there.`,
  openTelegram: 'Open Telegram',
  opensInNewTab: '(opens in a new tab)',
  done: 'Done',
} as const
