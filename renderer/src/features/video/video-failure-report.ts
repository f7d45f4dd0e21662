import type { VideoFailureReport } from '../../../../contract/video'
import type { VideoCallSession, VideoCallView } from './video-call.types'

/** spec 2 §7 'Video failure report': event_id, cause, message, outcome, slug, tavus_conversation_id, details. */
export function videoFailureReport(
  session: VideoCallSession,
  view: VideoCallView,
  failure: { cause: string; message: string; outcome: string },
): VideoFailureReport {
  const call = view.call
  return {
    event_id: 'video_call_failure',
    cause: failure.cause.slice(0, 200),
    message: failure.message.slice(0, 2000),
    outcome: failure.outcome,
    slug: session.request.slug,
    tavus_conversation_id: call?.tavusConversationId ?? null,
    callId: call?.callId ?? null,
    conversationId: call?.conversationId ?? null,
    details: {
      status: view.machine.status,
      recording: view.machine.recording,
      webcam: view.machine.webcam,
      provider: call?.provider.kind ?? null,
      replicaJoined: view.machine.replicaJoined,
    },
  }
}
