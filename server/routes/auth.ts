import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import {
  ApiErrorBody,
  AuthOptions,
  ClaimRequest,
  ClaimResponse,
  GoogleSignInRequest,
  HandoffRequest,
  MeResponse,
  normaliseEmail,
  OkResponse,
  RelationshipRequest,
  RelationshipResponse,
  SendCodeRequest,
  SignInEmail,
  SignInResponse,
  subaddressError,
  userTypeOf,
  VerifyCodeRequest,
} from '../../contract'
import { assertMaySignIn, BANNED_TEXT, getOrCreateUser, userView } from '../auth/accounts'
import { codeLimits, internalEmailDomains, LOGIN_CODE_TTL_MS, loadAuthSecret } from '../auth/auth-settings'
import { claimConversations } from '../auth/claim'
import { GOOGLE_FAILED_TEXT, verifyGoogleAccessToken } from '../auth/google'
import { requireUser, SESSION_COOKIE } from '../auth/identity'
import { consumeLoginCode, issueLoginCode, retireLoginCode, VERIFY_FAILED_TEXT } from '../auth/login-codes'
import { clearSessionCookie, setSessionCookie } from '../auth/session-cookie'
import { createSession, revokeSession, type SessionTransport, type UserRow } from '../auth/sessions'
import { ensureVisitor, ownerOf } from '../auth/visitor'
import type { BotCheck } from '../bot-check'
import { requireClone } from '../clones/queries'
import { ensureRelationship, relationshipsOf } from '../clones/relationships'
import type { Config } from '../config'
import type { Db } from '../db/client'
import { AppError, badRequest } from '../errors'
import { requestLanguage } from '../i18n'
import type { Mailer } from '../mail/mailer'
import { signInCodeMail } from '../mail/sign-in-mail'

export interface AuthRoutesOptions {
  db: Db
  config: Config
  mailer: Mailer
  /** Sign-in codes asked by a visitor who is not signed in need a bot-protection token (server/bot-check). */
  botCheck: BotCheck
}

/** spec 1 §8 'Auth'. */
export const SEND_CODE_FAILED_TEXT = 'Failed to send verification code.'

const DEFAULT_GOOGLE_TOKENINFO_URL = 'https://oauth2.googleapis.com/tokeninfo'
const DEFAULT_GOOGLE_USERINFO_URL = 'https://openidconnect.googleapis.com/v1/userinfo'

const errors = {
  400: ApiErrorBody,
  401: ApiErrorBody,
  403: ApiErrorBody,
  404: ApiErrorBody,
  429: ApiErrorBody,
}

/**
 * Sign-in with a one-time code or Google, sessions (cookie on the web, bearer token for desktop and
 * embed), the current user, logout, and claiming anonymous conversations after sign-in (spec 1 §4-§8).
 */
