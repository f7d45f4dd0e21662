import type { QueryClient } from '@tanstack/react-query'
import { proxy } from 'valtio'
import type { MeResponse } from '../../../../contract/auth'
import type { GreetResponse, TextMedium } from '../../../../contract/embed'
import { meQueryKey } from '../../api/auth'
import { greetUser, updateOptIn, updateTelegramUsername } from '../../api/texting'

/**
 * What the visitor chose and typed in 'Get a Text'. It outlives the dialog: signing in replaces the dialog
 * (one at a time) and returns to it, and nothing typed is lost on an error. Closing the dialog, or a sent
 * greeting, forgets it. `phone` / `telegram` stay null until typed: the user's own values show meanwhile.
 */
export interface TextOptInDraft {
  slug: string | null
  medium: TextMedium | null
  phone: string | null
  telegram: string | null
  consent: boolean
}

const empty = (): TextOptInDraft => ({
  slug: null,
  medium: null,
  phone: null,
  telegram: null,
  consent: false,
})

export const textOptInDraft = proxy<TextOptInDraft>(empty())

/** The draft for this clone: another clone's draft is dropped. */
export function draftFor(slug: string | null) {
  if (textOptInDraft.slug !== slug) Object.assign(textOptInDraft, { ...empty(), slug })
  return textOptInDraft
}

export function forgetDraft() {
  Object.assign(textOptInDraft, empty())
}

export interface GreetingRequest {
  slug: string
  medium: TextMedium
  phoneNumber: string | null
  telegramUsername: string | null
  /** Telegram: the username differs from the user's, so updateCurrentUserTelegram runs first. */
  saveTelegram: boolean
}

/**
 * spec 1 §7 'Text opt-in': updateCurrentUserTelegram (Telegram, when changed), the opt-in recorded, then
 * greetUser; a falsy answer is an error. The refreshed user replaces the cached one.
 */
export async function sendGreeting(
  request: GreetingRequest,
  queryClient: QueryClient,
): Promise<GreetResponse> {
  if (request.medium === 'TELEGRAM' && request.saveTelegram && request.telegramUsername) {
    const me = await updateTelegramUsername(request.telegramUsername.trim())
    queryClient.setQueryData<MeResponse>(meQueryKey, me)
  }
  await updateOptIn({ slug: request.slug, opt_in: true, medium: request.medium })
  const answer = await greetUser({
    medium: request.medium,
    slug: request.slug,
    phoneNumber: request.medium === 'TELEGRAM' ? null : request.phoneNumber,
    telegramUsername: request.medium === 'TELEGRAM' ? (request.telegramUsername?.trim() ?? null) : null,
  })
  if (!answer?.ok) throw new Error('The greeting was refused')
  void queryClient.invalidateQueries({ queryKey: ['opt-in', request.slug] })
  return answer
}
