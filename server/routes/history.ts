import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import {
  ApiErrorBody,
  ConversationHistoryPage,
  ConversationHistoryQuery,
  ConversationListItem,
  MessageSavedRequest,
  MessageSavedResponse,
  UpdateConversationRequest,
} from '../../contract'
import { requireUser } from '../auth/identity'
import { ownerOf } from '../auth/visitor'
import { findOwnedConversation } from '../chat/conversation-store'
import { listConversationHistory, setMessageSaved, toListItem, updateConversation } from '../chat/history'
import { conversationPlace } from '../chat/sharing'
import { requireClone, requireInstance } from '../clones/queries'
import type { Db } from '../db/client'
import { notFound } from '../errors'

export interface HistoryRoutesOptions {
  db: Db
  /** The public origin share links are built on (config PUBLIC_URL). */
  publicUrl: string
}

/** spec 1 §2 'History', §7 fetchConversationHistory, updateConversationTitle, toggleMessageSave. */
export const historyRoutes: FastifyPluginAsyncZod<HistoryRoutesOptions> = async (app, { db, publicUrl }) => {
  // spec 1 §6: chat history is enabled only for signed-in users.
  app.get(
    '/api/clone/talk/conversations',
    {
      schema: {
        querystring: ConversationHistoryQuery,
        response: { 200: ConversationHistoryPage, 401: ApiErrorBody, 404: ApiErrorBody },
      },
    },
    async (request) => {
      const user = requireUser(request)
      const { slug, instanceSlug, cursor, limit } = request.query
      const clone = await requireClone(db, slug)
      const instance = instanceSlug ? await requireInstance(db, clone.id, instanceSlug) : null
      const owner = { ...ownerOf(request), userId: user.id }
      const page = await listConversationHistory(db, {
        cloneId: clone.id,
        instanceId: instance?.id ?? null,
        owner,
        cursor,
        limit,
      })
      const place = { publicUrl, slug: clone.slug, instanceSlug: instance?.slug ?? null }
      return {
        conversations: page.rows.map((row) => toListItem(row, place)),
        nextCursor: page.nextCursor,
      }
    },
  )

  // Rename and archive: the owner only; anyone else is told it does not exist (404, never 403).
  app.patch(
    '/api/clone/talk/conversations/:id',
    {
      schema: {
        params: z.object({ id: z.uuid() }),
        body: UpdateConversationRequest,
        response: { 200: ConversationListItem, 404: ApiErrorBody },
      },
    },
    async (request) => {
      const owned = await findOwnedConversation(db, request.params.id, ownerOf(request))
      if (!owned) throw notFound('Conversation not found')
      const row = await updateConversation(db, owned.id, request.body)
      return toListItem(row, { publicUrl, ...(await conversationPlace(db, row)) })
    },
  )

  app.patch(
    '/api/clone/talk/messages/:id/saved',
    {
      schema: {
        params: z.object({ id: z.uuid() }),
        body: MessageSavedRequest,
        response: { 200: MessageSavedResponse, 404: ApiErrorBody },
      },
    },
    async (request) => {
      const saved = await setMessageSaved(db, request.params.id, ownerOf(request), request.body.saved)
      if (!saved) throw notFound('Message not found')
      return saved
    },
  )
}
