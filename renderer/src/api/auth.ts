import { queryOptions } from '@tanstack/react-query'
import {
  AuthOptions,
  ClaimResponse,
  MeResponse,
  OkResponse,
  RelationshipResponse,
  SignInResponse,
} from '../../../contract/auth'
import { apiRequest } from './client'

/** TanStack Query key of the current user (spec: refreshed after sign-in). */
export const meQueryKey = ['me'] as const

export const fetchMe = (signal?: AbortSignal) => apiRequest({ path: '/api/me', schema: MeResponse, signal })

export const meQuery = () =>
  queryOptions({
    queryKey: meQueryKey,
    queryFn: ({ signal }) => fetchMe(signal),
    staleTime: 5 * 60_000,
  })

export const fetchAuthOptions = (signal?: AbortSignal) =>
  apiRequest({ path: '/api/auth/options', schema: AuthOptions, signal })

export const authOptionsQuery = () =>
  queryOptions({
    queryKey: ['auth-options'] as const,
    queryFn: ({ signal }) => fetchAuthOptions(signal),
    staleTime: Number.POSITIVE_INFINITY,
  })

export const logout = () => apiRequest({ path: '/api/logout', method: 'POST', schema: OkResponse })

export const claimConversation = (body: { conversationId?: string; slug?: string }) =>
  apiRequest({ path: '/api/auth/claim', method: 'POST', schema: ClaimResponse, body })

export const updateRelationship = (slug: string) =>
  apiRequest({ path: '/api/relationships', method: 'POST', schema: RelationshipResponse, body: { slug } })

/**
 * Trades an embed's bearer token (a main-site page opened from an embed with `?token=`) for this site's
 * session cookie of the same user (POST /api/auth/handoff).
 */
export const handOffEmbedToken = (token: string) =>
  apiRequest({
    path: '/api/auth/handoff',
    method: 'POST',
    schema: SignInResponse,
    body: {},
    headers: { Authorization: `Bearer ${token}` },
  })
