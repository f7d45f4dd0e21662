import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query'
import type { ConversationMedium } from '../../../contract/chat'
import {
  CloneAnalytics,
  ReviewConversationDetail,
  ReviewConversationPage,
} from '../../../contract/studio-review'
import { type ReviseRequest, TrainingResponse } from '../../../contract/training'
import { apiRequest } from './client'

/*
 * The studio's conversation review and analytics (issue #16). contract/studio-review.ts stays out of the
 * first load: only the studio's lazy chunks import this module.
 */

const enc = encodeURIComponent

/** GET /api/studio/{slug}/conversations, page after page ('Load more'), optionally of one medium. */
export const reviewConversationsQuery = (slug: string, medium: ConversationMedium | null) =>
  infiniteQueryOptions({
    queryKey: ['studio-conversations', slug, medium] as const,
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) => {
      const query = new URLSearchParams()
      if (pageParam) query.set('cursor', pageParam)
      if (medium) query.set('medium', medium)
      const search = query.size > 0 ? `?${query}` : ''
      return apiRequest({
        path: `/api/studio/${enc(slug)}/conversations${search}`,
        schema: ReviewConversationPage,
        signal,
      })
    },
    getNextPageParam: (last) => last.nextCursor,
  })

/** GET /api/studio/{slug}/conversations/{id}: one conversation's messages, read-only. */
export const reviewConversationQuery = (slug: string, id: string) =>
  queryOptions({
    queryKey: ['studio-conversation', slug, id] as const,
    queryFn: ({ signal }) =>
      apiRequest({
        path: `/api/studio/${enc(slug)}/conversations/${enc(id)}`,
        schema: ReviewConversationDetail,
        signal,
      }),
  })

/** The chat command bar's revise (spec 1 §7 improveCloneResponse), from the review: CREATOR only. */
export const reviseReviewedAnswer = (request: ReviseRequest) =>
  apiRequest({ path: '/api/clone/training/revise', method: 'POST', body: request, schema: TrainingResponse })

/** GET /api/studio/{slug}/analytics: the last 12 UTC months and their totals. */
export const cloneAnalyticsQuery = (slug: string) =>
  queryOptions({
    queryKey: ['studio-analytics', slug] as const,
    queryFn: ({ signal }) =>
      apiRequest({ path: `/api/studio/${enc(slug)}/analytics`, schema: CloneAnalytics, signal }),
  })
