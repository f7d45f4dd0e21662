import type { QueryClient } from '@tanstack/react-query'
import type { SignInResponse } from '../../../../contract/auth'
import { meQueryKey } from '../../api/auth'
import { prepareBotToken } from '../../api/bot-check'
import { recordCaptureLead } from '../../api/embed'
import { sendSignInCode, verifySignInCode } from '../../api/sign-in'
import { optInQuery, requestPhoneCode, updateOptIn, verifyPhoneCode } from '../../api/texting'
import { getPlatform } from '../../platform'
import { afterSignIn, authStrings, serverMessageOr } from '../auth'
import { needsPhoneStep } from './capture.model'
import type { CaptureDeps } from './capture.store'
import { captureStrings as s } from './capture.strings'

export interface CaptureRequestContext {
  queryClient: QueryClient
  slug: string
  instanceSlug: string | null
  requirePhone: () => boolean
  conversationId: () => string | null
  country: () => string | null
  notify: CaptureDeps['notify']
}

const timezone = () => {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone
  } catch {
    return undefined
  }
}

/** Runs a request; a refusal becomes an Error carrying the server's text, else the fallback (spec 1 §8). */
async function shown<T>(work: () => Promise<T>, fallback: string): Promise<T> {
  try {
    return await work()
  } catch (error) {
    throw new Error(serverMessageOr(error, fallback))
  }
}

/**
 * The capture's requests (spec 1 §4, §7): sign-in codes are the existing /api/auth/code and /api/auth/verify
 * (a bearer session in an embed, kept where the platform says, by the sign-in flow's afterSignIn); phone
 * codes, the SMS opt-in and the lead go through the texting and embed clients.
 */
export function captureRequests(context: CaptureRequestContext): CaptureDeps {
  const { queryClient, slug } = context
  const optedIn = () =>
    queryClient
      .fetchQuery({ ...optInQuery(slug), staleTime: 0 })
      .then((answer) => answer.opt_in.optIn)
      .catch(() => false)
  return {
    random: Math.random,
    prepareBotToken,
    country: context.country,
    notify: context.notify,
    async sendEmailCode(email) {
      const whitelabel = getPlatform().embed?.whitelabel ?? false
      await shown(() => sendSignInCode(email, whitelabel), authStrings.sendCodeFailed)
    },
    async verifyEmailCode(email, code) {
      const transport = getPlatform().auth.tokenKey ? 'bearer' : 'cookie'
      const answer: SignInResponse = await shown(
        () => verifySignInCode({ email, code, timezone: timezone(), transport }),
        authStrings.verifyFailed,
      )
      // spec 1 §4: session refreshed (token stored, user fetched), conversation claimed, relationship updated.
      await afterSignIn(answer, { slug, conversationId: context.conversationId() }, { queryClient })
      // The quota is now the user's, not the anonymous visitor's: the remaining line and the paywall ask
      // again (not waited for: the capture goes on meanwhile).
      void queryClient.invalidateQueries({ queryKey: ['usage'] })
      void queryClient.invalidateQueries({ queryKey: ['monetization'] })
      if (!context.requirePhone()) return { needsPhone: false }
      const phoneNumber = answer.user.phoneNumber
      return { needsPhone: needsPhoneStep({ phoneNumber, optedIn: phoneNumber ? await optedIn() : false }) }
    },
    async sendPhoneCode(phone) {
      await shown(() => requestPhoneCode({ phoneNumber: phone }), s.somethingWentWrong)
    },
    async verifyPhoneCode(phone, code) {
      await shown(() => verifyPhoneCode({ phoneNumber: phone, code }), authStrings.verifyFailed)
      // spec 1 §4: then the opt-in is recorded (SMS, the medium the code came by).
      await shown(() => updateOptIn({ slug, opt_in: true, medium: 'SMS' }), s.somethingWentWrong)
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: meQueryKey }),
        queryClient.invalidateQueries({ queryKey: optInQuery(slug).queryKey }),
      ])
    },
    async recordLead() {
      const embed = getPlatform().embed
      await recordCaptureLead({
        slug,
        instanceSlug: context.instanceSlug,
        configId: embed?.configId ?? null,
        conversationId: context.conversationId(),
      })
      await queryClient.invalidateQueries({ queryKey: ['conversations'] })
    },
  }
}
