import type {
  StartVoiceCallRequest,
  StartVoiceCallResponse,
  VoiceCallEndReason,
  VoiceCapabilities,
  VoiceFailureReport,
} from '../../../../contract/calls'
import type { MediaPermissionState } from '../../platform'
import type { CallMachineState } from './call.machine'
import type { CreateCallEngine } from './call-engine'

// The call store's shapes (its seams to the API, the engines and the screen).

/** What the call needs from outside; the defaults are the API client, the engines and the platform. */
export interface CallDependencies {
  startVoiceCall(request: StartVoiceCallRequest, signal?: AbortSignal): Promise<StartVoiceCallResponse>
  endVoiceCall(callId: string, body: { reason: VoiceCallEndReason }): Promise<{ remainingSeconds: number }>
  sendVoiceHeartbeat(callId: string): Promise<{ remainingSeconds: number; ended: boolean }>
  reportVoiceFailure(report: VoiceFailureReport): Promise<void>
  loadCallEngine(kind: StartVoiceCallResponse['provider']['kind']): Promise<CreateCallEngine>
  capabilities(): Promise<VoiceCapabilities>
  microphonePermission(): Promise<MediaPermissionState>
  isPaywallOpen(): boolean
  now(): number
}

/** What the screen turns into toasts, the paywall or navigation (stores hold no UI). */
export type CallNotice =
  | 'inactivity'
  | 'quota-exhausted'
  | 'microphone-denied'
  | 'microphone-blocked'
  | 'microphone-not-found'

export interface CallSession {
  request: StartVoiceCallRequest
  /** Seconds left before the call (usage, or the anonymous allowance); -1 unlimited, null unknown. */
  remainingSeconds: number | null
  /** spec 2 §5: at zero the call stops and the paywall opens. */
  stopsAtZero: boolean
  onNotice(notice: CallNotice): void
  /** The microphone and speaker remembered from the call settings. */
  devices?: { microphone?: string; speaker?: string }
}

export interface CallView {
  machine: CallMachineState
  /** The call the server opened (kept after it ends: the transcript and share links need it). */
  call: StartVoiceCallResponse | null
  /** Whole seconds since the call became ACTIVE. */
  elapsedSeconds: number
  /** Seconds left when the call became ACTIVE (after it: what is left); -1 unlimited, null unknown. */
  remainingSeconds: number | null
  /** spec 2 §2 'manual playback': the browser holds the clone's voice until the visitor clicks. */
  playbackBlocked: boolean
}
