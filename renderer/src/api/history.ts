import { infiniteQueryOptions, type QueryClient, queryOptions } from '@tanstack/react-query'
import {
  ContinueSharedResponse,
  ConversationHistoryPage,
  ConversationListItem,
  MessageSavedResponse,
  ShareConversationResponse,
  SharedConversation,
  UnshareConversationResponse,
  type UpdateConversationRequest,
} from '../../../contract/chat'
import { conversationQueryKey, conversationsQueryKey } from './chat'
import { apiRequest } from './client'

/**
 * History and sharing calls (spec 1 §7 'Other calls'): fetchConversationHistory, updateConversationTitle,
 * shareConversation, unshareConversation, toggleMessageSave, the shared view and continuing it.
 */

const TALK = '/api/clone/talk'

export const HISTORY_PAGE_SIZE = 20

/** spec 1 §7 cache keys. History pages live under 'conversations', so invalidating it refreshes them. */
export const historyQueryKey = (slug: string, instanceSlug: string | null) =>
  [...conversationsQueryKey, slug, instanceSlug ?? ''] as const
export const conversationPaginatedQueryKey = (conversationId: string) =>
  ['conversation-paginated', conversationId] as const
export const sharedConversationQueryKey = (shareId: string) => ['shared-conversation', shareId] as const

export function fetchConversationHistory(
  params: { slug: string; instanceSlug: string | null; cursor?: string | null; limit?: number },
  signal?: AbortSignal,
) {
  const search = new URLSearchParams({ slug: params.slug, limit: String(params.limit ?? HISTORY_PAGE_SIZE) })
  if (params.instanceSlug) search.set('instanceSlug', params.instanceSlug)
  if (params.cursor) search.set('cursor', params.cursor)
  return apiRequest({ path: `${TALK}/conversations?${search}`, schema: ConversationHistoryPage, signal })
}

/** The history list, newest-updated first, a page at a time. Always fresh when the drawer opens. */
export const historyQuery = (slug: string, instanceSlug: string | null) =>
  infiniteQueryOptions({
    queryKey: historyQueryKey(slug, instanceSlug),
    queryFn: ({ pageParam, signal }) =>
      fetchConversationHistory({ slug, instanceSlug, cursor: pageParam }, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
    staleTime: 0,
  })

/** spec 1 §7 updateConversationTitle {id, title, updatedAt, optional hidden}: rename and archive. */
export const updateConversation = (conversationId: string, change: UpdateConversationRequest) =>
  apiRequest({
    path: `${TALK}/conversations/${encodeURIComponent(conversationId)}`,
    method: 'PATCH',
    body: change,
    schema: ConversationListItem,
  })

export const shareConversation = (conversationId: string) =>
  apiRequest({
    path: `${TALK}/conversations/${encodeURIComponent(conversationId)}/share`,
    method: 'POST',
    schema: ShareConversationResponse,
  })

export const unshareConversation = (conversationId: string) =>
  apiRequest({
    path: `${TALK}/conversations/${encodeURIComponent(conversationId)}/unshare`,
    method: 'POST',
    schema: UnshareConversationResponse,
  })

export const toggleMessageSave = (messageId: string, saved: boolean) =>
  apiRequest({
    path: `${TALK}/messages/${encodeURIComponent(messageId)}/saved`,
    method: 'PATCH',
    body: { saved },
    schema: MessageSavedResponse,
  })

export const fetchSharedConversation = (shareId: string, signal?: AbortSignal) =>
  apiRequest({ path: `${TALK}/shared/${encodeURIComponent(shareId)}`, schema: SharedConversation, signal })

export const sharedConversationQuery = (shareId: string) =>
  queryOptions({
    queryKey: sharedConversationQueryKey(shareId),
    queryFn: ({ signal }) => fetchSharedConversation(shareId, signal),
    // An unshared link must stop showing at once.
    staleTime: 0,
  })

/** spec 1 §7 'Continue shared conversation': answers the caller's own new conversation. */
export const continueSharedConversation = (shareId: string, body: { slug: string; text?: string }) =>
  apiRequest({
    path: `${TALK}/shared/${encodeURIComponent(shareId)}/continue`,
    method: 'POST',
    body,
    schema: ContinueSharedResponse,
  })

/** spec 1 §7: after a conversation changes, 'conversations', 'conversation' and 'conversation-paginated'. */
export function invalidateConversation(queryClient: QueryClient, conversationId: string) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: conversationsQueryKey }),
    queryClient.invalidateQueries({ queryKey: conversationQueryKey(conversationId) }),
    queryClient.invalidateQueries({ queryKey: conversationPaginatedQueryKey(conversationId) }),
  ])
}
