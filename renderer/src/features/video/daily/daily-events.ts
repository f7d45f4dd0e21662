import type { VideoEngineErrorKind, VideoEngineEvent } from '../video-engine'

/*
 * What Daily's call object (@daily-co/daily-js 0.87, index.d.ts) and Tavus (its app messages, docs.tavus.io
 * 'Event schemas') say during a video call, as the video store's engine events. Pure: a recorded sequence
 * replays in a test. The state is what the mapping must remember: when we joined (the replica's boot time,
 * spec 2 §3 'replicaBootDuration'), who we are and who the replica is.
 */

/** The call object's events the engine listens to. */
export const DAILY_EVENT_NAMES = [
  'joined-meeting',
  'left-meeting',
  'participant-joined',
  'participant-updated',
  'participant-left',
  'track-started',
  'track-stopped',
  'remote-participants-audio-level',
  'local-audio-level',
  'app-message',
  'transcription-message',
  'recording-started',
  'recording-stopped',
  'recording-error',
  'camera-error',
  'error',
] as const
export type DailyEventName = (typeof DAILY_EVENT_NAMES)[number]

export interface DailyMappingState {
  /** When 'joined-meeting' came (ms); null before. */
  joinedAt: number | null
  localId: string | null
  /** The Tavus replica's session id: the first remote participant (Tavus puts only the replica in its room). */
  replicaId: string | null
  /** Tavus sent an utterance: its app messages are the transcript, Daily's transcription is not needed. */
  utterances: boolean
  /** Room-deleted was told once: ejection says it twice ('error', then 'left-meeting'). */
  gone: boolean
}

export const INITIAL_DAILY_STATE: DailyMappingState = {
  joinedAt: null,
  localId: null,
  replicaId: null,
  utterances: false,
  gone: false,
}

export interface DailyMapping {
  state: DailyMappingState
  events: VideoEngineEvent[]
}

type Obj = Record<string, unknown>
const obj = (v: unknown): Obj => (typeof v === 'object' && v !== null ? (v as Obj) : {})
const str = (v: unknown) => (typeof v === 'string' ? v : '')
const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : 0)
const level = (v: unknown) => Math.min(1, Math.max(0, num(v)))

/** Daily's answer: the room was deleted (Tavus's 1-hour limit, spec 2 §8), expired, or we were ejected. */
export function isRoomGone(payload: unknown): boolean {
  const outer = obj(payload)
  const inner = obj(outer.error)
  if ([outer.type, inner.type].some((t) => t === 'ejected' || t === 'no-room' || t === 'exp-room'))
    return true
  const texts = [outer.errorMsg, outer.msg, outer.message, inner.msg, inner.message].map(str).join(' ')
  return /room was deleted|meeting has ended|ejected/i.test(texts)
}

/**
 * A camera error (Daily's camera-error 'error': type, blockedMedia / missingMedia) as the screen's kinds:
 * the microphone first, since a call without it cannot go on; the camera is only the visitor's picture.
 */
export function cameraErrorKind(error: Obj): VideoEngineErrorKind {
  const type = str(error.type)
  const media = [error.blockedMedia, error.missingMedia, error.failedMedia].find(Array.isArray) as
    | unknown[]
    | undefined
  const audio = !media || media.includes('audio')
  if (type === 'permissions') return audio ? 'microphone-denied' : 'camera-denied'
  if (type === 'not-found') return audio ? 'microphone-not-found' : 'camera-not-found'
  if (type === 'cam-in-use') return 'camera-not-found'
  return 'provider'
}

/** Daily lets this participant start cloud recording ('streaming') or transcription ('transcription'). */
export function mayAdmin(participant: unknown, what: 'streaming' | 'transcription'): boolean {
  const p = obj(participant)
  if (p.owner === true) return true
  const canAdmin = obj(p.permissions).canAdmin
  if (canAdmin === true) return true
  return canAdmin instanceof Set ? canAdmin.has(what) : Array.isArray(canAdmin) && canAdmin.includes(what)
}

const iso = (at: number) => new Date(at).toISOString()

/** Whoever is not us is the replica; the first one seen is it (its boot time counts from our join). */
function seeRemote(state: DailyMappingState, participant: unknown, at: number): DailyMapping {
  const p = obj(participant)
  const id = str(p.session_id)
  if (!id || p.local === true || id === state.localId || state.replicaId) return { state, events: [] }
  const bootMs = state.joinedAt === null ? 0 : Math.max(0, at - state.joinedAt)
  return { state: { ...state, replicaId: id }, events: [{ type: 'replica-joined', bootMs }] }
}