export const authRoutes: FastifyPluginAsyncZod<AuthRoutesOptions> = async (
  app,
  { db, config, mailer, botCheck },
) => {
  const secret = await loadAuthSecret(db, config)
  const internalDomains = internalEmailDomains(config)
  const limits = codeLimits(config)

  /** A valid sign-in address, normalised, or a 400 with the spec's subaddress text. */
  const signInAddress = (input: string): string => {
    const parsed = SignInEmail.safeParse(input)
    if (!parsed.success) throw badRequest('Please enter a valid email address')
    const email = normaliseEmail(parsed.data)
    const subaddress = subaddressError(email, internalDomains)
    if (subaddress) throw badRequest(subaddress)
    return email
  }

  const startSession = async (
    request: Parameters<typeof setSessionCookie>[0],
    reply: Parameters<typeof setSessionCookie>[1],
    user: UserRow,
    transport: SessionTransport,
  ) => {
    const session = await createSession(db, user.id, transport)
    if (transport === 'cookie') {
      setSessionCookie(request, reply, session.token, session.expiresAt)
      return { user: await userView(db, user) }
    }
    return { user: await userView(db, user), token: session.token }
  }

  app.get('/api/auth/options', { schema: { response: { 200: AuthOptions } } }, async () => ({
    google: config.GOOGLE_CLIENT_ID ? { clientId: config.GOOGLE_CLIENT_ID } : null,
    internalEmailDomains: internalDomains,
  }))

  // The same answer for known and unknown addresses: an account is made on the first verification.
  // The code belongs to the visitor that asked (its cookie, made here when missing, or the embed's or the
  // desktop app's visitor header): only that visitor can type it or spend its tries.
  app.post(
    '/api/auth/code',
    { schema: { body: SendCodeRequest, response: { 200: OkResponse, 503: ApiErrorBody, ...errors } } },
    async (request, reply) => {
      const email = signInAddress(request.body.email)
      // Before anything is counted or sent: a bot gets no code and spends no one's code allowance.
      await botCheck.require(request, request.body.botToken)
      await assertMaySignIn(db, email)
      const visitorId = ensureVisitor(request, reply)
      const { id, code } = await issueLoginCode({ db, secret, limits }, email, request.ip, { visitorId })
      const mail = signInCodeMail(email, code, {
        whitelabel: request.body.whitelabel === true,
        validMinutes: LOGIN_CODE_TTL_MS / 60_000,
        language: requestLanguage(request.headers),
      })
      try {
        await mailer.send(mail)
      } catch (error) {
        request.log.error({ err: error }, 'sign-in code mail failed')
        await retireLoginCode({ db, secret }, id)
        throw new AppError(503, 'unavailable', SEND_CODE_FAILED_TEXT)
      }
      return { ok: true as const }
    },
  )

  app.post(
    '/api/auth/verify',
    { schema: { body: VerifyCodeRequest, response: { 200: SignInResponse, ...errors } } },
    async (request, reply) => {
      const email = signInAddress(request.body.email)
      // Without the visitor that asked for a code, there is no code to match.
      const visitorId = ownerOf(request).visitorId
      if (!visitorId) throw new AppError(400, 'bad_request', VERIFY_FAILED_TEXT)
      await consumeLoginCode({ db, secret }, email, request.body.code, { visitorId })
      const user = await getOrCreateUser(db, email)
      // Banned or blocked after the code was sent: the code is spent, the sign-in still refused.
      await assertMaySignIn(db, email, user)
      return startSession(request, reply, user, request.body.transport ?? 'cookie')
    },
  )

  app.post(
    '/api/auth/google',
    {
      schema: { body: GoogleSignInRequest, response: { 200: SignInResponse, 502: ApiErrorBody, ...errors } },
    },
    async (request, reply) => {
      if (!config.GOOGLE_CLIENT_ID) throw new AppError(404, 'not_found', 'Google sign-in is not configured')
      let profile: Awaited<ReturnType<typeof verifyGoogleAccessToken>>
      try {
        profile = await verifyGoogleAccessToken(request.body.accessToken, {
          clientId: config.GOOGLE_CLIENT_ID,
          tokeninfoUrl: config.GOOGLE_TOKENINFO_URL ?? DEFAULT_GOOGLE_TOKENINFO_URL,
          userinfoUrl: config.GOOGLE_USERINFO_URL ?? DEFAULT_GOOGLE_USERINFO_URL,
        })
      } catch (error) {
        request.log.warn({ err: error }, 'Google token check failed')
        throw new AppError(502, 'unavailable', GOOGLE_FAILED_TEXT)
      }
      if (!profile) throw new AppError(401, 'unauthorized', GOOGLE_FAILED_TEXT)
      await assertMaySignIn(db, profile.email)
      const user = await getOrCreateUser(db, profile.email, profile)
      if (user.banned) throw new AppError(403, 'forbidden', BANNED_TEXT)
      // skipWelcomeEmail: no welcome mail exists yet, so there is nothing to skip.
      return startSession(request, reply, user, request.body.transport ?? 'cookie')
    },
  )

  app.post(
    '/api/auth/handoff',
    { schema: { body: z.optional(HandoffRequest), response: { 200: SignInResponse, ...errors } } },
    async (request, reply) => {
      const user = requireUser(request)
      if (request.identity.transport !== 'bearer') {
        throw badRequest('A handoff needs the embed token as a bearer token')
      }
      return startSession(request, reply, user, 'cookie')
    },
  )

  app.get(
    '/api/me',
    {
      schema: {
        querystring: z.object({ slug: z.string().min(1).max(100).optional() }),
        response: { 200: MeResponse },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store')
      const user = request.identity.user
      if (!user) {
        // A cookie that no longer signs anyone in (expired, revoked, banned) is dropped.
        if (request.cookies[SESSION_COOKIE]) clearSessionCookie(request, reply)
        return {
          user: null,
          relationships: [],
          ...(request.query.slug ? { userType: 'anonymous' as const } : {}),
        }
      }
      const relationships = await relationshipsOf(db, user.id)
      const slug = request.query.slug
      return {
        user: await userView(db, user),
        relationships,
        ...(slug
          ? { userType: userTypeOf(true, relationships.find((r) => r.cloneSlug === slug)?.type) }
          : {}),
      }
    },
  )

  app.post(
    '/api/logout',
    { schema: { response: { 200: OkResponse, ...errors } } },
    async (request, reply) => {
      if (request.identity.sessionId) await revokeSession(db, request.identity.sessionId)
      if (request.cookies[SESSION_COOKIE]) clearSessionCookie(request, reply)
      return { ok: true as const }
    },
  )

  app.post(
    '/api/auth/claim',
    { schema: { body: ClaimRequest, response: { 200: ClaimResponse, ...errors } } },
    async (request) => {
      const user = requireUser(request)
      const { conversationId, slug } = request.body
      let cloneId: string | undefined
      if (slug) {
        cloneId = (await requireClone(db, slug)).id
      }
      const claimed = await claimConversations(db, {
        userId: user.id,
        visitorId: ownerOf(request).visitorId,
        conversationId,
        cloneId,
      })
      return { claimed }
    },
  )

  app.post(
    '/api/relationships',
    { schema: { body: RelationshipRequest, response: { 200: RelationshipResponse, ...errors } } },
    async (request) => {
      const user = requireUser(request)
      return { relationship: await ensureRelationship(db, user.id, request.body.slug) }
    },
  )
}
