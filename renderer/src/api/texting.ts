import { queryOptions } from '@tanstack/react-query'
import { MeResponse } from '../../../contract/auth'
import {
  CountryResponse,
  type GreetRequest,
  GreetResponse,
  OptInResponse,
  type OptInUpdateRequest,
  type PhoneUpdateRequest,
  PhoneUpdateResponse,
  type PhoneVerifyRequest,
} from '../../../contract/embed'
import { apiRequest } from './client'

/*
 * Phone numbers, Telegram, opt-ins and the greeting (spec 1 §7 'Phone number update', 'Phone code verify',
 * 'Opt-in get / update', 'Text opt-in', 'IP geolocation'). Used by contact capture and 'Get a Text' (lazy).
 */

/** Sends a six-digit code to the number (E.164 in the answer). The same answer whoever owns the number. */
export const requestPhoneCode = (body: PhoneUpdateRequest) =>
  apiRequest({ path: '/api/me/phone', method: 'POST', schema: PhoneUpdateResponse, body })

/** Verifies the code: the number becomes the signed-in user's. Answers the refreshed user. */
export const verifyPhoneCode = (body: PhoneVerifyRequest) =>
  apiRequest({ path: '/api/me/phone/verify', method: 'POST', schema: MeResponse, body })

/** updateCurrentUserTelegram {telegramUsername}. */
export const updateTelegramUsername = (telegramUsername: string) =>
  apiRequest({ path: '/api/me/telegram', method: 'POST', schema: MeResponse, body: { telegramUsername } })

/** The visitor's country by IP lookup (when configured), else null: then the browser's language decides. */
export const countryQuery = () =>
  queryOptions({
    queryKey: ['geo-country'] as const,
    queryFn: ({ signal }) => apiRequest({ path: '/api/geo/country', schema: CountryResponse, signal }),
    staleTime: Number.POSITIVE_INFINITY,
  })

export const optInQuery = (slug: string) =>
  queryOptions({
    queryKey: ['opt-in', slug] as const,
    queryFn: ({ signal }) =>
      apiRequest({ path: `/api/opt-ins/${encodeURIComponent(slug)}`, schema: OptInResponse, signal }),
  })

export const updateOptIn = (body: OptInUpdateRequest) =>
  apiRequest({ path: '/api/opt-ins', method: 'PUT', schema: OptInResponse, body })

/** greetUser: the clone's first text; a falsy answer is an error (spec 1 §7). */
export const greetUser = (body: GreetRequest) =>
  apiRequest({ path: '/api/greet', method: 'POST', schema: GreetResponse, body })
