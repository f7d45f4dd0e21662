import { defineStrings, msg } from '../../../../contract/i18n'

/** spec 1 §8 'Auth' texts and the sign-in dialog's own words, in one table (CONVENTIONS 8). */
export const authStrings = defineStrings('auth', {
  loginFailed: 'Failed to login or sign-up.',
  sendCodeFailed: 'Failed to send verification code.',
  verifyFailed: 'Unable to verify code. Please try again',
  resending: 'Resending code...',
  resent: 'Code resent',
  loggingOut: 'Logging out...',
  loggedOut: 'You are logged out!',
  logoutFailed: 'Failed to log out',
  banned: 'This email address is banned.',
  loginRequired: 'You need to be logged in first.',
  invalidEmail: 'Please enter a valid email address',

  introTitle: 'Log in or sign up',
  introDescription:
    'Enter your email and we will send you a six-digit code. New here? The code creates your account.',
  emailLabel: 'Email',
  emailPlaceholder: 'you@example.com',
  continueWithEmail: 'Continue with email',
  sendingCode: 'Sending code...',
  or: 'or',
  continueWithGoogle: 'Continue with Google',
  codeTitle: 'Check your email',
  codeDescription: msg('Enter the six-digit code we sent to {email}.', 'email'),
  codeGroupLabel: 'Six-digit code',
  /** One box of the code's six: its position and how many there are. */
  codeSlotLabel: msg('Character {n} of {of}', 'n', 'of'),
  verify: 'Verify',
  verifying: 'Verifying...',
  resend: 'Resend code',
  changeEmail: 'Use a different email',
  close: 'Close',
})
