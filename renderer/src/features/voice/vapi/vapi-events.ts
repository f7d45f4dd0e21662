import type { CallEngineErrorKind, CallEngineEvent } from '../call-engine'

/*
 * What the Vapi web SDK (@vapi-ai/web 2.7) emits, as the call store's engine events. Pure, so a recorded
 * event sequence can be replayed in a test. Sources: the SDK's vapi.d.ts and vapi.js ('error' carries
 * { type, stage?, error } with Daily's fatal error inside for 'daily-error'; 'camera-error' carries Daily's
 * camera error, whose type 'permissions' means the microphone was refused).
 */

/** The SDK events the engine listens to. */
export const VAPI_EVENT_NAMES = [
  'call-start',
  'call-end',
  'speech-start',
  'speech-end',
  'volume-level',
  'message',
  'error',
  'camera-error',
] as const
export type VapiEventName = (typeof VAPI_EVENT_NAMES)[number]

/** Errors the SDK itself calls non-critical: the call goes on without noise cancellation or the level meter. */
const NON_FATAL_ERROR_TYPES = new Set([
  'audio-processing-setup-error',
  'audio-observer-setup-error',
  'video-recording-setup-error',
  'local-audio-level-observer-error',
])

type Obj = Record<string, unknown>
const obj = (v: unknown): Obj => (typeof v === 'object' && v !== null ? (v as Obj) : {})
const str = (v: unknown) => (typeof v === 'string' ? v : '')

/**
 * Daily's room is gone (spec 2 §8 'Room deleted during a voice call'): it ejects the participant with
 * 'Meeting has ended' (type 'ejected'), or says the room was deleted, or has expired.
 */
function isRoomGone(error: Obj): boolean {
  const inner = obj(error.error)
  const types = [str(error.type), str(inner.type)]
  if (types.some((t) => t === 'ejected' || t === 'no-room' || t === 'exp-room')) return true
  const texts = [error.errorMsg, error.msg, error.message, inner.msg, inner.message].map(str).join(' ')
  return /meeting has ended|room was deleted|ejected/i.test(texts)
}

/** A refused, missing or busy microphone, from Daily's camera error or the browser's DOMException name. */
function microphoneKind(error: Obj): CallEngineErrorKind | null {
  const type = str(error.type)
  const name = str(error.name)
  const texts = [error.message, error.msg, error.errorMsg].map(str).join(' ')
  if (type === 'permissions' || name === 'NotAllowedError' || /permission denied|not allowed/i.test(texts))
    return 'microphone-denied'
  if (type === 'not-found' || name === 'NotFoundError') return 'microphone-not-found'
  if (type === 'mic-in-use' || type === 'cam-mic-in-use' || name === 'NotReadableError')
    return 'microphone-busy'
  return null
}

function errorEvent(payload: unknown): CallEngineEvent | null {
  const outer = obj(payload)
  if (NON_FATAL_ERROR_TYPES.has(str(outer.type))) return null
  // The assistant's audio element's play() was refused, 'usually autoplay policy' (the SDK's own words):
  // the call goes on, and the screen offers the manual-playback button (spec 2 §2).
  if (str(outer.type) === 'audio-start-failed') return { type: 'playback-blocked' }
  const error = obj(outer.error ?? payload)
  const inner = obj(error.error)
  if (isRoomGone(outer) || isRoomGone(error)) return { type: 'room-deleted' }
  const kind = microphoneKind(error) ?? microphoneKind(inner) ?? 'provider'
  const message =
    [error.errorMsg, error.message, inner.msg, outer.type].map(str).find(Boolean) ?? 'Vapi call error'
  return { type: 'error', error: { kind, message, cause: payload } }
}

function messageEvent(payload: unknown): CallEngineEvent | null {
  const message = obj(payload)
  const role = str(message.role)
  if (message.type === 'transcript' && (role === 'user' || role === 'assistant')) {
    const text = str(message.transcript)
    if (!text) return null
    // spec 2 §3: PARTIAL while spoken, FINAL once (the SDK sends them lower-case).
    return { type: 'transcript', role, text, final: str(message.transcriptType).toLowerCase() === 'final' }
  }
  if (message.type === 'speech-update' && role === 'user') {
    if (message.status === 'started') return { type: 'user-speech-start' }
    if (message.status === 'stopped') return { type: 'user-speech-end' }
  }
  return null
}

/** One SDK event as an engine event, or null when the call store need not know. */
export function mapVapiEvent(name: string, payload?: unknown): CallEngineEvent | null {
  switch (name) {
    case 'call-start':
      return { type: 'connected' }
    case 'call-end':
      return { type: 'ended' }
    // The SDK's speech events are the assistant's voice (remote audio level over 0.01, 1 s to stop).
    case 'speech-start':
      return { type: 'clone-speech-start' }
    case 'speech-end':
      return { type: 'clone-speech-end' }
    case 'volume-level':
      return typeof payload === 'number' && Number.isFinite(payload)
        ? { type: 'volume', level: Math.min(1, Math.max(0, payload)) }
        : null
    case 'message':
      return messageEvent(payload)
    case 'error':
      return errorEvent(payload)
    case 'camera-error': {
      // A voice call asks for no camera: only the microphone's part of a camera error matters.
      const error = obj(obj(payload).error)
      const media = error.blockedMedia ?? error.missingMedia
      if (Array.isArray(media) && !media.includes('audio')) return null
      const kind = microphoneKind(error)
      return kind ? { type: 'error', error: { kind, message: str(error.msg) || kind, cause: payload } } : null
    }
    default:
      return null
  }
}
