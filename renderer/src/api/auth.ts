import { queryOptions } from '@tanstack/react-query'
import {
  AuthOptions,
  ClaimResponse,
  MeResponse,
  OkResponse,
  RelationshipResponse,
  type SessionTransport,
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

/**
 * Asks for a sign-in code; a visitor who is not signed in sends a bot-protection token (api/bot-check.ts,
 * loaded with the first code asked for or address typed: no first screen needs it).
 */
export const sendSignInCode = async (email: string, whitelabel = false) => {
  const { withBotToken } = await import('./bot-check')
  return withBotToken((botToken) =>
    apiRequest({
      path: '/api/auth/code',
      method: 'POST',
      schema: OkResponse,
      body: { email, whitelabel, ...(botToken ? { botToken } : {}) },
    }),
  )
}

export const verifySignInCode = (body: {
  email: string
  code: string
  timezone?: string
  transport: SessionTransport
}) => apiRequest({ path: '/api/auth/verify', method: 'POST', schema: SignInResponse, body })

export const googleSignIn = (body: { accessToken: string; timezone?: string; transport: SessionTransport }) =>
  apiRequest({
    path: '/api/auth/google',
    method: 'POST',
    schema: SignInResponse,
    body: { ...body, skipWelcomeEmail: true },
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
