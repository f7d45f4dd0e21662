import { nextSpeaking, type SpeakingState } from './replica-speaking'
import type { VideoCallEvent } from './video-call.machine'
import type { VideoEngineEvent } from './video-engine'

/**
 * What an engine event (other than an error) means for the machine (spec 2 §4), with the speaking detector's
 * next state: the replica's levels become the clone's speech start and end.
 */
export function machineEventsOf(
  event: Exclude<VideoEngineEvent, { type: 'error' }>,
  speaking: SpeakingState,
): { events: VideoCallEvent[]; speaking: SpeakingState } {
  switch (event.type) {
    case 'joined':
      return { events: [{ type: 'JOINED' }], speaking }
    case 'replica-joined':
      return { events: [{ type: 'REPLICA_JOINED', bootMs: event.bootMs }], speaking }
    case 'replica-level': {
      const step = nextSpeaking(speaking, event.level)
      const events: VideoCallEvent[] =
        step.change === 'start'
          ? [{ type: 'CLONE_SPEECH_START' }]
          : step.change === 'stop'
            ? [{ type: 'CLONE_SPEECH_END' }]
            : []
      return { events, speaking: step.state }
    }
    case 'user-speech-start':
      return { events: [{ type: 'USER_SPEECH_START' }], speaking }
    // spec 2 §8 'Exiting meeting because room was deleted': the 1-hour limit.
    case 'room-deleted':
      return { events: [{ type: 'TIME_LIMIT' }], speaking }
    case 'recording':
      return { events: [{ type: 'RECORDING', status: event.status }], speaking }
    default:
      return { events: [], speaking }
  }
}
