import { useCallback, useEffect, useRef } from 'react'
import { toast } from 'sonner'
import type { Usage } from '../../../../contract/billing'
import type { CloneProfile } from '../../../../contract/clone'
import { useEmbedTextLimit } from '../embed'
import { openPaywall, setPaywallTarget } from '../paywall'
import { useTalkCapture } from './use-talk-capture'

type Thread = Parameters<typeof useTalkCapture>[1] & {
  readonly messages: readonly { readonly sender: string }[]
}

/**
 * Who answers when the talk page meets a limit (spec 1 §4, §6, §9): on the site, the paywall; in an embed,
 * the configuration's text limit (the host page is told, 'text-exhausted') where it has one, else contact
 * capture at the anonymous quota, else the paywall. Also keeps the paywall (mounted in the root layout)
 * about this clone while the page shows it.
 */
export function useTalkPaywall(clone: CloneProfile, thread: Thread, usage: Usage | undefined) {
  const instanceSlug = clone.instance?.slug ?? null
  const { capture, captureHost, openPaywallAtQuota } = useTalkCapture(clone, thread, usage)
  const { replacesPaywall } = capture
  const userMessages = thread.messages.filter((m) => m.sender === 'USER').length
  const embedLimit = useEmbedTextLimit(userMessages, thread.conversationId)
  // Read in callbacks that outlive a render (an answer's outcome arrives later).
  const limit = useRef(embedLimit)
  limit.current = embedLimit

  /** The message quota is used up (an answer counted, or an auto-sent message met it). */
  const atQuota = useCallback(() => {
    if (limit.current.replacesPaywall) limit.current.exhausted()
    else openPaywallAtQuota()
  }, [openPaywallAtQuota])

  /** A 402 from the chat stream with memberships on offer (spec 1 §8). */
  const paymentRequired = useCallback(() => {
    if (limit.current.replacesPaywall) limit.current.exhausted()
    else if (!replacesPaywall()) openPaywall()
  }, [replacesPaywall])

  /** The embed's text limit was met: nothing more is sent, and the toast (like the prompt) says why. */
  const sendBlocked = useCallback(() => {
    const notice = limit.current.notice
    if (notice) toast.info(notice, { id: 'send-blocked' })
    return notice !== null
  }, [])

  const requireEmail = clone.options.requireEmail
  useEffect(() => {
    setPaywallTarget({
      slug: clone.slug,
      instanceSlug,
      instanceId: clone.instance?.id ?? null,
      locationId: clone.options.locationId,
      name: clone.name,
      requireEmail,
      upsellTitle: clone.upsellTitle,
    })
    return () => setPaywallTarget(null)
  }, [
    clone.slug,
    instanceSlug,
    clone.instance?.id,
    clone.options.locationId,
    clone.name,
    requireEmail,
    clone.upsellTitle,
  ])

  return { capture, captureHost, embedLimit, atQuota, paymentRequired, sendBlocked }
}
