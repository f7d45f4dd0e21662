import { useCallback } from 'react'
import type { Usage } from '../../../../contract/billing'
import type { CloneProfile } from '../../../../contract/clone'
import { type CaptureInput, useCapture } from '../capture'
import { ChatStreamState, type ChatStreamView } from '../chat'
import { openPaywall } from '../paywall'

/**
 * spec 1 §4 'Contact capture' on the talk page: embed mode only (a lazy chunk); elsewhere NOT_EMBED and
 * nothing loaded. `openPaywallAtQuota` is where the page opened the paywall at the message quota: in embed
 * mode capture is required there instead (spec 1 §6).
 */
export function useTalkCapture(
  clone: CloneProfile,
  thread: {
    readonly messages: CaptureInput['messages']
    readonly state: ChatStreamView['state']
    readonly conversationId: string | null
    readonly session: { readonly loaded: boolean }
  },
  usage: Usage | undefined,
) {
  const { capture, host } = useCapture({
    slug: clone.slug,
    instanceSlug: clone.instance?.slug ?? null,
    cloneName: clone.name,
    requireEmail: clone.options.requireEmail,
    requirePhone: clone.options.requirePhoneNumber,
    sharedView: false,
    messages: thread.messages,
    busy: thread.state !== ChatStreamState.IDLE,
    conversationId: thread.conversationId,
    usedMessages: usage?.usage.messages,
    loaded: thread.session.loaded,
  })
  const { replacesPaywall } = capture
  const openPaywallAtQuota = useCallback(() => {
    if (!replacesPaywall()) openPaywall()
  }, [replacesPaywall])
  return { capture, captureHost: host, openPaywallAtQuota }
}
