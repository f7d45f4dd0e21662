import { desc, eq } from 'drizzle-orm'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { ApiErrorBody, MeResponse, normaliseEmail, OkResponse } from '../../contract'
import { AccountDeleteRequest, AccountOptInsResponse, ProfileUpdateRequest } from '../../contract/account'
import { deleteAccount, endAllSessions } from '../account/account-deletion'
import { userView } from '../auth/accounts'
import { requireUser, SESSION_COOKIE } from '../auth/identity'
import { clearSessionCookie } from '../auth/session-cookie'
import { relationshipsOf } from '../clones/relationships'
import type { Db } from '../db/client'
import { clones, textOptIns, users } from '../db/schema'
import { badRequest } from '../errors'
import type { UploadStore } from '../uploads/store'

export interface AccountRoutesOptions {
  db: Db
  uploadStore: UploadStore
}

const errors = { 400: ApiErrorBody, 401: ApiErrorBody, 403: ApiErrorBody, 429: ApiErrorBody }

/** What DELETE /api/me says when the typed address is not the account's. */
export const DELETE_CONFIRMATION_TEXT = "Type your account's e-mail address to confirm."

/**
 * The account pages (issue #15, spec 1 §2 '/profile', '/actions'): the name and preferred language, the
 * text opt-ins across clones, sign-out everywhere, and deleting the account.
 */
export const accountRoutes: FastifyPluginAsyncZod<AccountRoutesOptions> = async (
  app,
  { db, uploadStore },
) => {
  app.patch(
    '/api/me',
    { schema: { body: ProfileUpdateRequest, response: { 200: MeResponse, ...errors } } },
    async (request) => {
      const user = requireUser(request)
      const { name, language } = request.body
      const changes = {
        ...(name !== undefined ? { name } : {}),
        ...(language !== undefined ? { language } : {}),
      }
      const [updated] =
        Object.keys(changes).length > 0
          ? await db.update(users).set(changes).where(eq(users.id, user.id)).returning()
          : [user]
      return { user: await userView(db, updated ?? user), relationships: await relationshipsOf(db, user.id) }
    },
  )

  app.get(
    '/api/me/opt-ins',
    { schema: { response: { 200: AccountOptInsResponse, 401: ApiErrorBody } } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store')
      const user = requireUser(request)
      const rows = await db
        .select({
          optIn: textOptIns,
          clone: { slug: clones.slug, name: clones.name, imageUrl: clones.imageUrl },
        })
        .from(textOptIns)
        .innerJoin(clones, eq(clones.id, textOptIns.cloneId))
        .where(eq(textOptIns.userId, user.id))
        .orderBy(desc(textOptIns.updatedAt))
      return {
        optIns: rows.map(({ optIn, clone }) => ({
          clone,
          medium: optIn.medium,
          // Texts go to the user's current number or username (server/texting), so that is what shows.
          address:
            optIn.medium === 'TELEGRAM' ? user.telegramUsername : optIn.medium ? user.phoneNumber : null,
          optIn: optIn.optIn,
          updatedAt: optIn.updatedAt.toISOString(),
        })),
      }
    },
  )

  app.post(
    '/api/me/sessions/end-all',
    { schema: { response: { 200: OkResponse, ...errors } } },
    async (request, reply) => {
      const user = requireUser(request)
      await endAllSessions(db, user.id)
      if (request.cookies[SESSION_COOKIE]) clearSessionCookie(request, reply)
      return { ok: true as const }
    },
  )

  app.delete(
    '/api/me',
    {
      schema: {
        body: AccountDeleteRequest,
        response: { 200: OkResponse, 409: ApiErrorBody, ...errors },
      },
    },
    async (request, reply) => {
      const user = requireUser(request)
      if (normaliseEmail(request.body.email) !== user.email) throw badRequest(DELETE_CONFIRMATION_TEXT)
      await deleteAccount(db, uploadStore, user)
      if (request.cookies[SESSION_COOKIE]) clearSessionCookie(request, reply)
      return { ok: true as const }
    },
  )
}
