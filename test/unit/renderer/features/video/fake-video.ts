import { vi } from 'vitest'
import type { StartVideoCallResponse } from '../../../../../contract/video'
import type { VideoCallDependencies } from '../../../../../renderer/src/features/video/video-call.store'
import type {
  VideoEngine,
  VideoEngineContext,
  VideoEngineEvent,
  VideoStage,
} from '../../../../../renderer/src/features/video/video-engine'

export const VIDEO_CALL_ID = '33333333-3333-4333-8333-333333333333'
export const VIDEO_CONVERSATION_ID = '44444444-4444-4444-8444-444444444444'
export const VIDEO_SHARE_ID = 'share-video-1'

export const startedVideoCall = (patch: Partial<StartVideoCallResponse> = {}): StartVideoCallResponse => ({
  callId: VIDEO_CALL_ID,
  conversationId: VIDEO_CONVERSATION_ID,
  startedAt: '2025-01-01T10:00:00.000Z',
  language: 'en',
  remainingSeconds: 600,
  provider: { kind: 'local' },
  tavusConversationId: null,
  tavusConversationUrl: null,
  transcription: { language: 'en', endpointing: 500, profanity_filter: false },
  ...patch,
})

/** A fake media stream whose tracks record that they were stopped. */
export function fakeStream(label = 'camera') {
  const track = { stopped: false, kind: 'video', label, stop: () => (track.stopped = true) }
  // A real MediaStream where the environment has one (happy-dom checks a video's srcObject), else a plain object.
  const stream = (typeof MediaStream === 'undefined' ? {} : new MediaStream()) as MediaStream
  Object.defineProperty(stream, 'getTracks', { value: () => [track] })
  return { stream, track }
}

/** A video engine driven by the test: `emit` plays an engine event; the calls it got are recorded. */
export function fakeVideoEngine() {
  const engine = {
    context: null as VideoEngineContext | null,
    stage: null as VideoStage | null,
    started: 0,
    stopped: 0,
    muted: [] as boolean[],
    cameras: [] as (MediaStream | null)[],
    microphones: [] as string[],
    emit(event: VideoEngineEvent) {
      engine.context?.onEvent(event)
    },
    create: (context: VideoEngineContext): VideoEngine => {
      engine.context = context
      return {
        start: async (stage) => {
          engine.stage = stage
          engine.started++
        },
        setMuted: (muted) => engine.muted.push(muted),
        setCamera: (camera) => engine.cameras.push(camera),
        setMicrophone: async (deviceId) => {
          engine.microphones.push(deviceId)
        },
        stop: async () => {
          engine.stopped++
          return { uploadId: null }
        },
      }
    },
  }
  return engine
}

/** Every dependency of the video call store as a spy, over a fake engine and a fake camera. */
export function fakeVideoDependencies(engine = fakeVideoEngine(), call = startedVideoCall()) {
  const camera = fakeStream()
  const deps = {
    startVideoCall: vi.fn(async (_request: unknown, _signal?: AbortSignal) => call),
    endVideoCall: vi.fn(async () => ({
      callId: call.callId,
      durationSeconds: 10,
      remainingSeconds: 500,
      ended: true,
    })),
    sendVideoHeartbeat: vi.fn(async () => ({
      callId: call.callId,
      durationSeconds: 15,
      remainingSeconds: 585,
      ended: false,
    })),
    reportVideoFailure: vi.fn(async () => undefined),
    shareConversation: vi.fn(async () => ({ shareId: VIDEO_SHARE_ID })),
    loadVideoEngine: vi.fn(async () => engine.create),
    openCamera: vi.fn(async (_deviceId?: string) => camera.stream),
    isPaywallOpen: vi.fn(() => false),
    now: () => Date.now(),
  } satisfies VideoCallDependencies
  return { deps, camera }
}
