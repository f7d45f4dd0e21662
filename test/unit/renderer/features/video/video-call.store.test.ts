import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { ApiError } from '../../../../../renderer/src/api/client'
import {
  CONNECTING_TEXT_MS,
  HARD_LIMIT_MS,
  HEARTBEAT_MS,
  RATE_LIMIT_RETRY_MS,
  REPLICA_WATCHDOG_MS,
} from '../../../../../renderer/src/features/video/video.constants'
import { VideoCallStatus } from '../../../../../renderer/src/features/video/video-call.machine'
import {
  createVideoCallStore,
  type VideoCallNotice,
  type VideoCallSession,
} from '../../../../../renderer/src/features/video/video-call.store'
import { CameraError } from '../../../../../renderer/src/platform/camera'
import {
  fakeStream,
  fakeVideoDependencies,
  fakeVideoEngine,
  VIDEO_CALL_ID,
  VIDEO_CONVERSATION_ID,
  VIDEO_SHARE_ID,
} from './fake-video'

function setup() {
  const engine = fakeVideoEngine()
  const { deps, camera } = fakeVideoDependencies(engine)
  const store = createVideoCallStore(deps)
  const notices: VideoCallNotice[] = []
  const replica = {} as HTMLElement
  const session: VideoCallSession = {
    request: { slug: 'lena-hart', language: 'en', question: 'How do I sleep better?' },
    cloneName: 'Lena Hart',
    cloneImageUrl: null,
    replica: () => replica,
    onNotice: (notice) => notices.push(notice),
  }
  const status = () => store.state.machine.status
  const join = async () => {
    expect(store.start(session)).toBe(true)
    await settle()
    expect(engine.started).toBe(1)
    engine.emit({ type: 'joined' })
    expect(status()).toBe(VideoCallStatus.ACTIVE)
  }
  return { engine, deps, camera, store, notices, session, status, replica, join }
}

/** Lets the opening's awaits run without moving the clock. */
async function settle() {
  for (let i = 0; i < 10; i++) await vi.advanceTimersByTimeAsync(0)
}

beforeEach(() => {
  vi.useFakeTimers()
})
afterEach(() => {
  vi.useRealTimers()
})

