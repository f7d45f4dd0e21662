import { SignInEmail, subaddressError } from '../../../../contract/auth'
import { authStrings } from './auth.strings'

/** spec 1 §4 'Sign-in dialog': intro (0), then magic code (1) once a code was sent. */
export const SignInStep = { intro: 0, magicCode: 1 } as const
export type SignInStep = (typeof SignInStep)[keyof typeof SignInStep]

export type SignInPending = 'sending' | 'resending' | 'verifying' | 'google' | null

export interface SignInDialogState {
  step: SignInStep
  /** The address the code goes to; kept while the dialog is closed, cleared after verification. */
  email: string
  pending: SignInPending
  /** The last failure's text (spec 1 §8), shown in the dialog and announced. */
  error: string | null
}

export type SignInDialogAction =
  | { type: 'emailChanged'; email: string }
  | { type: 'codeRequested' }
  | { type: 'codeSent' }
  | { type: 'codeFailed'; message: string }
  | { type: 'resendRequested' }
  | { type: 'resendSettled' }
  | { type: 'verifyRequested' }
  | { type: 'verified' }
  | { type: 'verifyFailed'; message: string }
  | { type: 'googleRequested' }
  | { type: 'googleFailed'; message: string }
  | { type: 'changeEmail' }
  | { type: 'reset' }

export const initialSignInDialogState: SignInDialogState = {
  step: SignInStep.intro,
  email: '',
  pending: null,
  error: null,
}

/** The sign-in dialog's transitions (CONVENTIONS 6), pure so each one is unit-tested. */
export function signInDialogReducer(state: SignInDialogState, action: SignInDialogAction): SignInDialogState {
  switch (action.type) {
    case 'emailChanged':
      return state.step === SignInStep.intro && !state.pending
        ? { ...state, email: action.email, error: null }
        : state
    case 'codeRequested':
      return state.pending ? state : { ...state, pending: 'sending', error: null }
    case 'codeSent':
      return { ...state, step: SignInStep.magicCode, pending: null, error: null }
    case 'codeFailed':
      return { ...state, pending: null, error: action.message }
    case 'resendRequested':
      return state.pending || state.step !== SignInStep.magicCode
        ? state
        : { ...state, pending: 'resending', error: null }
    case 'resendSettled':
      return { ...state, pending: null }
    case 'verifyRequested':
      return state.pending || state.step !== SignInStep.magicCode
        ? state
        : { ...state, pending: 'verifying', error: null }
    // spec 1 §4: back to intro after successful verification, and the stored email cleared.
    case 'verified':
      return initialSignInDialogState
    case 'verifyFailed':
      return { ...state, pending: null, error: action.message }
    case 'googleRequested':
      return state.pending ? state : { ...state, pending: 'google', error: null }
    case 'googleFailed':
      return { ...state, pending: null, error: action.message }
    case 'changeEmail':
      return state.pending ? state : { ...state, step: SignInStep.intro, error: null }
    case 'reset':
      return initialSignInDialogState
  }
}

/** spec 1 §5: the sign-in email must be valid; subaddresses only in the internal domains. null when fine. */
export function signInEmailError(email: string, internalDomains: readonly string[]): string | null {
  if (!SignInEmail.safeParse(email).success) return authStrings.invalidEmail
  return subaddressError(email, internalDomains)
}
