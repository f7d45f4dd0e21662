import { type QueryClient, useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect } from 'react'
import type { ChatMessage, ConversationWithMessages } from '../../../../contract/chat'
import {
  conversationAnnouncementsQueryKey,
  conversationQueryKey,
  fetchConversationAnnouncements,
} from '../../api/chat'
import { ANNOUNCEMENT_POLL_MS, chatStream } from '../chat'

/** The newest announcement the thread shows: the poll asks only for later ones. */
const latestShown = (conversationId: string): string | null => {
  const view = chatStream.state
  if (view.conversationId !== conversationId) return null
  const owner = view.messages.filter((m) => m.sender === 'OWNER')
  return owner.at(-1)?.createdAt ?? null
}

/** The cached conversation takes the thread's messages, so coming back to it shows the announcement too. */
function keepInCache(queryClient: QueryClient, conversationId: string) {
  const messages = [...chatStream.state.messages] as ChatMessage[]
  queryClient.setQueryData<ConversationWithMessages>(conversationQueryKey(conversationId), (cached) =>
    cached ? { ...cached, messages } : cached,
  )
}

/**
 * spec 1 §2 creator announcements (issue #15): an open chat picks up new ones without a reload, every
 * ANNOUNCEMENT_POLL_MS while the tab is visible, when the tab shows again and when the window gets focus.
 * Only an idle thread takes them (the machine ignores them mid-answer; the next poll brings them again).
 */
export function useAnnouncementPoll(
  conversationId: string | null,
  enabled: boolean,
  intervalMs: number = ANNOUNCEMENT_POLL_MS,
) {
  const queryClient = useQueryClient()
  const id = conversationId ?? ''
  const poll = useQuery({
    queryKey: conversationAnnouncementsQueryKey(id),
    queryFn: ({ signal }) => fetchConversationAnnouncements(id, latestShown(id), signal),
    enabled: enabled && !!conversationId,
    staleTime: 0,
    gcTime: 0,
    retry: false,
    refetchInterval: intervalMs,
    refetchIntervalInBackground: false,
    refetchOnWindowFocus: 'always',
  })

  const { refetch } = poll
  useEffect(() => {
    if (!enabled || !conversationId) return
    const onFocus = () => void refetch()
    window.addEventListener('focus', onFocus)
    return () => window.removeEventListener('focus', onFocus)
  }, [enabled, conversationId, refetch])

  const data = poll.data
  useEffect(() => {
    if (!data || !conversationId || data.messages.length === 0) return
    if (chatStream.addAnnouncements(conversationId, data.messages)) keepInCache(queryClient, conversationId)
  }, [data, conversationId, queryClient])
}
