import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { ApiErrorBody, normaliseEmail, subaddressError } from '../../contract'
import { OkResponse } from '../../contract/auth'
import {
  AcceptedInvitation,
  InvitationView,
  InviteRequest,
  PendingInvite,
  StudioTeam,
} from '../../contract/studio-run'
import { internalEmailDomains } from '../auth/auth-settings'
import { requireUser } from '../auth/identity'
import type { Config } from '../config'
import type { Db } from '../db/client'
import { requireCloneTeam } from '../embeds/access'
import { AppError, badRequest } from '../errors'
import { requestLanguage } from '../i18n'
import { contributorInviteMail, inviteLink } from '../mail/invite-mail'
import type { Mailer } from '../mail/mailer'
import {
  acceptInvitation,
  inviteToTeam,
  loadTeam,
  removeContributor,
  revokeInvite,
  viewInvitation,
} from '../studio/team'

export interface StudioTeamRoutesOptions {
  db: Db
  config: Pick<Config, 'PUBLIC_URL' | 'INTERNAL_EMAIL_DOMAINS'>
  mailer: Mailer
}

export const INVITE_MAIL_FAILED_TEXT = 'Could not send the invitation e-mail. Please try again.'

const errors = {
  400: ApiErrorBody,
  401: ApiErrorBody,
  403: ApiErrorBody,
  404: ApiErrorBody,
  409: ApiErrorBody,
  410: ApiErrorBody,
  429: ApiErrorBody,
}
const SlugParams = z.object({ slug: z.string().min(1).max(100) })
// Tokens are 64 hex characters (server/studio/team.ts); anything else cannot name an invitation.
const TokenParams = z.object({ token: z.string().min(1).max(200) })

/**
 * The studio's team page (issue #16 'Run it'): the creator, the contributors and the pending invitations.
 * The CREATOR invites by e-mail, revokes, removes; a CONTRIBUTOR reads; anyone else 404, signed out 401.
 * The invitee's two routes need only a signed-in user holding the link.
 */
export const studioTeamRoutes: FastifyPluginAsyncZod<StudioTeamRoutesOptions> = async (
  app,
  { db, config, mailer },
) => {
  const internalDomains = internalEmailDomains(config)

  app.get(
    '/api/studio/:slug/team',
    { schema: { params: SlugParams, response: { 200: StudioTeam, ...errors } } },
    async (request) => {
      const { clone } = await requireCloneTeam(db, request, request.params.slug, 'read')
      return loadTeam(db, clone.id)
    },
  )

  app.post(
    '/api/studio/:slug/invites',
    { schema: { params: SlugParams, body: InviteRequest, response: { 201: PendingInvite, ...errors } } },
    async (request, reply) => {
      const { user, clone } = await requireCloneTeam(db, request, request.params.slug, 'write')
      const email = normaliseEmail(request.body.email)
      // Such an address could never sign in to accept (spec 1 §5).
      const subaddress = subaddressError(email, internalDomains)
      if (subaddress) throw badRequest(subaddress)
      const { invite, token } = await inviteToTeam(db, { cloneId: clone.id, email, invitedBy: user.id })
      const mail = contributorInviteMail({
        to: email,
        cloneName: clone.name,
        inviter: user.name?.trim() || user.email,
        link: inviteLink(config.PUBLIC_URL, token),
        language: requestLanguage(request.headers),
      })
      try {
        await mailer.send(mail)
      } catch (error) {
        request.log.error({ err: error }, 'invitation mail failed')
        throw new AppError(503, 'unavailable', INVITE_MAIL_FAILED_TEXT)
      }
      return reply.code(201).send(invite)
    },
  )

  app.delete(
    '/api/studio/:slug/invites/:id',
    {
      schema: {
        params: SlugParams.extend({ id: z.string().uuid() }),
        response: { 200: OkResponse, ...errors },
      },
    },
    async (request) => {
      const { clone } = await requireCloneTeam(db, request, request.params.slug, 'write')
      await revokeInvite(db, clone.id, request.params.id)
      return { ok: true as const }
    },
  )

  app.delete(
    '/api/studio/:slug/contributors/:userId',
    {
      schema: {
        params: SlugParams.extend({ userId: z.string().uuid() }),
        response: { 200: OkResponse, ...errors },
      },
    },
    async (request) => {
      const { clone } = await requireCloneTeam(db, request, request.params.slug, 'write')
      await removeContributor(db, clone.id, request.params.userId)
      return { ok: true as const }
    },
  )

  app.get(
    '/api/studio/invites/:token',
    { schema: { params: TokenParams, response: { 200: InvitationView, ...errors } } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store')
      return viewInvitation(db, request.params.token)
    },
  )

  app.post(
    '/api/studio/invites/:token/accept',
    { schema: { params: TokenParams, response: { 200: AcceptedInvitation, ...errors } } },
    async (request) => {
      const user = requireUser(request)
      return acceptInvitation(db, request.params.token, user)
    },
  )
}
