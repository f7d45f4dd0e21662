import type { VideoFailureReport } from '../../contract/video'
import type { Db } from '../db/client'
import { videoCallFailures } from '../db/schema'

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
