/// <reference types="vite/client" />
// The dialog's styles travel with this lazy chunk.
import './auth.css'
import { Button, Dialog, Flex, Text, TextField } from '@radix-ui/themes'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useParams } from '@tanstack/react-router'
import { type FormEvent, useId, useState } from 'react'
import { toast } from 'sonner'
import { DEFAULT_INTERNAL_EMAIL_DOMAINS } from '../../../../contract/auth'
import { authOptionsQuery } from '../../api/auth'
import { closeDialog, dialogs, openDialog, useOpenDialog } from '../../navigation/dialogs.store'
import { usePlatform } from '../../platform'
import {
  dispatchSignIn,
  googleFailed,
  requestSignInCode,
  resendSignInCode,
  type SignInContext,
  signInWithGoogle,
  useSignInDialog,
  verifySignIn,
} from './auth.store'
import { authStrings } from './auth.strings'
import { CodeSlots } from './CodeSlots'
import { completeCode, emptySlots } from './code-slots'
import { requestGoogleAccessToken } from './google-identity'
import { SignInStep, signInEmailError } from './sign-in-dialog.machine'

/** spec 1 §2/§4 'Sign-in dialog': intro (email, or Google when offered), then the six-slot code. */
export function SignInDialog({ open }: Readonly<{ open: boolean }>) {
  const state = useSignInDialog()
  // Why the dialog was opened, e.g. 'Please log in to view conversation history' (spec 1 §8).
  const reason = useOpenDialog('signIn')?.reason
  const queryClient = useQueryClient()
  const platform = usePlatform()
  const params = useParams({ strict: false }) as { slug?: string; conversationId?: string }
  const options = useQuery(authOptionsQuery())
  const internalDomains = options.data?.internalEmailDomains ?? DEFAULT_INTERNAL_EMAIL_DOMAINS
  // Google's script runs in the browser only; the desktop app would need a system-browser flow.
  const google = platform.kind === 'web' ? (options.data?.google ?? null) : null
  const [slots, setSlots] = useState(emptySlots)
  const [touched, setTouched] = useState(false)
  const [attempt, setAttempt] = useState(0)
  const errorId = useId()
  const emailErrorId = useId()

  const context: SignInContext = { slug: params.slug ?? null, conversationId: params.conversationId ?? null }
  const deps = { queryClient }
  const emailError = signInEmailError(state.email, internalDomains)
  const showEmailError = touched && state.email !== '' && emailError !== null

  const close = () => closeDialog('signIn')
  // Signed in: back to the dialog that asked for it (e.g. 'Get a Text'), else just closed.
  const finish = () => {
    const open = dialogs.open
    const returnTo = open?.kind === 'signIn' ? open.returnTo : undefined
    if (returnTo) openDialog({ ...returnTo })
    else close()
  }

  const onSubmitEmail = async (event: FormEvent) => {
    event.preventDefault()
    setTouched(true)
    if (emailError || state.pending) return
    const outcome = await requestSignInCode()
    if (outcome.ok) setSlots(emptySlots())
  }

  const submitCode = async (code: string) => {
    const outcome = await verifySignIn(code, context, deps)
    if (outcome.ok) {
      setSlots(emptySlots())
      setTouched(false)
      finish()
    } else if (outcome.message) {
      setSlots(emptySlots())
      setAttempt((n) => n + 1)
    }
  }

  const onSubmitCode = (event: FormEvent) => {
    event.preventDefault()
    const code = completeCode(slots)
    if (code && !state.pending) void submitCode(code)
  }

  const onResend = () => {
    setSlots(emptySlots())
    setAttempt((n) => n + 1)
    toast.promise(resendSignInCode(), {
      loading: authStrings.resending,
      success: authStrings.resent,
      error: (error: unknown) => (error instanceof Error ? error.message : authStrings.sendCodeFailed),
    })
  }

  const onGoogle = async () => {
    if (!google) return
    let accessToken: string
    try {
      accessToken = await requestGoogleAccessToken(google.clientId)
    } catch (error) {
      console.warn('Google sign-in did not complete', error)
      googleFailed()
      return
    }
    const outcome = await signInWithGoogle(accessToken, context, deps)
    if (outcome.ok) finish()
  }

  const error = state.error ? (
    <Text as="p" size="2" color="red" id={errorId} className="sign-in-dialog__error" role="alert">
      {state.error}
    </Text>
  ) : (
    <p className="sign-in-dialog__error" role="alert" id={errorId} />
  )

  return (
    <Dialog.Root open={open} onOpenChange={(next) => (next ? undefined : close())}>
      <Dialog.Content maxWidth="420px" aria-describedby={undefined}>
        {state.step === SignInStep.intro ? (
          <form onSubmit={onSubmitEmail} noValidate>
            <Dialog.Title>{authStrings.introTitle}</Dialog.Title>
            {reason ? (
              <Text as="p" size="2" weight="medium" mb="1">
                {reason}
              </Text>
            ) : null}
            <Dialog.Description size="2" color="gray" mb="4">
              {authStrings.introDescription}
            </Dialog.Description>
            <Flex direction="column" gap="3">
              <Flex direction="column" gap="1">
                <Text as="label" size="2" weight="medium" htmlFor="sign-in-email">
                  {authStrings.emailLabel}
                </Text>
                <TextField.Root
                  id="sign-in-email"
                  type="email"
                  size="3"
                  autoComplete="email"
                  inputMode="email"
                  placeholder={authStrings.emailPlaceholder}
                  value={state.email}
                  onChange={(e) => {
                    setTouched(true)
                    dispatchSignIn({ type: 'emailChanged', email: e.target.value })
                  }}
                  aria-invalid={showEmailError || undefined}
                  aria-describedby={showEmailError ? emailErrorId : errorId}
                  disabled={state.pending !== null}
                  autoFocus
                />
                {showEmailError ? (
                  <Text as="p" size="1" color="red" id={emailErrorId}>
                    {emailError}
                  </Text>
                ) : null}
              </Flex>
              {error}
              <Button
                type="submit"
                size="3"
                disabled={emailError !== null || state.pending !== null}
                loading={state.pending === 'sending'}
              >
                {state.pending === 'sending' ? authStrings.sendingCode : authStrings.continueWithEmail}
              </Button>
              {google ? (
                <>
                  <div className="sign-in-dialog__divider">{authStrings.or}</div>
                  <Button
                    type="button"
                    size="3"
                    variant="outline"
                    color="gray"
                    onClick={() => void onGoogle()}
                    disabled={state.pending !== null}
                    loading={state.pending === 'google'}
                  >
                    {authStrings.continueWithGoogle}
                  </Button>
                </>
              ) : null}
            </Flex>
          </form>
        ) : (
          <form onSubmit={onSubmitCode} noValidate>
            <Dialog.Title>{authStrings.codeTitle}</Dialog.Title>
            <Dialog.Description size="2" color="gray" mb="4">
              {authStrings.codeDescription(state.email.trim())}
            </Dialog.Description>
            <Flex direction="column" gap="3">
              <CodeSlots
                slots={slots}
                onChange={setSlots}
                onComplete={(code) => void submitCode(code)}
                disabled={state.pending === 'verifying'}
                invalid={state.error !== null}
                describedBy={errorId}
                autoFocus
                focusKey={attempt}
              />
              {error}
              <Button
                type="submit"
                size="3"
                disabled={completeCode(slots) === null || state.pending !== null}
                loading={state.pending === 'verifying'}
              >
                {state.pending === 'verifying' ? authStrings.verifying : authStrings.verify}
              </Button>
              <Flex justify="between" gap="2" wrap="wrap">
                <Button type="button" variant="ghost" onClick={onResend} disabled={state.pending !== null}>
                  {authStrings.resend}
                </Button>
                <Button
                  type="button"
                  variant="ghost"
                  color="gray"
                  onClick={() => dispatchSignIn({ type: 'changeEmail' })}
                  disabled={state.pending !== null}
                >
                  {authStrings.changeEmail}
                </Button>
              </Flex>
            </Flex>
          </form>
        )}
      </Dialog.Content>
    </Dialog.Root>
  )
}
