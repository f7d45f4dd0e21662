import { and, eq, isNull } from 'drizzle-orm'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { ApiErrorBody, ShareId } from '../../contract'
import { AttachRecordingRequest, AttachRecordingResponse, SharedVideoCall } from '../../contract/video'
import { ownerOf } from '../auth/visitor'
import { subjectOf } from '../billing/usage'
import { requireOwnVideoCall } from '../calls/call-access'
import { callSources } from '../calls/call-bundle'
import { findVideoCallByConversation, type VideoCallRow } from '../calls/video-call-store'
import { findSharedConversation, toSharedConversation } from '../chat/sharing'
import type { Db } from '../db/client'
import { clones, conversations, uploads, videoCalls } from '../db/schema'
import { badRequest, notFound } from '../errors'
import { isRecordingType } from '../uploads/file-types'
import { fileCsp, sendUploadedFile } from '../uploads/serve'
import type { UploadStore } from '../uploads/store'

export interface VideoRecordingRoutesOptions {
  db: Db
  uploadStore: UploadStore
}

export const RECORDING_NOT_FOUND = 'Recording not found'
export const NOT_A_RECORDING = 'This upload is not a finished recording of yours'
const NOT_SHARED = 'Shared call not found'

/** Where the owner plays a call's recording (stored as the call's and its conversation's recordingUrl). */
export const ownRecordingUrl = (callId: string) => `/api/calls/video/${callId}/recording`
/** Where a shared call's recording plays: dead the moment the conversation is unshared. */
export const sharedRecordingUrl = (shareId: string) =>
  `/api/calls/video/shared/${encodeURIComponent(shareId)}/recording`

/**
 * A video call's recording (spec 2 §2 shared video page: player and download) and the shared video page.
 * The browser records the call and uploads it with the presigned multipart uploads (bucket 'recording');
 * the recording is then read only here: by the call's owner, or by anyone holding the conversation's share
 * link while it is shared. Its upload's own address answers 404 (server/uploads/uploads.ts findCompleteFile).
 */
export const videoRecordingRoutes: FastifyPluginAsyncZod<VideoRecordingRoutesOptions> = async (
  app,
  { db, uploadStore },
) => {
  app.post(
    '/api/calls/video/:callId/recording',
    {
      schema: {
        params: z.object({ callId: z.uuid() }),
        body: AttachRecordingRequest,
        response: { 200: AttachRecordingResponse },
      },
    },
    async (request) => {
      const call = await requireOwnVideoCall(db, request, request.params.callId)
      const [upload] = await db.select().from(uploads).where(eq(uploads.id, request.body.uploadId)).limit(1)
      // Only the asker's own finished recording: another's upload id is as good as none.
      const mine = upload && upload.owner === subjectOf(ownerOf(request))
      if (!mine || upload.status !== 'complete' || !isRecordingType(upload.contentType))
        throw badRequest(NOT_A_RECORDING)
      const recordingUrl = ownRecordingUrl(call.id)
      await db.transaction(async (tx) => {
        await tx
          .update(videoCalls)
          .set({ recordingUploadId: upload.id, recordingUrl })
          .where(eq(videoCalls.id, call.id))
        await tx.update(conversations).set({ recordingUrl }).where(eq(conversations.id, call.conversationId))
        // Attached: the upload sweeper keeps it (server/uploads/sweeper.ts).
        await tx
          .update(uploads)
          .set({ attachedAt: new Date() })
          .where(and(eq(uploads.id, upload.id), isNull(uploads.attachedAt)))
      })
      return { recordingUrl }
    },
  )

  const recordingOf = async (call: VideoCallRow | undefined) => {
    if (!call?.recordingUploadId) return undefined
    const [upload] = await db.select().from(uploads).where(eq(uploads.id, call.recordingUploadId)).limit(1)
    return upload?.status === 'complete' ? upload : undefined
  }

  app.get(
    '/api/calls/video/:callId/recording',
    { schema: { params: z.object({ callId: z.uuid() }) }, onSend: fileCsp },
    async (request, reply) => {
      const upload = await recordingOf(await requireOwnVideoCall(db, request, request.params.callId))
      if (!upload) throw notFound(RECORDING_NOT_FOUND)
      return sendUploadedFile(reply, uploadStore, upload, 'private, no-store', request.headers.range)
    },
  )

  /** A shared conversation of medium VIDEO and its call, unless unshared or archived. */
  const findSharedCall = async (shareId: string) => {
    if (!ShareId.safeParse(shareId).success) return undefined
    const shared = await findSharedConversation(db, shareId)
    if (shared?.conversation.medium !== 'VIDEO') return undefined
    return { shared, call: await findVideoCallByConversation(db, shared.conversation.id) }
  }

  // Public, read-only (spec 2 §6 'Shared view visitors are read-only'): anyone with the link, no cookie.
  app.get(
    '/api/calls/video/shared/:shareId',
    {
      schema: {
        params: z.object({ shareId: z.string().max(64) }),
        response: { 200: SharedVideoCall, 404: ApiErrorBody },
      },
    },
    async (request, reply) => {
      const found = await findSharedCall(request.params.shareId)
      if (!found) throw notFound(NOT_SHARED)
      const { shared, call } = found
      const [clone] = await db
        .select({ name: clones.name })
        .from(clones)
        .where(eq(clones.id, shared.conversation.cloneId))
      const [view, sources] = await Promise.all([
        toSharedConversation(db, shared),
        callSources(db, shared.conversation.id, 'shared'),
      ])
      reply.header('cache-control', 'private, no-store')
      return {
        shareId: view.shareId,
        clone: { slug: shared.slug, instanceSlug: shared.instanceSlug, name: clone!.name },
        startedAt: (call?.startedAt ?? shared.conversation.createdAt).toISOString(),
        durationSeconds: call?.durationSeconds ?? null,
        recordingUrl: call?.recordingUploadId ? sharedRecordingUrl(view.shareId) : null,
        messages: view.messages,
        ...sources,
      }
    },
  )

  app.get(
    '/api/calls/video/shared/:shareId/recording',
    { schema: { params: z.object({ shareId: z.string().max(64) }) }, onSend: fileCsp },
    async (request, reply) => {
      const found = await findSharedCall(request.params.shareId)
      const upload = await recordingOf(found?.call)
      if (!upload) throw notFound(RECORDING_NOT_FOUND)
      return sendUploadedFile(reply, uploadStore, upload, 'private, no-store', request.headers.range)
    },
  )
}
