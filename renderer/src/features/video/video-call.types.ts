import type {
  EndVideoCallRequest,
  StartVideoCallRequest,
  StartVideoCallResponse,
  VideoCallProgress,
  VideoFailureReport,
} from '../../../../contract/video'
import type { VideoMachineState } from './video-call.machine'
import type { CreateVideoEngine } from './video-engine'

// The video call store's shapes (its seams to the API, the engines, the camera and the screen).

/** What the call needs from outside; the defaults are the API client, the engines and the platform. */
export interface VideoCallDependencies {
  startVideoCall(request: StartVideoCallRequest, signal?: AbortSignal): Promise<StartVideoCallResponse>
  endVideoCall(callId: string, body: EndVideoCallRequest): Promise<VideoCallProgress>
  sendVideoHeartbeat(callId: string): Promise<VideoCallProgress>
  reportVideoFailure(report: VideoFailureReport): Promise<void>
  /** The existing share API (POST /api/clone/talk/conversations/:id/share). */
  shareConversation(conversationId: string): Promise<{ shareId: string }>
  loadVideoEngine(kind: StartVideoCallResponse['provider']['kind']): Promise<CreateVideoEngine>
  /** Opens the visitor's camera (platform/camera.ts openCamera); rejects with a CameraError. */
  openCamera(deviceId?: string): Promise<MediaStream>
  isPaywallOpen(): boolean
  now(): number
}

/** What the screen turns into toasts or the paywall (stores hold no UI). */
export type VideoCallNotice = 'time-limit' | 'quota-exhausted' | 'microphone-denied' | 'microphone-not-found'

export interface VideoCallSession {
  request: StartVideoCallRequest
  cloneName: string
  cloneImageUrl: string | null
  /** Eyes and mouth marked on that portrait (contract/face-marks.ts), unchecked until the avatar reads them. */
  cloneFaceMarks?: unknown
  /** The element the engine mounts the clone into (read when the engine starts). */
  replica(): HTMLElement | null
  /** The microphone and speaker remembered from the call settings (applied once the engine runs). */
  devices?: { microphone?: string; speaker?: string }
  onNotice(notice: VideoCallNotice): void
}

export interface VideoCallView {
  machine: VideoMachineState
  /** The call the server opened (kept after it ends: the share and the debug panel need it). */
  call: StartVideoCallResponse | null
  /** The visitor's camera while the call has it (the self view shows it). */
  camera: MediaStream | null
  /** The share created when the call ended (spec 2 §4), for the shared video page. */
  shareId: string | null
  /** Whole seconds since the call became ACTIVE. */
  elapsedSeconds: number
  /** Seconds left (heartbeat answers); -1 unlimited, null unknown. */
  remainingSeconds: number | null
  /** Timings for the staff debug panel (ms since epoch). */
  startedAt: number | null
  joinedAt: number | null
  /** spec 2 §2 'manual playback': the browser holds the clone's voice until the visitor clicks. */
  playbackBlocked: boolean
}
