import { queryOptions } from '@tanstack/react-query'
import {
  type AccountDeleteRequest,
  AccountOptInsResponse,
  type ProfileUpdateRequest,
} from '../../../contract/account'
import { MeResponse, OkResponse } from '../../../contract/auth'
import { apiRequest } from './client'

/* The account pages (issue #15): /profile and /actions. */

/** PATCH /api/me: the name and preferred language; answers the refreshed user. */
export const updateProfile = (body: ProfileUpdateRequest) =>
  apiRequest({ path: '/api/me', method: 'PATCH', schema: MeResponse, body })

/** Ends every session of the user, this one included. */
export const endAllSessions = () =>
  apiRequest({ path: '/api/me/sessions/end-all', method: 'POST', schema: OkResponse })

/** Deletes the account; a refusal (a creator, an active membership) is a 409 with the text to show. */
export const deleteAccount = (body: AccountDeleteRequest) =>
  apiRequest({ path: '/api/me', method: 'DELETE', schema: OkResponse, body })

export const accountOptInsQueryKey = ['account-opt-ins'] as const

export const accountOptInsQuery = () =>
  queryOptions({
    queryKey: accountOptInsQueryKey,
    queryFn: ({ signal }) => apiRequest({ path: '/api/me/opt-ins', schema: AccountOptInsResponse, signal }),
  })