describe('video call store (spec 2 §4)', () => {
  it('STARTING: opens the camera, the call, loads the engine for its provider and starts it on the stage', async () => {
    const t = setup()
    t.store.start(t.session)
    expect(t.status()).toBe(VideoCallStatus.STARTING)
    await settle()
    expect(t.deps.startVideoCall).toHaveBeenCalledWith(t.session.request, expect.any(AbortSignal))
    expect(t.deps.loadVideoEngine).toHaveBeenCalledWith('local')
    expect(t.engine.stage).toEqual({ replica: t.replica, camera: t.camera.stream })
    expect(t.engine.muted).toEqual([true])
    expect(t.store.state.machine.webcam).toBe('READY')
    t.engine.emit({ type: 'joined' })
    expect(t.status()).toBe(VideoCallStatus.ACTIVE)
  })

  it('refuses to start while the paywall is open', () => {
    const t = setup()
    t.deps.isPaywallOpen.mockReturnValue(true)
    expect(t.store.start(t.session)).toBe(false)
    expect(t.status()).toBe(VideoCallStatus.INACTIVE)
    expect(t.deps.startVideoCall).not.toHaveBeenCalled()
  })

  it("'Rate limited': WAITING, then after 5 s a new start", async () => {
    const t = setup()
    t.deps.startVideoCall.mockRejectedValueOnce(new ApiError(429, 'rate_limited', 'Rate limited'))
    t.store.start(t.session)
    await settle()
    expect(t.status()).toBe(VideoCallStatus.WAITING)
    await vi.advanceTimersByTimeAsync(RATE_LIMIT_RETRY_MS - 1)
    expect(t.deps.startVideoCall).toHaveBeenCalledTimes(1)
    await vi.advanceTimersByTimeAsync(1)
    expect(t.status()).toBe(VideoCallStatus.STARTING)
    await settle()
    expect(t.deps.startVideoCall).toHaveBeenCalledTimes(2)
    expect(t.engine.started).toBe(1)
  })

  it("turns 'Connecting' slow after 5 s", async () => {
    const t = setup()
    t.store.start(t.session)
    await vi.advanceTimersByTimeAsync(CONNECTING_TEXT_MS - 1)
    expect(t.store.state.machine.slowStart).toBe(false)
    await vi.advanceTimersByTimeAsync(1)
    expect(t.store.state.machine.slowStart).toBe(true)
  })

  it('any start error: camera stopped, FAILED, reported', async () => {
    const t = setup()
    t.deps.loadVideoEngine.mockRejectedValueOnce(new Error('chunk failed'))
    t.store.start(t.session)
    await settle()
    expect(t.status()).toBe(VideoCallStatus.FAILED)
    expect(t.camera.track.stopped).toBe(true)
    expect(t.deps.reportVideoFailure).toHaveBeenCalledWith(
      expect.objectContaining({
        event_id: 'video_call_failure',
        cause: 'start-failed',
        message: 'chunk failed',
      }),
    )
    expect(t.deps.endVideoCall).toHaveBeenCalledWith(
      VIDEO_CALL_ID,
      expect.objectContaining({ reason: 'failed' }),
    )
  })

  it('an engine error while ACTIVE fails the call and stops the engine', async () => {
    const t = setup()
    await t.join()
    t.engine.emit({ type: 'error', error: { kind: 'provider', message: 'room error' } })
    expect(t.status()).toBe(VideoCallStatus.FAILED)
    await settle()
    expect(t.engine.stopped).toBe(1)
    expect(t.deps.reportVideoFailure).toHaveBeenCalledTimes(1)
  })

  it("a recording that fails during the call fails it: engine stopped, ended on the server, reported as 'recording-only-failure'", async () => {
    const t = setup()
    await t.join()
    t.engine.emit({ type: 'recording', status: 'Failed' })
    t.engine.emit({ type: 'error', error: { kind: 'recording-failed', message: 'no recorder' } })
    expect(t.status()).toBe(VideoCallStatus.FAILED)
    expect(t.store.state.machine.failure).toBe('recording-only-failure')
    await settle()
    expect(t.engine.stopped).toBe(1)
    expect(t.deps.endVideoCall).toHaveBeenCalledWith(
      VIDEO_CALL_ID,
      expect.objectContaining({ reason: 'failed' }),
    )
    expect(t.deps.reportVideoFailure).toHaveBeenCalledTimes(1)
    expect(t.deps.reportVideoFailure).toHaveBeenCalledWith(
      expect.objectContaining({ cause: 'recording-failed', outcome: 'recording-only-failure' }),
    )
  })

  it('a 402 goes back to INACTIVE and asks for the paywall', async () => {
    const t = setup()
    t.deps.startVideoCall.mockRejectedValueOnce(new ApiError(402, 'payment_required', 'quota'))
    t.store.start(t.session)
    await settle()
    expect(t.status()).toBe(VideoCallStatus.INACTIVE)
    expect(t.notices).toEqual(['quota-exhausted'])
    expect(t.camera.track.stopped).toBe(true)
  })

  it('a denied camera shows its problem and the call goes on with audio', async () => {
    const t = setup()
    t.deps.openCamera.mockRejectedValueOnce(new CameraError('denied'))
    t.store.start(t.session)
    await settle()
    expect(t.store.state.machine).toMatchObject({ webcam: 'ERROR', cameraProblem: 'off' })
    expect(t.engine.stage?.camera).toBeNull()
    t.engine.emit({ type: 'joined' })
    expect(t.status()).toBe(VideoCallStatus.ACTIVE)
  })

  it('reports replica-join-timeout when the replica has not joined in 30 s', async () => {
    const t = setup()
    await t.join()
    await vi.advanceTimersByTimeAsync(REPLICA_WATCHDOG_MS - 1)
    expect(t.deps.reportVideoFailure).not.toHaveBeenCalled()
    await vi.advanceTimersByTimeAsync(1)
    expect(t.deps.reportVideoFailure).toHaveBeenCalledWith(
      expect.objectContaining({ cause: 'replica-join-timeout', outcome: 'replica-join-timeout' }),
    )
    expect(t.status()).toBe(VideoCallStatus.ACTIVE)
  })

  it('no timeout report once the replica joined', async () => {
    const t = setup()
    await t.join()
    t.engine.emit({ type: 'replica-joined', bootMs: 2500 })
    await vi.advanceTimersByTimeAsync(REPLICA_WATCHDOG_MS)
    expect(t.deps.reportVideoFailure).not.toHaveBeenCalled()
  })

  it('enables the mic when the clone first speaks; speaking stops after 4 silent updates', async () => {
    const t = setup()
    await t.join()
    t.engine.emit({ type: 'replica-level', level: 0.4 })
    expect(t.store.state.machine).toMatchObject({ cloneSpeaking: true, muted: false })
    expect(t.engine.muted).toEqual([true, false])
    for (let i = 0; i < 3; i++) t.engine.emit({ type: 'replica-level', level: 0 })
    expect(t.store.state.machine.cloneSpeaking).toBe(true)
    t.engine.emit({ type: 'replica-level', level: 0 })
    expect(t.store.state.machine.cloneSpeaking).toBe(false)
  })

  it('the mic toggle works only after the user has spoken', async () => {
    const t = setup()
    await t.join()
    expect(t.store.toggleMute()).toBe(false)
    t.engine.emit({ type: 'user-speech-start' })
    expect(t.store.toggleMute()).toBe(true)
    expect(t.engine.muted.at(-1)).toBe(false)
  })

  it('END: media stopped, room left, a share created and the end report with its durations', async () => {
    const t = setup()
    await t.join()
    t.engine.emit({ type: 'replica-joined', bootMs: 2500 })
    await vi.advanceTimersByTimeAsync(42_000)
    expect(t.store.state.elapsedSeconds).toBe(42)
    t.store.stop()
    expect(t.status()).toBe(VideoCallStatus.ENDED)
    await settle()
    expect(t.engine.stopped).toBe(1)
    expect(t.camera.track.stopped).toBe(true)
    expect(t.deps.shareConversation).toHaveBeenCalledWith(VIDEO_CONVERSATION_ID)
    expect(t.store.state.shareId).toBe(VIDEO_SHARE_ID)
    expect(t.deps.endVideoCall).toHaveBeenCalledWith(VIDEO_CALL_ID, {
      reason: 'hang-up',
      durationSeconds: 42,
      replicaBootDuration: 2.5,
      tavusConversationId: null,
    })
  })

  it('sends a heartbeat every 15 s while ACTIVE', async () => {
    const t = setup()
    await t.join()
    await vi.advanceTimersByTimeAsync(HEARTBEAT_MS - 1)
    expect(t.deps.sendVideoHeartbeat).not.toHaveBeenCalled()
    await vi.advanceTimersByTimeAsync(1)
    expect(t.deps.sendVideoHeartbeat).toHaveBeenCalledWith(VIDEO_CALL_ID)
    expect(t.store.state.remainingSeconds).toBe(585)
    t.store.stop()
    await vi.advanceTimersByTimeAsync(HEARTBEAT_MS * 2)
    expect(t.deps.sendVideoHeartbeat).toHaveBeenCalledTimes(1)
  })

  it('ends after the 1-hour limit with the time-limit warning', async () => {
    const t = setup()
    await t.join()
    await vi.advanceTimersByTimeAsync(HARD_LIMIT_MS)
    expect(t.status()).toBe(VideoCallStatus.ENDED)
    expect(t.store.state.machine.endReason).toBe('time-limit')
    expect(t.notices).toEqual(['time-limit'])
  })

  it("ends on the engine's 'room-deleted' with the time-limit warning", async () => {
    const t = setup()
    await t.join()
    t.engine.emit({ type: 'room-deleted' })
    expect(t.store.state.machine.endReason).toBe('time-limit')
    expect(t.notices).toEqual(['time-limit'])
  })

  it('leaving while STARTING cancels the opening and closes the camera', async () => {
    const t = setup()
    t.store.start(t.session)
    await settle()
    t.store.leave()
    expect(t.status()).toBe(VideoCallStatus.INACTIVE)
    await settle()
    expect(t.engine.stopped).toBe(1)
    expect(t.camera.track.stopped).toBe(true)
    t.engine.emit({ type: 'joined' })
    expect(t.status()).toBe(VideoCallStatus.INACTIVE)
  })

  it('switches the camera and microphone live', async () => {
    const t = setup()
    await t.join()
    const next = fakeStream('camera-2')
    t.deps.openCamera.mockResolvedValueOnce(next.stream)
    await t.store.setCamera('cam-2')
    expect(t.deps.openCamera).toHaveBeenLastCalledWith('cam-2')
    expect(t.camera.track.stopped).toBe(true)
    expect(t.engine.cameras).toEqual([next.stream])
    await t.store.setMicrophone('mic-2')
    expect(t.engine.microphones).toEqual(['mic-2'])
  })

  it('follows the recording status and resets after the end', async () => {
    const t = setup()
    await t.join()
    t.engine.emit({ type: 'recording', status: 'Pending' })
    expect(t.store.state.machine.recording).toBe('Pending')
    t.store.stop()
    t.engine.emit({ type: 'recording', status: 'Finished' })
    t.store.reset()
    expect(t.status()).toBe(VideoCallStatus.INACTIVE)
    expect(t.store.state.call).toBeNull()
  })
})
