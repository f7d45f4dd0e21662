import type { CallEvent, CallFailure } from './call.machine'
import type { CallEngineEvent } from './call-engine'

/** What an engine's event means to the call machine; null for events the machine does not read. */
export function machineEventOf(event: CallEngineEvent): CallEvent | null {
  switch (event.type) {
    case 'connected':
      return { type: 'CONNECTED' }
    case 'clone-speech-start':
      return { type: 'CLONE_SPEECH_START' }
    case 'clone-speech-end':
      return { type: 'CLONE_SPEECH_END' }
    case 'user-speech-start':
      return { type: 'USER_SPEECH_START' }
    case 'user-speech-end':
      return { type: 'USER_SPEECH_END' }
    case 'room-deleted':
      return { type: 'ROOM_DELETED' }
    case 'ended':
      return { type: 'STOP', reason: 'provider-ended' }
    default:
      return null
  }
}

const ENGINE_FAILURES: Partial<Record<string, CallFailure>> = {
  'microphone-denied': 'microphone-denied',
  'microphone-not-found': 'microphone-not-found',
  'transcription-unavailable': 'transcription-unavailable',
}

/** The failure screen an engine error leads to (spec 2 §2, §8); anything unnamed is the generic one. */
export const engineFailureOf = (kind: string): CallFailure => ENGINE_FAILURES[kind] ?? 'error'
