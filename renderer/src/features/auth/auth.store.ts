import type { QueryClient } from '@tanstack/react-query'
import { proxy, useSnapshot } from 'valtio'
import type { SessionTransport, SignInResponse } from '../../../../contract/auth'
import {
  claimConversation,
  logout as logoutRequest,
  meQuery,
  meQueryKey,
  updateRelationship,
} from '../../api/auth'
import { serverMessageOr } from '../../api/client'
import { getPlatform } from '../../platform'
import { authStrings } from './auth.strings'
import {
  initialSignInDialogState,
  type SignInDialogAction,
  type SignInDialogState,
  signInDialogReducer,
} from './sign-in-dialog.machine'

/** Where the visitor is when they sign in: the conversation to claim and the clone to relate to. */
export interface SignInContext {
  slug?: string | null
  conversationId?: string | null
}

export interface AuthDeps {
  queryClient: QueryClient
}

export const auth = proxy<{ dialog: SignInDialogState }>({ dialog: { ...initialSignInDialogState } })

export function dispatchSignIn(action: SignInDialogAction) {
  auth.dialog = signInDialogReducer(auth.dialog, action)
  // The code request's bot-protection token is got while the address is typed (api/bot-check.ts, loaded
  // then: no first screen needs it).
  if (action.type === 'emailChanged' && action.email.trim())
    void import('../../api/bot-check').then((botCheck) => botCheck.prepareBotToken())
}

/** The sign-in requests (api/sign-in.ts): loaded when first used, never with a first screen. */
const signInApi = () => import('../../api/sign-in')

export const useSignInDialog = () => useSnapshot(auth).dialog

// One reading for every feature (api/client.ts); re-exported where features already look for it.
export { serverMessageOr }

/**
 * Desktop and embeds have no first-party cookies: their session travels as a bearer token, kept where the
 * platform says (platform seam).
 */
const transport = (): SessionTransport => (getPlatform().auth.tokenKey ? 'bearer' : 'cookie')

const timezone = () => {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone
  } catch {
    return undefined
  }
}

export type Outcome = { ok: true } | { ok: false; message: string }

/** Intro step: send a code to the typed address. */
export async function requestSignInCode(): Promise<Outcome> {
  if (auth.dialog.pending) return { ok: false, message: '' }
  dispatchSignIn({ type: 'codeRequested' })
  try {
    await (await signInApi()).sendSignInCode(auth.dialog.email.trim())
    dispatchSignIn({ type: 'codeSent' })
    return { ok: true }
  } catch (error) {
    const message = serverMessageOr(error, authStrings.sendCodeFailed)
    dispatchSignIn({ type: 'codeFailed', message })
    return { ok: false, message }
  }
}

/** Code step: send the code again. Rejects with the text to show (the component toasts it). */
export async function resendSignInCode(): Promise<void> {
  if (auth.dialog.pending) return
  dispatchSignIn({ type: 'resendRequested' })
  try {
    await (await signInApi()).sendSignInCode(auth.dialog.email.trim())
  } catch (error) {
    throw new Error(serverMessageOr(error, authStrings.sendCodeFailed))
  } finally {
    dispatchSignIn({ type: 'resendSettled' })
  }
}

/** Code step: verify, then the post-sign-in chain. On success the dialog is back at intro, email cleared. */
export async function verifySignIn(code: string, context: SignInContext, deps: AuthDeps): Promise<Outcome> {
  if (auth.dialog.pending) return { ok: false, message: '' }
  dispatchSignIn({ type: 'verifyRequested' })
  let answer: SignInResponse
  try {
    answer = await (await signInApi()).verifySignInCode({
      email: auth.dialog.email.trim(),
      code,
      timezone: timezone(),
      transport: transport(),
    })
  } catch (error) {
    const message = serverMessageOr(error, authStrings.verifyFailed)
    dispatchSignIn({ type: 'verifyFailed', message })
    return { ok: false, message }
  }
  await afterSignIn(answer, context, deps)
  dispatchSignIn({ type: 'verified' })
  return { ok: true }
}

/** Google: the access token from Google Identity Services, exchanged for our session. */
export async function signInWithGoogle(
  accessToken: string,
  context: SignInContext,
  deps: AuthDeps,
): Promise<Outcome> {
  if (auth.dialog.pending) return { ok: false, message: '' }
  dispatchSignIn({ type: 'googleRequested' })
  let answer: SignInResponse
  try {
    answer = await (await signInApi()).googleSignIn({
      accessToken,
      timezone: timezone(),
      transport: transport(),
    })
  } catch (error) {
    const message = serverMessageOr(error, authStrings.loginFailed)
    dispatchSignIn({ type: 'googleFailed', message })
    return { ok: false, message }
  }
  await afterSignIn(answer, context, deps)
  dispatchSignIn({ type: 'verified' })
  return { ok: true }
}

export function googleFailed(message: string = authStrings.loginFailed) {
  dispatchSignIn({ type: 'googleFailed', message })
}

// spec 1 §4: the post-sign-in steps run once at a time: a second sign-in waits for the first chain.
let chain: Promise<void> = Promise.resolve()

/**
 * spec 1 §4 'Sign-in dialog': the token is stored, the user refreshed, then the current conversation
 * claimed and the relationship updated. A failure of any later step is only logged (spec 1 §8).
 */
export function afterSignIn(answer: SignInResponse, context: SignInContext, { queryClient }: AuthDeps) {
  const run = async () => {
    const platform = getPlatform()
    const tokenKey = platform.auth.tokenKey
    if (answer.token && tokenKey) await platform.storage.set(tokenKey, answer.token)
    await queryClient.fetchQuery({ ...meQuery(), staleTime: 0 }).catch((error: unknown) => {
      console.warn('Could not refresh the user after sign-in', error)
    })
    if (context.slug || context.conversationId) {
      await claimConversation({
        conversationId: context.conversationId ?? undefined,
        slug: context.slug ?? undefined,
      }).catch((error: unknown) => console.warn('Could not claim the conversation', error))
    }
    if (context.slug) {
      await updateRelationship(context.slug).catch((error: unknown) =>
        console.warn('Could not update the relationship', error),
      )
    }
    // History, the open conversation and the user type now answer for the user.
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: meQueryKey }),
      queryClient.invalidateQueries({ queryKey: ['conversations'] }),
      queryClient.invalidateQueries({ queryKey: ['conversation'] }),
      queryClient.invalidateQueries({ queryKey: ['conversation-paginated'] }),
    ])
  }
  const next = chain.then(run, run)
  chain = next.catch(() => {})
  return next
}

/** Logs out: revokes the session, forgets the desktop token, and every screen sees nobody signed in. */
export async function logOut({ queryClient }: AuthDeps): Promise<void> {
  await logoutRequest()
  const platform = getPlatform()
  if (platform.auth.tokenKey) await platform.storage.remove(platform.auth.tokenKey)
  // Every ['me', ...] query (some features key it by clone) now says: nobody signed in.
  queryClient.setQueriesData({ queryKey: meQueryKey }, { user: null, relationships: [] })
  void queryClient.invalidateQueries({ queryKey: meQueryKey })
  queryClient.removeQueries({ queryKey: ['conversations'] })
  queryClient.removeQueries({ queryKey: ['conversation'] })
  queryClient.removeQueries({ queryKey: ['conversation-paginated'] })
}
