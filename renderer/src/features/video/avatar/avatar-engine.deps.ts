import type { VoiceCapabilities } from '../../../../../contract/calls'
import { uploadRecording } from '../../../api/uploads'
import {
  attachVideoRecording,
  fetchTimedVideoSpeech,
  fetchVideoSpeech,
  openVideoTurn,
  sendVideoTranscript,
} from '../../../api/video'
import { fetchVoiceCapabilities } from '../../../api/voice'
import { openMicrophone } from '../../../platform/microphone'
import {
  type CallEngine,
  type CallEngineContext,
  type LocalEngineDeps,
  loadLocalCallLoop,
  type StartGreeting,
} from '../../voice'
import {
  type AvatarView,
  type AvatarViewOptions,
  loadPortrait,
  mountAvatarView,
  type Portrait,
} from './avatar-view'
import {
  type CompositeRecording,
  type CompositeRecordingInput,
  startCompositeRecording,
} from './composite-recording'
import type { FaceMarks } from './portrait-marks'

/** What the local avatar engine does I/O with: the browser's by default, fakes in tests. */

export interface CallLoop {
  createLocalEngine(context: CallEngineContext, deps: LocalEngineDeps): CallEngine
  defaultLocalEngineDeps(): LocalEngineDeps
  /** The clone's first message, spoken through the loop's player (features/voice/local/greeting.ts). */
  startGreeting: StartGreeting
}

export interface AvatarEngineDeps {
  loadLoop(): Promise<CallLoop>
  /** The voice loop's I/O for this call: the defaults pointed at the video call's turn and speech routes. */
  loopDeps(defaults: LocalEngineDeps): LocalEngineDeps
  capabilities(): Promise<VoiceCapabilities>
  /** The clone's speech with its timing (the mouth); without it the loop's own fetch, and the level. */
  fetchTimedSpeech?: typeof fetchTimedVideoSpeech
  /** Where the portrait's eyes and mouth are; by default the seeded portraits' presets. */
  marksOf?(imageUrl: string | null): FaceMarks | null
  /** A microphone chosen in the settings. */
  openMicrophone(deviceId: string): Promise<MediaStream>
  loadPortrait(imageUrl: string | null, name: string): Promise<Portrait>
  mountView(options: AvatarViewOptions): AvatarView
  startRecording(input: CompositeRecordingInput): CompositeRecording
  uploadRecording(file: File): Promise<{ uploadId: string }>
  attachRecording(callId: string, uploadId: string): Promise<unknown>
  sendTranscript: typeof sendVideoTranscript
  every(ms: number, tick: () => void): () => void
  now(): number
  /** The wall clock, ISO 8601: a transcript line's time. */
  timestamp(): string
  reducedMotion(): boolean
  log(message: string, error?: unknown): void
}

export const defaultAvatarEngineDeps = (): AvatarEngineDeps => ({
  loadLoop: loadLocalCallLoop,
  loopDeps: (defaults) => ({ ...defaults, openTurn: openVideoTurn, fetchSpeech: fetchVideoSpeech }),
  capabilities: () => fetchVoiceCapabilities(),
  fetchTimedSpeech: fetchTimedVideoSpeech,
  openMicrophone: (deviceId) =>
    openMicrophone({ deviceId: { exact: deviceId }, echoCancellation: true, noiseSuppression: true }),
  loadPortrait,
  mountView: mountAvatarView,
  startRecording: startCompositeRecording,
  uploadRecording: (file) => uploadRecording(file),
  attachRecording: attachVideoRecording,
  sendTranscript: sendVideoTranscript,
  every: (ms, tick) => {
    const id = setInterval(tick, ms)
    return () => clearInterval(id)
  },
  now: () => performance.now(),
  timestamp: () => new Date().toISOString(),
  reducedMotion: () => globalThis.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false,
  log: (message, error) => console.warn(message, error),
})
