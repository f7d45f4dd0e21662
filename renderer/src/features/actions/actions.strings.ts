import { defineStrings, msg } from '../../../../contract/i18n'

/** The action centre's texts in one table (spec 1 §2 'Action centre menu entries', 'Dialogs', §8). */
export const actionsStrings = defineStrings('actions', {
  menuTitle: 'Actions',
  openMenu: 'More actions',
  // {name}: the clone's name; menuDescriptionNoClone where there is no clone
  menuDescription: msg('What would you like to do with {name}?', 'name'),
  menuDescriptionNoClone: 'What would you like to do?',
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
  bookmarkLead: msg('Keep {name} one tap away:', 'name'),
  bookmarkLeadNoClone: 'Keep this page one tap away:',
  bookmarkPhoneHeading: 'On your phone',
  // The steps on a phone, in order ('Add to Home Screen' and 'Done' name the browser's own menu entries)
  bookmarkPhoneSteps: {
    share: 'Tap the Share icon at the bottom',
    addToHome: "Scroll to 'Add to Home Screen'",
    done: "Tap 'Done'",
  },
  bookmarkDesktopHeading: 'On a computer',
  // {shortcut}: Ctrl+D, or ⌘D on Apple computers
  bookmarkDesktop: msg('Press {shortcut} to bookmark this page.', 'shortcut'),

  // 'text': the medium selection (spec 1 §2 'Dialogs', §4 'Text opt-in')
  // 'Text' as a verb: send {name} a text message
  textTitle: msg('Text {name}', 'name'),
  selectPlatform: 'Select Platform',
  sms: 'SMS',
  whatsapp: 'WhatsApp',
  telegram: 'Telegram',
  noPlatforms: msg('{name} can’t be reached by text message yet.', 'name'),

  // The form (spec 1 §4 'Text opt-in', §5 'Phone country', §8 'Capture', 'Text send')
  loginFirst: 'You need to be logged in first.',
  // {platform}: SMS, WhatsApp or Telegram
  loginFirstBody: msg('Log in or sign up, then {name} can text you on {platform}.', 'name', 'platform'),
  logInOrSignUp: 'Log in or sign up',
  loading: 'Loading…',
  phoneLabel: 'Your phone number',
  phonePlaceholder: 'Type your phone number...',
  phoneHint: 'We send a six-digit code to check it is yours.',
  phoneVerified: 'Verified',
  sendCode: 'Send code',
  codeSentTo: msg('We sent a six-digit code to {number}.', 'number'),
  codeLabel: 'Six-digit code',
  codePlaceholder: 'Type your six-digit code...',
  verifyCode: 'Verify',
  resendCode: 'Send a new code',
  sendCodeFailed: 'Failed to send verification code.',
  verifyFailed: 'Unable to verify code. Please try again',
  telegramLabel: 'Your Telegram username',
  telegramPlaceholder: '@username',
  telegramHint: '5 to 32 letters, digits or underscores, starting with a letter.',
  telegramInvalid: 'Invalid Telegram username',
  // The SMS consent sentence is built of pieces: consentLead, a 'Terms of Use' link, consentAnd, a
  // 'Privacy Policy' link, then consentEnd. STOP is the keyword the visitor texts back.
  consentLead: msg(
    'I agree to receive text messages from {name}. Message and data rates may apply; reply STOP to stop. See the ',
    'name',
  ),
  termsOfUse: 'Terms of Use',
  consentAnd: ' and ',
  privacyPolicy: 'Privacy Policy',
  consentEnd: '.',
  confirm: 'Confirm',
  sending: 'Sending ...',
  messageSent: 'Message Sent',
  sendFailed: 'Failed to send message',

  // The confirmation
  doneTitle: 'You are all set',
  doneSms: msg('{name} texts you from this number:', 'name'),
  doneWhatsApp: msg('{name} messages you on WhatsApp from this number:', 'name'),
  openWhatsApp: 'Open WhatsApp',
  // 'Start' is the button of Telegram's own app
  doneTelegram: msg('Open Telegram and press Start: {name} greets you there.', 'name'),
  openTelegram: 'Open Telegram',
  opensInNewTab: '(opens in a new tab)',
  done: 'Done',
})
