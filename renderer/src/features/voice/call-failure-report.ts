import type { VoiceFailureReport } from '../../../../contract/calls'
import type { CallSession, CallView } from './call.types'

/** spec 2 §8: what a failed call reports (the cause and message of what failed it, and the call's ids). */
export function failureReport(
  session: CallSession,
  view: CallView,
  lastFailure: { cause: string; message: string } | null,
): VoiceFailureReport {
  const call = view.call
  return {
    event_id: 'voice_call_failure',
    cause: lastFailure?.cause ?? view.machine.failure ?? 'error',
    message: (lastFailure?.message ?? 'The call failed').slice(0, 2000),
    outcome: view.machine.failure ?? 'error',
    slug: session.request.slug,
    callId: call?.callId ?? null,
    conversationId: call?.conversationId ?? null,
    instanceId: session.request.instanceId ?? null,
    userPreferredLanguage: session.request.userPreferredLanguage,
    details: call ? { startedAt: call.startedAt, provider: call.provider.kind, language: call.language } : {},
  }
}
