import type { StartVoiceCallResponse, VoiceCapabilities } from '../../../../contract/calls'

/*
 * What holds a voice call's audio: the local call (embedded default: mic, speech detection, transcription,
 * clone brain, TTS, all driven from the browser) or Vapi. The call store (call.machine.ts) knows nothing of
 * either: it starts an engine for the call the server opened and reacts to these events.
 */

export type CallEngineEvent =
  /** Audio flows both ways: the call is ACTIVE (spec 2 §4 'ACTIVE when connected'). */
  | { type: 'connected' }
  /** The clone's voice starts or stops playing (clone status speaking / listening). */
  | { type: 'clone-speech-start' }
  | { type: 'clone-speech-end' }
  /** The visitor starts or stops speaking (clone status listening / thinking). */
  | { type: 'user-speech-start' }
  | { type: 'user-speech-end' }
  /** spec 2 §3 'Call stream messages': PARTIAL while spoken, FINAL once. */
  | { type: 'transcript'; role: 'user' | 'assistant'; text: string; final: boolean }
  /** The visitor's input level, 0..1 (for the indicator). */
  | { type: 'volume'; level: number }
  /** spec 2 §8: the room was deleted: 'Call ended due to inactivity'. */
  | { type: 'room-deleted' }
  /** The provider ended the call (its own time-out, the assistant's end-call function). */
  | { type: 'ended' }
  /** spec 2 §2 'manual playback': the browser holds the clone's voice until the visitor clicks. */
  | { type: 'playback-blocked' }
  | { type: 'playback-resumed' }
  | { type: 'error'; error: CallEngineError }

export type CallEngineErrorKind =
  | 'microphone-denied'
  | 'microphone-not-found'
  | 'microphone-busy'
  /** No transcription endpoint on the server and no speech recognition in this browser. */
  | 'transcription-unavailable'
  /** The server refused a turn: the voice quota is used up (402). */
  | 'quota-exhausted'
  | 'network'
  | 'provider'

export interface CallEngineError {
  kind: CallEngineErrorKind
  /** For the failure report, not for the visitor (the call screen has the spec's texts). */
  message: string
  cause?: unknown
}

export interface CallEngine {
  /** Opens the mic and starts the call; emits 'connected' once audio flows, or an 'error'. */
  start(): Promise<void>
  /** spec 2 §2 mic toggle: muted stops sending speech without pausing the call. */
  setMuted(muted: boolean): void
  /** Ends the call and releases the mic and audio; safe to call twice. */
  stop(): Promise<void>
  /** spec 2 §2 settings: a microphone picked during the call (where the engine can switch). */
  setMicrophone?(deviceId: string): Promise<void>
  /** A speaker picked during the call (where the browser has setSinkId). */
  setSpeaker?(deviceId: string): Promise<void>
  /** The visitor's click on the manual-playback overlay: starts the held audio. */
  resumePlayback?(): Promise<void>
}

export interface CallEngineContext {
  /** The call as the server opened it (POST /api/calls/voice). */
  call: StartVoiceCallResponse
  cloneSlug: string
  /** The call's language code (contract/languages.ts). */
  language: string
  capabilities: VoiceCapabilities
  /** The microphone and speaker remembered from the call settings (undefined: the system's default). */
  devices?: { microphone?: string; speaker?: string }
  onEvent(event: CallEngineEvent): void
}

export type CreateCallEngine = (context: CallEngineContext) => CallEngine
