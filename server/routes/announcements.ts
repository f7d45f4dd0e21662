import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { ApiErrorBody } from '../../contract'
import {
  Announcement,
  AnnouncementList,
  ConversationAnnouncements,
  PostAnnouncement,
} from '../../contract/announcements'
import { OkResponse } from '../../contract/auth'
import {
  ANNOUNCEMENTS_PER_HOUR,
  conversationAnnouncements,
  deleteAnnouncement,
  listAnnouncements,
  postAnnouncement,
  postedInLastHour,
} from '../announcements/store'
import { ownerOf } from '../auth/visitor'
import { findOwnedConversation } from '../chat/conversation-store'
import type { Db } from '../db/client'
import { requireCloneTeam } from '../embeds/access'
import { notFound, rateLimited } from '../errors'

const errors = { 400: ApiErrorBody, 401: ApiErrorBody, 404: ApiErrorBody, 429: ApiErrorBody }
const SlugParams = z.object({ slug: z.string().min(1).max(100) })

export const ANNOUNCEMENT_LIMIT_TEXT = 'You have posted many announcements this hour. Please try again later.'

/**
 * Creator announcements (spec 1 §2; issue #15). The issue lets the creator and contributors post, so every
 * studio route passes requireCloneTeam's 'read' door (CREATOR or CONTRIBUTOR); anyone else gets 404, signed
 * out 401. The visitor's open chat polls its conversation's copies (GET .../conversations/:id/announcements).
 */
export const announcementRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/api/studio/:slug/announcements',
    { schema: { params: SlugParams, response: { 200: AnnouncementList, ...errors } } },
    async (request) => {
      const { clone } = await requireCloneTeam(db, request, request.params.slug, 'read')
      return { announcements: await listAnnouncements(db, clone.id) }
    },
  )

  app.post(
    '/api/studio/:slug/announcements',
    {
      schema: {
        params: SlugParams,
        body: PostAnnouncement,
        response: { 200: Announcement, ...errors },
      },
    },
    async (request) => {
      const { user, clone } = await requireCloneTeam(db, request, request.params.slug, 'read')
      const now = new Date()
      if ((await postedInLastHour(db, clone.id, now)) >= ANNOUNCEMENTS_PER_HOUR)
        throw rateLimited(ANNOUNCEMENT_LIMIT_TEXT, 3_600_000)
      return postAnnouncement(db, { cloneId: clone.id, authorId: user.id, text: request.body.text, now })
    },
  )

  app.delete(
    '/api/studio/:slug/announcements/:id',
    {
      schema: {
        params: SlugParams.extend({ id: z.string().uuid() }),
        response: { 200: OkResponse, ...errors },
      },
    },
    async (request) => {
      const { clone } = await requireCloneTeam(db, request, request.params.slug, 'read')
      if (!(await deleteAnnouncement(db, clone.id, request.params.id)))
        throw notFound('Announcement not found')
      return { ok: true as const }
    },
  )

  app.get(
    '/api/clone/talk/conversations/:id/announcements',
    {
      schema: {
        params: z.object({ id: z.string().uuid() }),
        querystring: z.object({ after: z.string().datetime({ offset: true }).optional() }),
        response: { 200: ConversationAnnouncements, 400: ApiErrorBody, 404: ApiErrorBody },
      },
    },
    async (request) => {
      const conversation = await findOwnedConversation(db, request.params.id, ownerOf(request))
      if (!conversation) throw notFound('Conversation not found')
      const after = request.query.after ? new Date(request.query.after) : null
      return { messages: await conversationAnnouncements(db, conversation.id, after) }
    },
  )
}