/** Tavus's Interactions Protocol: utterances (role 'user' or 'replica', properties.speech) and speaking. */
function appMessage(state: DailyMappingState, data: unknown, at: number): DailyMapping {
  const message = obj(data)
  const properties = obj(message.properties)
  switch (str(message.event_type)) {
    case 'conversation.utterance': {
      const text = str(properties.speech).trim()
      const role = str(properties.role)
      if (!text || (role !== 'user' && role !== 'replica')) return { state, events: [] }
      const participant = role === 'user' ? 'USER' : 'CLONE'
      return {
        state: { ...state, utterances: true },
        events: [{ type: 'transcript', participant, text, final: true, timestamp: iso(at) }],
      }
    }
    case 'conversation.user.started_speaking':
      return { state, events: [{ type: 'user-speech-start' }] }
    case 'conversation.user.stopped_speaking':
      return { state, events: [{ type: 'user-speech-end' }] }
    default:
      return { state, events: [] }
  }
}

/**
 * Daily's own transcription (started with the call's settings, spec 2 §7): the transcript only while Tavus
 * has sent no utterance, else every sentence would be posted twice.
 */
function transcriptionMessage(state: DailyMappingState, payload: Obj, at: number): DailyMapping {
  const text = str(payload.text).trim()
  const from = str(payload.participantId)
  if (state.utterances || !text || !from) return { state, events: [] }
  const participant = from === state.replicaId ? 'CLONE' : from === state.localId ? 'USER' : null
  if (!participant) return { state, events: [] }
  const final = obj(payload.rawResponse).is_final !== false
  const timestamp = payload.timestamp instanceof Date ? payload.timestamp.toISOString() : iso(at)
  return { state, events: [{ type: 'transcript', participant, text, final, timestamp }] }
}

const roomDeleted = (state: DailyMappingState): DailyMapping =>
  state.gone ? { state, events: [] } : { state: { ...state, gone: true }, events: [{ type: 'room-deleted' }] }

/** One call-object event at time `at` (ms) as engine events, with the state to keep. */
export function mapDailyEvent(
  state: DailyMappingState,
  name: string,
  payload: unknown,
  at: number,
): DailyMapping {
  const event = obj(payload)
  const none = { state, events: [] }
  switch (name) {
    case 'joined-meeting': {
      const participants = obj(event.participants)
      const joined = { ...state, joinedAt: at, localId: str(obj(participants.local).session_id) || null }
      let mapping: DailyMapping = { state: joined, events: [{ type: 'joined' }] }
      // Tavus's replica usually waits in the room before we come (docs.tavus.io 'Conversation').
      for (const [key, p] of Object.entries(participants)) {
        if (key === 'local') continue
        const seen = seeRemote(mapping.state, p, at)
        mapping = { state: seen.state, events: [...mapping.events, ...seen.events] }
      }
      return mapping
    }
    case 'participant-joined':
    case 'participant-updated':
      return seeRemote(state, event.participant, at)
    case 'track-started':
      return seeRemote(state, event.participant, at)
    case 'remote-participants-audio-level': {
      if (!state.replicaId) return none
      const levels = obj(event.participantsAudioLevel)
      return { state, events: [{ type: 'replica-level', level: level(levels[state.replicaId]) }] }
    }
    case 'local-audio-level':
      return { state, events: [{ type: 'user-level', level: level(event.audioLevel) }] }
    case 'app-message':
      return appMessage(state, event.data, at)
    case 'transcription-message':
      return transcriptionMessage(state, event, at)
    case 'recording-started':
      return { state, events: [{ type: 'recording', status: 'Pending' }] }
    case 'recording-stopped':
      return { state, events: [{ type: 'recording', status: 'Finished' }] }
    case 'recording-error':
      return { state, events: [{ type: 'recording', status: 'Failed' }] }
    case 'camera-error': {
      const error = obj(event.error)
      const kind = cameraErrorKind(error)
      const message = str(error.msg) || str(obj(event.errorMsg).errorMsg) || kind
      return { state, events: [{ type: 'error', error: { kind, message, cause: payload } }] }
    }
    case 'error': {
      // Only a room lost during the call is its 1-hour end; a room already gone at join is a failed start.
      if (isRoomGone(payload) && state.joinedAt !== null) return roomDeleted(state)
      const message = str(event.errorMsg) || str(obj(event.error).msg) || 'Daily call error'
      return { state, events: [{ type: 'error', error: { kind: 'provider', message, cause: payload } }] }
    }
    // Our own leave is never heard (the engine stops listening first): any other is the room going away.
    case 'left-meeting':
      return roomDeleted(state)
    default:
      return none
  }
}
