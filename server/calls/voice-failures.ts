import type { VoiceFailureReport } from '../../contract/calls'
import type { Db } from '../db/client'
import { voiceCallFailures } from '../db/schema'

/** spec 2 §7 'Voice failure report' (captureVoiceFailure): kept for support with who sent it. */
export interface FailureToStore {
  report: VoiceFailureReport
  userId: string | null
  visitorId: string | null
}

export async function storeVoiceFailure(
  db: Db,
  { report, userId, visitorId }: FailureToStore,
): Promise<void> {
  await db.insert(voiceCallFailures).values({
    callId: report.callId ?? null,
    conversationId: report.conversationId ?? null,
    slug: report.slug,
    instanceId: report.instanceId ?? null,
    userId,
    visitorId,
    cause: report.cause,
    message: report.message,
    outcome: report.outcome,
    language: report.userPreferredLanguage ?? null,
    details: report.details ?? null,
  })
}
