import type { StartVideoCallResponse } from '../../../../contract/video'

/*
 * What holds a video call's media: the local avatar (embedded default: the clone's portrait animated by its
 * own voice on a canvas, driven by the local call's listen -> transcribe -> clone brain -> TTS loop, recorded
 * in the browser) or Tavus on Daily. The video call store (video-call.machine.ts) knows neither: it starts an
 * engine for the call the server opened and reacts to these events (spec 2 §4 'Video call status').
 */

export type RecordingStatus = 'Idle' | 'Pending' | 'Failed' | 'Finished' | 'Disregarded'

export type VideoEngineEvent =
  /** The room is joined (spec 2 §4 'ACTIVE after the room is joined'). */
  | { type: 'joined' }
  /** The clone's replica is present (until then the 'Starting Video' overlay shows). */
  | { type: 'replica-joined'; bootMs: number }
  /** The clone's audio level, every 200 ms (spec 2 §9); the store's speaking detector reads it. */
  | { type: 'replica-level'; level: number }
  /** The visitor's input level (for the mic indicator). */
  | { type: 'user-level'; level: number }
  | { type: 'user-speech-start' }
  | { type: 'user-speech-end' }
  /** Something said, with its time (spec 2 §7 'Transcript update'). */
  | { type: 'transcript'; participant: 'USER' | 'CLONE'; text: string; final: boolean; timestamp: string }
  /** spec 2 §8 'Exiting meeting because room was deleted': the 1-hour limit. */
  | { type: 'room-deleted' }
  | { type: 'recording'; status: RecordingStatus; uploadId?: string }
  /** spec 2 §2 'manual playback': the browser holds the clone's voice until the visitor clicks. */
  | { type: 'playback-blocked' }
  | { type: 'playback-resumed' }
  | { type: 'error'; error: VideoEngineError }

export type VideoEngineErrorKind =
  | 'microphone-denied'
  | 'microphone-not-found'
  | 'camera-denied'
  | 'camera-not-found'
  | 'transcription-unavailable'
  | 'quota-exhausted'
  | 'recording-failed'
  | 'network'
  | 'provider'

export interface VideoEngineError {
  kind: VideoEngineErrorKind
  /** For the failure report, not for the visitor (the screen has the spec's texts). */
  message: string
  cause?: unknown
}

/** Where the engine shows the clone and what it may use of the visitor. */
export interface VideoStage {
  /** The element the engine mounts the clone into (a canvas for the avatar, a video element for Daily). */
  replica: HTMLElement
  /** The visitor's camera, opened by the screen (null: camera off or unavailable); the engine may record it. */
  camera: MediaStream | null
}

export interface VideoEngine {
  /** Joins, opens the mic (muted at first: spec 2 §4) and emits 'joined', or an 'error'. */
  start(stage: VideoStage): Promise<void>
  setMuted(muted: boolean): void
  /** A camera switched or turned off in the settings: the recording and the room follow it. */
  setCamera(camera: MediaStream | null): void
  /** A microphone chosen in the settings. */
  setMicrophone(deviceId: string): Promise<void>
  /** A speaker chosen in the settings (where the engine and browser can route sound: setSinkId). */
  setSpeaker?(deviceId: string): Promise<void>
  /** The visitor's click on the manual-playback button: starts the held audio. */
  resumePlayback?(): Promise<void>
  /**
   * Leaves and releases everything; resolves with the recording's upload id once it is uploaded and
   * attached (local avatar), or null (nothing recorded, or the provider records in the cloud). Safe twice.
   */
  stop(): Promise<{ uploadId: string | null }>
}

export interface VideoEngineContext {
  call: StartVideoCallResponse
  cloneSlug: string
  cloneName: string
  cloneImageUrl: string | null
  /** Eyes and mouth the creator marked on the portrait (contract/face-marks.ts); checked by the avatar. */
  cloneFaceMarks?: unknown
  language: string
  onEvent(event: VideoEngineEvent): void
}

export type CreateVideoEngine = (context: VideoEngineContext) => VideoEngine
