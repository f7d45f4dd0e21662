import { defineStrings, msg } from '../../../../contract/i18n'

/** The account pages' texts (issue #15: /profile and /actions, spec 1 §2). */
export const accountSettingsStrings = defineStrings('account-settings', {
  profileTitle: 'Your profile',
  actionsTitle: 'Actions',
  exploreClones: 'Explore clones',
  loading: 'Loading…',
  loadFailed: "Couldn't load this page. Please try again.",
  retry: 'Try again',
  signedOut: 'Log in to see and change your account.',
  actionsSignedOut: 'Log in to see which clones may text you.',
  logIn: 'Log in',
  save: 'Save',
  saveFailed: "Couldn't save. Please try again.",

  nameHeading: 'Name',
  nameLabel: 'Your name',
  nameHint: 'Shown in the account menu. Up to 80 characters.',
  nameRequired: 'Please enter your name.',
  nameTooLong: 'Your name can be at most 80 characters.',
  nameSaved: 'Name saved',

  emailHeading: 'E-mail',
  emailLabel: 'E-mail address',
  emailHint: 'You sign in with this address. It cannot be changed.',

  phoneHeading: 'Phone number',
  phoneIntro: 'Used for texts by SMS and WhatsApp. A six-digit code proves the number is yours.',
  phoneVerified: 'Phone number verified',
  telegramHeading: 'Telegram username',
  telegramIntro: 'Used for texts on Telegram.',
  telegramSaved: 'Telegram username saved',

  languageHeading: 'Preferred language',
  languageLabel: 'Language',
  languageHintInterface:
    'The language of this app, and the one your calls and dictation start in on this device.',
  languageAutomatic: "Browser's language",
  languageSaved: 'Preferred language saved',

  signOutHeading: 'Sign out everywhere',
  signOutIntro: 'Ends every session of your account, on this device and all others.',
  signOutButton: 'Sign out everywhere',
  signOutConfirmTitle: 'Sign out everywhere?',
  signOutConfirmText: 'You will be signed out on every device, this one included.',
  signOutFailed: "Couldn't sign out everywhere. Please try again.",
  signedOutEverywhere: 'Signed out on every device',
  cancel: 'Cancel',

  dangerHeading: 'Danger zone',
  deleteHeading: 'Delete account',
  deleteIntro:
    'Deletes your account, your conversations and your uploaded files. Links you shared stop working. This cannot be undone.',
  deleteButton: 'Delete account',
  deleteConfirmTitle: 'Delete your account?',
  // {email}: the user's own e-mail address, which they type to confirm
  deleteConfirmText: msg('Type {email} to confirm. This cannot be undone.', 'email'),
  deleteEmailLabel: 'Your e-mail address',
  deleteMismatch: 'That is not your e-mail address.',
  deleteConfirm: 'Delete my account',
  deleteFailed: "Couldn't delete your account. Please try again.",
  accountDeleted: 'Your account was deleted',

  optInsHeading: 'Text opt-ins',
  optInsIntro: 'The clones that may text you, and where.',
  optInsEmpty: "You haven't let any clone text you yet.",
  optInsEmptyLink: 'Explore clones',
  // {clone}: a clone's name
  optInSwitch: msg('Texts from {clone}', 'clone'),
  optInOn: msg('{clone} may text you', 'clone'),
  optInOff: msg("{clone} won't text you", 'clone'),
  medium: { SMS: 'SMS', WHATSAPP: 'WhatsApp', TELEGRAM: 'Telegram' },
  noMedium: 'No medium chosen',
  noAddress: 'Not set',
  contactHeading: 'Phone and Telegram',
})
