import { describe, expect, it } from 'vitest'
import {
  initialSignInDialogState as initial,
  signInDialogReducer as reduce,
  type SignInDialogState,
  SignInStep,
  signInEmailError,
} from '../../../../../renderer/src/features/auth/sign-in-dialog.machine'

const at = (patch: Partial<SignInDialogState>): SignInDialogState => ({ ...initial, ...patch })

describe('sign-in dialog machine (spec 1 §4)', () => {
  it('starts at intro (0) with no email', () => {
    expect(initial).toEqual({ step: 0, email: '', pending: null, error: null })
    expect(SignInStep).toEqual({ intro: 0, magicCode: 1 })
  })

  it('edits the email on the intro step, clearing an old error', () => {
    expect(reduce(at({ error: 'x' }), { type: 'emailChanged', email: 'a@b.co' })).toEqual(
      at({ email: 'a@b.co' }),
    )
    // Not while a code is being sent, nor on the code step.
    const sending = at({ email: 'a@b.co', pending: 'sending' })
    expect(reduce(sending, { type: 'emailChanged', email: 'z' })).toBe(sending)
    const code = at({ step: 1, email: 'a@b.co' })
    expect(reduce(code, { type: 'emailChanged', email: 'z' })).toBe(code)
  })

  it('goes to the magic code step once a code is sent', () => {
    const sending = reduce(at({ email: 'a@b.co' }), { type: 'codeRequested' })
    expect(sending).toEqual(at({ email: 'a@b.co', pending: 'sending' }))
    // A second request while one is pending changes nothing.
    expect(reduce(sending, { type: 'codeRequested' })).toBe(sending)
    expect(reduce(sending, { type: 'codeSent' })).toEqual(at({ step: 1, email: 'a@b.co' }))
  })

  it('stays on intro with the error when sending fails', () => {
    const failed = reduce(at({ email: 'a@b.co', pending: 'sending' }), {
      type: 'codeFailed',
      message: 'Nope',
    })
    expect(failed).toEqual(at({ email: 'a@b.co', error: 'Nope' }))
  })

  it('verifies on the code step; success goes back to intro and clears the email', () => {
    const code = at({ step: 1, email: 'a@b.co' })
    const verifying = reduce(code, { type: 'verifyRequested' })
    expect(verifying.pending).toBe('verifying')
    expect(reduce(verifying, { type: 'verifyRequested' })).toBe(verifying)
    expect(reduce(verifying, { type: 'verified' })).toEqual(initial)
    // Not from intro.
    expect(reduce(initial, { type: 'verifyRequested' })).toBe(initial)
  })

  it('keeps the code step with the error when verification fails', () => {
    const failed = reduce(at({ step: 1, email: 'a@b.co', pending: 'verifying' }), {
      type: 'verifyFailed',
      message: 'Unable to verify code. Please try again',
    })
    expect(failed).toEqual(at({ step: 1, email: 'a@b.co', error: 'Unable to verify code. Please try again' }))
  })

  it('resends on the code step only', () => {
    const code = at({ step: 1, email: 'a@b.co', error: 'old' })
    const resending = reduce(code, { type: 'resendRequested' })
    expect(resending).toEqual(at({ step: 1, email: 'a@b.co', pending: 'resending' }))
    expect(reduce(resending, { type: 'resendSettled' })).toEqual(at({ step: 1, email: 'a@b.co' }))
    expect(reduce(initial, { type: 'resendRequested' })).toBe(initial)
  })

  it('goes back to intro to change the email, keeping it', () => {
    expect(reduce(at({ step: 1, email: 'a@b.co' }), { type: 'changeEmail' })).toEqual(at({ email: 'a@b.co' }))
    const busy = at({ step: 1, email: 'a@b.co', pending: 'verifying' })
    expect(reduce(busy, { type: 'changeEmail' })).toBe(busy)
  })

  it('signs in with Google from intro', () => {
    const google = reduce(at({}), { type: 'googleRequested' })
    expect(google.pending).toBe('google')
    expect(reduce(google, { type: 'googleFailed', message: 'Failed to login or sign-up.' })).toEqual(
      at({ error: 'Failed to login or sign-up.' }),
    )
    expect(reduce(google, { type: 'verified' })).toEqual(initial)
  })

  it('resets', () => {
    expect(reduce(at({ step: 1, email: 'a@b.co', error: 'x' }), { type: 'reset' })).toEqual(initial)
  })
})

describe('sign-in email (spec 1 §5)', () => {
  const internal = ['likeness.test', 'likeness.app']
  it('must be a valid address without a subaddress outside the internal domains', () => {
    expect(signInEmailError('', internal)).toBe('Please enter a valid email address')
    expect(signInEmailError('lena@', internal)).toBe('Please enter a valid email address')
    expect(signInEmailError(' lena@likeness.test ', internal)).toBeNull()
    expect(signInEmailError('lena+x@gmail.com', internal)).toBe(
      'Subaddresses (lena+x@gmail.com) are not allowed',
    )
    expect(signInEmailError('lena+x@likeness.test', internal)).toBeNull()
  })
})
