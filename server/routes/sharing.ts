import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import {
  ApiErrorBody,
  ContinueSharedRequest,
  ContinueSharedResponse,
  MAX_DRAFT_FILES,
  ShareConversationResponse,
  SharedConversation,
  ShareId,
  UnshareConversationResponse,
} from '../../contract'
import { ensureVisitor, ownerOf } from '../auth/visitor'
import { findOwnedConversation, isOwner } from '../chat/conversation-store'
import {
  continueSharedConversation,
  conversationPlace,
  findSharedConversation,
  findSharedFile,
  shareConversation,
  sharedConversationUrl,
  toSharedConversation,
  unshareConversation,
} from '../chat/sharing'
import type { Db } from '../db/client'
import { notFound } from '../errors'
import { fileCsp, sendUploadedFile } from '../uploads/serve'
import type { UploadStore } from '../uploads/store'

export interface SharingRoutesOptions {
  db: Db
  /** The public origin share links are built on (config PUBLIC_URL). */
  publicUrl: string
  /** Where the shared messages' attached files are read from. */
  uploadStore: UploadStore
}

const NOT_SHARED = 'Shared conversation not found'
export const SHARED_FILE_NOT_FOUND = 'File not found'

/** spec 1 §7 shareConversation, unshareConversation, the shared view and 'Continue shared conversation'. */
export const sharingRoutes: FastifyPluginAsyncZod<SharingRoutesOptions> = async (
  app,
  { db, publicUrl, uploadStore },
) => {
  const findShared = async (shareId: string) =>
    ShareId.safeParse(shareId).success ? findSharedConversation(db, shareId) : undefined

  app.post(
    '/api/clone/talk/conversations/:id/share',
    {
      schema: {
        params: z.object({ id: z.uuid() }),
        response: { 200: ShareConversationResponse, 404: ApiErrorBody },
      },
    },
    async (request) => {
      const owned = await findOwnedConversation(db, request.params.id, ownerOf(request))
      if (!owned || owned.hidden) throw notFound('Conversation not found')
      const shareId = await shareConversation(db, owned)
      const place = await conversationPlace(db, owned)
      return {
        shared: {
          id: shareId,
          url: sharedConversationUrl(publicUrl, place.slug, place.instanceSlug, shareId, owned.medium),
        },
      }
    },
  )

  app.post(
    '/api/clone/talk/conversations/:id/unshare',
    {
      schema: {
        params: z.object({ id: z.uuid() }),
        response: { 200: UnshareConversationResponse, 404: ApiErrorBody },
      },
    },
    async (request) => {
      const owned = await findOwnedConversation(db, request.params.id, ownerOf(request))
      if (!owned) throw notFound('Conversation not found')
      await unshareConversation(db, owned.id)
      return { id: owned.id, shareId: null }
    },
  )

  // spec 1 §7 'unshareConversation by shareId'.
  app.delete(
    '/api/clone/talk/shares/:shareId',
    {
      schema: {
        params: z.object({ shareId: ShareId }),
        response: { 200: UnshareConversationResponse, 404: ApiErrorBody },
      },
    },
    async (request) => {
      const shared = await findSharedConversation(db, request.params.shareId)
      if (!shared || !isOwner(shared.conversation, ownerOf(request))) throw notFound(NOT_SHARED)
      await unshareConversation(db, shared.conversation.id)
      return { id: shared.conversation.id, shareId: null }
    },
  )

  // Public: anyone with the link reads it, no cookie needed (spec 1 §6 'Shared view: read-only').
  app.get(
    '/api/clone/talk/shared/:shareId',
    {
      schema: {
        params: z.object({ shareId: z.string().max(64) }),
        response: { 200: SharedConversation, 404: ApiErrorBody },
      },
    },
    async (request, reply) => {
      const shared = await findShared(request.params.shareId)
      if (!shared) throw notFound(NOT_SHARED)
      // An unshared link must die at once: no shared cache may keep it.
      reply.header('cache-control', 'private, no-store')
      return toSharedConversation(db, shared)
    },
  )

  // A file of a shared message, for as long as the conversation is shared (chat/sharing.ts sharedFileUrl).
  app.get(
    '/api/clone/talk/shared/:shareId/files/:messageId/:index/:fileName',
    {
      schema: {
        params: z.object({
          shareId: z.string().max(64),
          messageId: z.uuid(),
          index: z.coerce
            .number()
            .int()
            .min(0)
            .max(MAX_DRAFT_FILES - 1),
          fileName: z.string().max(1000),
        }),
      },
      onSend: fileCsp,
    },
    async (request, reply) => {
      const { shareId, ...file } = request.params
      const shared = await findShared(shareId)
      const upload = shared
        ? await findSharedFile(db, shared.conversation.id, file, new URL(publicUrl).origin)
        : undefined
      if (!upload) throw notFound(SHARED_FILE_NOT_FOUND)
      return sendUploadedFile(reply, uploadStore, upload, 'private, no-store', request.headers.range)
    },
  )

  app.post(
    '/api/clone/talk/shared/:shareId/continue',
    {
      schema: {
        params: z.object({ shareId: z.string().max(64) }),
        body: ContinueSharedRequest,
        response: { 200: ContinueSharedResponse, 404: ApiErrorBody },
      },
    },
    async (request, reply) => {
      const shared = await findShared(request.params.shareId)
      if (!shared || shared.slug !== request.body.slug) throw notFound(NOT_SHARED)
      const visitorId = ensureVisitor(request, reply)
      const conversationId = await continueSharedConversation(db, shared.conversation, {
        visitorId,
        userId: ownerOf(request).userId,
      })
      return { conversationId }
    },
  )
}
