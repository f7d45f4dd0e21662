import { eq } from 'drizzle-orm'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { ApiErrorBody, MeResponse } from '../../contract'
import {
  CountryResponse,
  PhoneUpdateRequest,
  PhoneUpdateResponse,
  PhoneVerifyRequest,
  TelegramUpdateRequest,
} from '../../contract/embed'
import { userView } from '../auth/accounts'
import { codeLimits, LOGIN_CODE_TTL_MS, loadAuthSecret } from '../auth/auth-settings'
import { requireUser } from '../auth/identity'
import { consumeLoginCode, issueLoginCode, retireLoginCode } from '../auth/login-codes'
import { relationshipsOf } from '../clones/relationships'
import type { Config } from '../config'
import type { Db } from '../db/client'
import { users } from '../db/schema'
import { AppError } from '../errors'
import { requestLanguage } from '../i18n'
import type { CountryLookup } from '../texting/country'
import { assignPhoneNumber, e164Of, phoneCodeKey, phoneCountry } from '../texting/phone-numbers'
import { textingTextsIn, visitorTextLanguage } from '../texting/texting.strings'
import type { Texts } from '../texting/texts'
import { SEND_CODE_FAILED_TEXT } from './auth'

export interface PhoneRoutesOptions {
  db: Db
  config: Config
  texts: Texts
  countryLookup: CountryLookup | null
}

const errors = { 400: ApiErrorBody, 401: ApiErrorBody, 403: ApiErrorBody, 429: ApiErrorBody }

/**
 * The signed-in user's phone number (a six-digit code by SMS proves it), Telegram username, and the
 * visitor's country (spec 1 §5, §7 'Phone number update', 'Phone code verify', 'IP geolocation').
 */
export const phoneRoutes: FastifyPluginAsyncZod<PhoneRoutesOptions> = async (
  app,
  { db, config, texts, countryLookup },
) => {
  const secret = await loadAuthSecret(db, config)
  const limits = codeLimits(config)

  // The same answer whether the number is new, the caller's, or someone else's: nothing to enumerate.
  app.post(
    '/api/me/phone',
    {
      schema: {
        body: PhoneUpdateRequest,
        response: { 200: PhoneUpdateResponse, 503: ApiErrorBody, ...errors },
      },
    },
    async (request) => {
      const user = requireUser(request)
      const language = requestLanguage(request.headers)
      const texting = textingTextsIn(language)
      // The code is read on their phone: in the language they chose for their account, else the request's.
      const sms = textingTextsIn(visitorTextLanguage(user.language, language))
      const country = await phoneCountry(countryLookup, config, request.ip, request.body.country)
      const e164 = e164Of(request.body.phoneNumber, country, language)
      const { id, code } = await issueLoginCode({ db, secret, limits }, phoneCodeKey(e164), request.ip, {
        userId: user.id,
      }).catch((error: unknown) => {
        if (error instanceof AppError && error.status === 429)
          throw new AppError(429, error.code, texting.phoneCodesRateLimited, error.headers)
        throw error
      })
      try {
        await texts.send({
          channel: 'sms',
          to: e164,
          text: sms.phoneCode(code, LOGIN_CODE_TTL_MS / 60_000),
        })
      } catch (error) {
        request.log.error({ err: error }, 'phone code text failed')
        await retireLoginCode({ db, secret }, id)
        throw new AppError(503, 'unavailable', SEND_CODE_FAILED_TEXT)
      }
      return { phoneNumber: e164 }
    },
  )

  app.post(
    '/api/me/phone/verify',
    { schema: { body: PhoneVerifyRequest, response: { 200: MeResponse, ...errors } } },
    async (request) => {
      const user = requireUser(request)
      const country = await phoneCountry(countryLookup, config, request.ip, request.body.country)
      const e164 = e164Of(request.body.phoneNumber, country, requestLanguage(request.headers))
      // Wrong, expired or unknown: 'Unable to verify code. Please try again' (spec 1 §8).
      await consumeLoginCode({ db, secret }, phoneCodeKey(e164), request.body.code, { userId: user.id })
      const updated = await assignPhoneNumber(db, user.id, e164)
      return { user: await userView(db, updated), relationships: await relationshipsOf(db, user.id) }
    },
  )

  app.post(
    '/api/me/telegram',
    { schema: { body: TelegramUpdateRequest, response: { 200: MeResponse, ...errors } } },
    async (request) => {
      const user = requireUser(request)
      const username = request.body.telegramUsername.replace(/^@/, '')
      const [updated] = await db
        .update(users)
        .set({ telegramUsername: username })
        .where(eq(users.id, user.id))
        .returning()
      return { user: await userView(db, updated!), relationships: await relationshipsOf(db, user.id) }
    },
  )

  app.get('/api/geo/country', { schema: { response: { 200: CountryResponse } } }, async (request, reply) => {
    // The answer depends on the caller's address: no shared cache may keep it.
    reply.header('cache-control', 'private, no-store')
    const looked = countryLookup ? await countryLookup(request.ip) : null
    return { country: looked ?? config.DEFAULT_PHONE_COUNTRY ?? null }
  })
}
