import type { FastifyRequest } from 'fastify'
import { UNLIMITED_QUOTA } from '../../contract/billing'
import { VIDEO_QUOTA_EXHAUSTED, type VideoFailureReport } from '../../contract/video'
import { ownerOf } from '../auth/visitor'
import { allowanceOf, type CloneForQuota, paymentRequired } from '../billing/usage'
import { isOwner } from '../chat/conversation-store'
import type { Db } from '../db/client'
import { videoCallFailures } from '../db/schema'
import { notFound } from '../errors'
import { CALL_NOT_FOUND } from './call-access'
import { findVideoCall, type VideoCallRow } from './video-call-store'
import type { VoiceAllowance } from './voice-quota'

/** The video call, when the asker holds it; anyone else's looks missing (404), like voice calls. */
export async function requireOwnVideoCall(
  db: Db,
  request: FastifyRequest,
  callId: string,
): Promise<VideoCallRow> {
  const call = await findVideoCall(db, callId)
  if (!call || !isOwner(call, ownerOf(request))) throw notFound(CALL_NOT_FOUND)
  return call
}

/**
 * spec 2 §5 'Video start unavailable if can_make_video_call is false, or if the quota is numeric and
 * exceeded, overage is off and quota is not -1'. Creators and contributors are unlimited (allowanceOf).
 */
export async function videoAllowanceOf(
  db: Db,
  clone: CloneForQuota,
  owner: { userId: string | null; visitorId: string | null },
  instanceId: string | null,
  now: Date,
): Promise<VoiceAllowance> {
  const allowance = await allowanceOf(db, clone, owner, instanceId, now)
  const quota = allowance.quota.video_seconds
  const limit = quota === UNLIMITED_QUOTA || allowance.overage ? UNLIMITED_QUOTA : quota
  return { allowance, limit, used: allowance.used.video_seconds }
}

/** 402 with the video tooltip text when nothing is left (counting `running` seconds of the open call). */
export function requireVideoSeconds(video: Pick<VoiceAllowance, 'limit' | 'used'>, running = 0): void {
  if (video.limit !== UNLIMITED_QUOTA && video.used + running >= video.limit)
    throw paymentRequired(VIDEO_QUOTA_EXHAUSTED)
}

/** spec 2 §7 'Video failure report', kept for support with who sent it. */
export async function storeVideoFailure(
  db: Db,
  report: VideoFailureReport,
  owner: { userId: string | null; visitorId: string | null },
): Promise<void> {
  await db.insert(videoCallFailures).values({
    eventId: report.event_id,
    callId: report.callId ?? null,
    conversationId: report.conversationId ?? null,
    tavusConversationId: report.tavus_conversation_id ?? null,
    slug: report.slug,
    userId: owner.userId,
    visitorId: owner.visitorId,
    cause: report.cause,
    message: report.message,
    outcome: report.outcome,
    details: report.details ?? null,
  })
}
