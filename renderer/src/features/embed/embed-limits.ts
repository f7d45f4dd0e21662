import { useEffect } from 'react'
import { EMBED_MESSAGES } from '../../../../contract/embed-protocol'
import type { EmbedContext } from '../../platform'
import { embedStrings } from './embed.strings'
import { useEmbed } from './use-embed'

/*
 * Per-configuration limits (spec 1 §4 last bullet, §9; spec 2 §7): once the visitor's messages in the
 * conversation reach the configuration's text limit, or a voice call's seconds its voice limit, the host
 * page is told ('{product}:text-exhausted' / '{product}:voice-exhausted') and no paywall opens.
 */

type Limits = Pick<EmbedContext, 'textLimit' | 'voiceLimitSeconds' | 'notifyParent'>

/** Whether the configuration's limits stand in for the paywall (text or voice). */
export const textLimitReplacesPaywall = (embed: Limits | null) => !!embed && embed.textLimit !== null
export const voiceLimitReplacesPaywall = (embed: Limits | null) => !!embed && embed.voiceLimitSeconds !== null

export const textLimitReached = (embed: Limits | null, userMessages: number) =>
  !!embed && embed.textLimit !== null && userMessages >= embed.textLimit

/** Conversations the host page was already told about: 'text-exhausted' goes once per conversation. */
const told = new WeakMap<Limits, Set<string>>()

/** Tells the host page the text limit is reached, once per conversation ('' for one not yet stored). */
export function notifyTextExhausted(embed: Limits, conversationKey: string): boolean {
  const seen = told.get(embed) ?? new Set<string>()
  told.set(embed, seen)
  if (seen.has(conversationKey)) return false
  seen.add(conversationKey)
  embed.notifyParent({ type: EMBED_MESSAGES.textExhausted })
  return true
}

/**
 * The talk page's text limit: `reached` blocks sending (with `notice` instead of the paywall), and the host
 * page hears 'text-exhausted' when the visitor's messages in this conversation reach the limit.
 */
export function useEmbedTextLimit(userMessages: number, conversationId: string | null) {
  const embed = useEmbed()
  const reached = textLimitReached(embed, userMessages)
  // Once the conversation exists (its first answer names it): one conversation, one event.
  useEffect(() => {
    if (reached && embed && conversationId) notifyTextExhausted(embed, conversationId)
  }, [reached, embed, conversationId])
  return {
    reached,
    notice: reached ? embedStrings.textLimitReached : null,
    replacesPaywall: textLimitReplacesPaywall(embed),
    /** A 402 or the usage limit in a limited embed: the host page hears of it instead of a paywall. */
    exhausted: () => {
      if (embed) notifyTextExhausted(embed, conversationId ?? '')
    },
  }
}

/** The voice call's limit in seconds: the call stops there (null: the configuration sets none). */
export const voiceLimitSeconds = (embed: Limits | null) => embed?.voiceLimitSeconds ?? null

/**
 * Watches a call's elapsed seconds: at the configuration's voice limit the call stops (`stop` answers
 * whether it did) and the host page hears 'voice-exhausted'. Returns the unsubscribe.
 */
export function watchVoiceLimit(
  embed: Limits | null,
  subscribe: (onElapsed: (elapsedSeconds: number) => void) => () => void,
  stop: () => boolean,
): () => void {
  const limit = voiceLimitSeconds(embed)
  if (!embed || limit === null) return () => undefined
  return subscribe((elapsed) => {
    if (elapsed >= limit && stop()) embed.notifyParent({ type: EMBED_MESSAGES.voiceExhausted })
  })
}

/** The host page hears the voice limit is spent (a call refused before it starts). */
export const notifyVoiceExhausted = (embed: Limits) =>
  embed.notifyParent({ type: EMBED_MESSAGES.voiceExhausted })
