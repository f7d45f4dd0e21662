import type { VideoCallEndReason } from '../../../../contract/video'
import type { VideoCallDependencies, VideoCallView } from './video-call.types'

/**
 * The call's reports to the server (spec 2 §4 'End', §7): the end report with its durations, the share of
 * the conversation, the heartbeat. Best effort: an answer for a call no longer shown is dropped.
 */
export function createVideoServerSync(
  view: VideoCallView,
  deps: () => VideoCallDependencies,
  onServerEnded: () => void,
) {
  return {
    /** spec 2 §7 'End-of-video-call report': durationSeconds and replicaBootDuration (seconds). */
    end(reason: VideoCallEndReason) {
      const call = view.call
      if (!call) return
      const joinedAt = view.joinedAt
      const now = deps().now()
      const boot = view.machine.replicaBootMs
      deps()
        .endVideoCall(call.callId, {
          reason,
          durationSeconds: joinedAt === null ? 0 : Math.max(0, Math.round((now - joinedAt) / 1000)),
          replicaBootDuration: boot === null ? null : boot / 1000,
          tavusConversationId: call.tavusConversationId,
        })
        .then((progress) => {
          if (view.call?.callId === call.callId) view.remainingSeconds = progress.remainingSeconds
        })
        .catch(() => undefined)
    },
    /** spec 2 §4: a share is created for the conversation (the shared video page's link). */
    share() {
      const conversationId = view.call?.conversationId
      if (!conversationId) return
      deps()
        .shareConversation(conversationId)
        .then(({ shareId }) => {
          if (view.call?.conversationId === conversationId) view.shareId = shareId
        })
        .catch(() => undefined)
    },
    /** The heartbeat for both providers: the server's count of the call and the seconds left. */
    heartbeat() {
      const call = view.call
      if (!call) return
      deps()
        .sendVideoHeartbeat(call.callId)
        .then((progress) => {
          if (view.call?.callId !== call.callId) return
          view.remainingSeconds = progress.remainingSeconds
          if (progress.ended) onServerEnded()
        })
        .catch(() => undefined)
    },
  }
}
