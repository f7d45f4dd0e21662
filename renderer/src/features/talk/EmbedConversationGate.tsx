import type { ReactNode } from 'react'
import { useSnapshot } from 'valtio'
import { chatStream } from '../chat'
import { useHandleCookie } from '../embed'

/**
 * In an embed (spec 1 §3, §7 'embed conversation keys'): the talk page's conversation is remembered and the
 * embed's root continues it. Shows `pending` while the root decides; `children` gets 'New Conversation''s
 * forgetting, so the root it returns to stays empty.
 */
export function EmbedConversationGate({
  slug,
  instanceSlug,
  conversationId,
  pending,
  children,
}: Readonly<{
  slug: string
  instanceSlug: string | null
  conversationId: string | null
  pending: ReactNode
  children: (forgetConversation: () => void) => ReactNode
}>) {
  const snap = useSnapshot(chatStream.state)
  const session = snap.session
  // Only the thread this page opened counts (the store still holds the previous page's until it does).
  const ours = session.slug === slug && session.loaded && session.conversationId === conversationId
  const { resuming, forget } = useHandleCookie({
    slug,
    instanceSlug,
    routeConversationId: conversationId,
    threadConversationId: ours ? snap.conversationId : null,
  })
  return resuming ? pending : children(forget)
}
