import type { CallEngineErrorKind, CallEngineEvent } from '../../voice'
import type { VideoEngineErrorKind, VideoEngineEvent } from '../video-engine'

/*
 * The local voice loop's events as the video call's (video-engine.ts): lines said get their participant and
 * the time the utterance began (spec 2 §7 'Transcript update'), partial and final lines of one utterance
 * sharing it; the mic's volume is the visitor's level. 'connected' is left out: the page is the room, joined
 * when the avatar's first frame is drawn; the clone's speech shows as its level.
 */

const ERROR_KINDS: Record<CallEngineErrorKind, VideoEngineErrorKind> = {
  'microphone-denied': 'microphone-denied',
  'microphone-not-found': 'microphone-not-found',
  'microphone-busy': 'provider',
  'transcription-unavailable': 'transcription-unavailable',
  'quota-exhausted': 'quota-exhausted',
  network: 'network',
  provider: 'provider',
}

export function loopEventMapper(timestamp: () => string) {
  let userSaidAt: string | null = null
  let cloneSaidAt: string | null = null
  return (event: CallEngineEvent): VideoEngineEvent | null => {
    switch (event.type) {
      case 'user-speech-start':
        userSaidAt = timestamp()
        return event
      case 'user-speech-end':
      case 'room-deleted':
        return event
      case 'volume':
        return { type: 'user-level', level: event.level }
      case 'transcript': {
        const user = event.role === 'user'
        const at = (user ? userSaidAt : cloneSaidAt) ?? timestamp()
        if (user) {
          userSaidAt = null
          cloneSaidAt = null
        } else cloneSaidAt = event.final ? null : at
        const { text, final } = event
        return { type: 'transcript', participant: user ? 'USER' : 'CLONE', text, final, timestamp: at }
      }
      case 'error':
        return { type: 'error', error: { ...event.error, kind: ERROR_KINDS[event.error.kind] } }
      default:
        return null
    }
  }
}
