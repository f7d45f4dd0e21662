import type { InfiniteData, QueryClient } from '@tanstack/react-query'
import type { ConversationHistoryPage, ConversationListItem } from '../../../../contract/chat'
import { conversationsQueryKey } from '../../api/chat'

type HistoryData = InfiniteData<ConversationHistoryPage, string | null>

/** Changes one entry in every cached history list at once (optimistic rename, unshare, archive). */
export function patchHistoryEntries(
  queryClient: QueryClient,
  conversationId: string,
  change: (item: ConversationListItem) => ConversationListItem | null,
) {
  queryClient.setQueriesData<HistoryData>({ queryKey: conversationsQueryKey }, (data) => {
    if (!data?.pages) return data
    return {
      ...data,
      pages: data.pages.map((page) => ({
        ...page,
        conversations: page.conversations.flatMap((item) => {
          if (item.id !== conversationId) return [item]
          const next = change(item)
          return next ? [next] : []
        }),
      })),
    }
  })
}

/** A snapshot of every cached history list, to put back when an optimistic change fails. */
export function snapshotHistory(queryClient: QueryClient) {
  const saved = queryClient.getQueriesData<HistoryData>({ queryKey: conversationsQueryKey })
  return () => {
    for (const [key, data] of saved) queryClient.setQueryData(key, data)
  }
}
