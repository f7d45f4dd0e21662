import { proxy } from 'valtio'
import { VIDEO_RATE_LIMITED, type VideoCallEndReason } from '../../../../contract/video'
import { isApiError } from '../../api/client'
import { createCallRunner, startFailureOf } from '../calls'
import { createNamedTimers } from './named-timers'
import { notSpeaking } from './replica-speaking'
import {
  CLOCK_TICK_MS,
  CONNECTING_TEXT_MS,
  HARD_LIMIT_MS,
  HEARTBEAT_MS,
  RATE_LIMIT_RETRY_MS,
  REPLICA_WATCHDOG_MS,
} from './video.constants'
import {
  initialVideoState,
  type VideoCallEffect,
  type VideoCallEvent,
  VideoCallStatus,
  type VideoFailure,
  videoTransition,
  WebcamStatus,
} from './video-call.machine'
import type { VideoCallDependencies, VideoCallSession, VideoCallView } from './video-call.types'
import { createVideoServerSync } from './video-call-server'
import { createCameraControl } from './video-camera-control'
import type { VideoEngine, VideoEngineEvent } from './video-engine'
import { machineEventsOf } from './video-engine-events'
import { videoFailureReport } from './video-failure-report'

export type {
  VideoCallDependencies,
  VideoCallNotice,
  VideoCallSession,
  VideoCallView,
} from './video-call.types'

type TimerName = 'retry' | 'connecting' | 'watchdog' | 'hardLimit' | 'heartbeat' | 'clock'

export function createVideoCallStore(initial: VideoCallDependencies) {
  let deps = initial
  const view = proxy<VideoCallView>({
    machine: initialVideoState,
    call: null,
    camera: null,
    shareId: null,
    elapsedSeconds: 0,
    remainingSeconds: null,
    startedAt: null,
    joinedAt: null,
    playbackBlocked: false,
  })
  const runner = createCallRunner<
    VideoCallView['machine'],
    VideoCallEvent,
    VideoCallEffect,
    VideoCallSession
  >({
    view,
    transition: videoTransition,
    run,
  })
  const { dispatch, stillCurrent } = runner
  const session = () => runner.session()
  let engine: VideoEngine | null = null
  let speaking = notSpeaking
  let lastFailure: { cause: string; message: string } | null = null
  const { later, every, clear, clearAll } = createNamedTimers<TimerName>()

  const camera = createCameraControl(view, () => deps, dispatch)
  const server = createVideoServerSync(
    view,
    () => deps,
    () => {
      dispatch({ type: 'STOP', reason: 'quota-exhausted' })
    },
  )

  /** Mic, camera and recording stopped, the room left (spec 2 §4); resolves with the recording's upload. */
  function stopMedia() {
    const current = engine
    engine = null
    view.playbackBlocked = false
    camera.stop()
    speaking = notSpeaking
    return current ? current.stop().catch(() => ({ uploadId: null })) : Promise.resolve({ uploadId: null })
  }

  function report(cause: string, message: string, outcome: string) {
    const current = session()
    if (current) void deps.reportVideoFailure(videoFailureReport(current, view, { cause, message, outcome }))
  }

  function run(effect: VideoCallEffect) {
    switch (effect) {
      case 'open-call':
        void open()
        return
      case 'start-connecting-timer':
        // spec 2 §2: 'Connecting', then 'Hold on, {clone name} should be here shortly…' after 5 s.
        later('connecting', CONNECTING_TEXT_MS, () => dispatch({ type: 'CONNECTING_SLOW' }))
        return
      case 'schedule-retry':
        later('retry', RATE_LIMIT_RETRY_MS, () => dispatch({ type: 'RETRY' }))
        return
      case 'clear-retry':
        clear('retry')
        return
      case 'start-replica-watchdog':
        later('watchdog', REPLICA_WATCHDOG_MS, () => dispatch({ type: 'REPLICA_TIMEOUT' }))
        return
      case 'clear-replica-watchdog':
        clear('watchdog')
        return
      case 'report-replica-timeout':
        report('replica-join-timeout', 'The replica did not join in 30 s', 'replica-join-timeout')
        return
      case 'start-call-timers':
        startCallTimers()
        return
      case 'clear-timers':
        clearAll()
        return
      case 'apply-mute':
        engine?.setMuted(view.machine.muted)
        return
      case 'stop-media':
        void stopMedia()
        return
      case 'abort-opening':
        runner.abortOpening()
        void stopMedia()
        server.end(view.machine.endReason ?? 'left-screen')
        return
      case 'share-conversation':
        server.share()
        return
      case 'end-on-server':
        server.end(view.machine.endReason ?? 'failed')
        return
      case 'report-failure':
        // spec 2 §4: a failed recording fails the call with outcome 'recording-only-failure'.
        if (view.machine.failure === 'recording-only-failure')
          return report('recording-failed', 'The call recording failed', 'recording-only-failure')
        report(
          lastFailure?.cause ?? 'error',
          lastFailure?.message ?? 'The call failed',
          view.machine.failure ?? 'error',
        )
        return
      case 'notify-time-limit':
        session()?.onNotice('time-limit')
        return
      case 'notify-quota':
        session()?.onNotice('quota-exhausted')
        return
    }
  }

  function startCallTimers() {
    clear('connecting')
    view.joinedAt = deps.now()
    view.elapsedSeconds = 0
    // spec 2 §9 'hard call limit 1 hour'.
    later('hardLimit', HARD_LIMIT_MS, () => dispatch({ type: 'TIME_LIMIT' }))
    every('clock', CLOCK_TICK_MS, () => {
      if (view.joinedAt !== null) view.elapsedSeconds = Math.floor((deps.now() - view.joinedAt) / 1000)
    })
    every('heartbeat', HEARTBEAT_MS, server.heartbeat)
  }

  function fail(failure: VideoFailure, cause: string, message: string) {
    lastFailure = { cause, message }
    dispatch({ type: 'FAIL', failure })
  }

  function onEngineEvent(token: number, event: VideoEngineEvent) {
    if (!stillCurrent(token)) return
    if (event.type === 'error') return engineError(event.error)
    if (event.type === 'playback-blocked' || event.type === 'playback-resumed') {
      view.playbackBlocked = event.type === 'playback-blocked'
      return
    }
    const next = machineEventsOf(event, speaking)
    speaking = next.speaking
    for (const machineEvent of next.events) dispatch(machineEvent)
  }

  function engineError(error: { kind: string; message: string }) {
    if (error.kind === 'quota-exhausted') {
      if (view.machine.status === VideoCallStatus.ACTIVE) {
        if (dispatch({ type: 'STOP', reason: 'quota-exhausted' })) session()?.onNotice('quota-exhausted')
      } else dispatch({ type: 'REFUSED' })
      return
    }
    if (error.kind === 'camera-denied' || error.kind === 'camera-not-found') {
      // The call goes on with audio (the camera's own text shows).
      camera.stop()
      engine?.setCamera(null)
      const problem = error.kind === 'camera-denied' ? 'off' : 'not-found'
      return void dispatch({ type: 'WEBCAM', status: WebcamStatus.ERROR, problem })
    }
    if (error.kind === 'recording-failed') return void dispatch({ type: 'RECORDING', status: 'Failed' })
    if (error.kind === 'microphone-denied') session()?.onNotice('microphone-denied')
    if (error.kind === 'microphone-not-found') session()?.onNotice('microphone-not-found')
    const failure: VideoFailure =
      error.kind === 'microphone-denied' || error.kind === 'microphone-not-found' ? error.kind : 'error'
    fail(failure, error.kind, error.message)
  }

  function open() {
    return runner.open(
      async (token, signal, current) => {
        view.startedAt ??= deps.now()
        const stream = await camera.open(() => stillCurrent(token))
        if (!stillCurrent(token)) return
        const call = await deps.startVideoCall(current.request, signal)
        if (!stillCurrent(token)) {
          void deps.endVideoCall(call.callId, { reason: 'left-screen' }).catch(() => undefined)
          return
        }
        view.call = call
        view.remainingSeconds = call.remainingSeconds
        const create = await deps.loadVideoEngine(call.provider.kind)
        if (!stillCurrent(token)) return
        const replica = current.replica()
        if (!replica) throw new Error('The replica stage is not on the screen')
        engine = create({
          call,
          cloneSlug: current.request.slug,
          cloneName: current.cloneName,
          cloneImageUrl: current.cloneImageUrl,
          cloneFaceMarks: current.cloneFaceMarks ?? null,
          language: call.language,
          onEvent: (event) => onEngineEvent(token, event),
        })
        engine.setMuted(view.machine.muted)
        await engine.start({ replica, camera: stream })
        const { microphone, speaker } = current.devices ?? {}
        if (microphone && stillCurrent(token)) await engine.setMicrophone(microphone).catch(() => undefined)
        if (speaker && stillCurrent(token)) await engine?.setSpeaker?.(speaker).catch(() => undefined)
      },
      (error) => {
        // spec 2 §4: 'Rate limited' queues (WAITING) and tries again in 5 s.
        if (isApiError(error) && (error.status === 429 || error.message === VIDEO_RATE_LIMITED)) {
          dispatch({ type: 'RATE_LIMITED' })
          return
        }
        if (isApiError(error) && error.status === 402) {
          dispatch({ type: 'REFUSED' })
          return
        }
        const { cause, message } = startFailureOf(error)
        fail('error', cause, message)
      },
    )
  }

  return {
    state: view,
    /** spec 2 §4 'Start sets STARTING'; refused while the paywall is open or a call is under way. */
    start: (next: VideoCallSession): boolean =>
      runner.begin(next, { type: 'START', paywallOpen: deps.isPaywallOpen() }),
    stop: (reason: VideoCallEndReason = 'hang-up') => dispatch({ type: 'STOP', reason }),
    toggleMute: () => dispatch({ type: 'TOGGLE_MUTE' }),
    leave: () => dispatch({ type: 'LEAVE' }),
    reset() {
      if (!dispatch({ type: 'RESET' })) return
      view.call = null
      view.shareId = null
      view.startedAt = null
      view.joinedAt = null
      view.elapsedSeconds = 0
    },
    /** A microphone picked in the settings (spec 2 §2). */
    setMicrophone: (deviceId: string) => engine?.setMicrophone(deviceId) ?? Promise.resolve(),
    /** A speaker picked in the settings (where the engine can route sound to one). */
    setSpeaker: (deviceId: string) => engine?.setSpeaker?.(deviceId) ?? Promise.resolve(),
    /** The manual-playback button's click: the held audio starts. */
    resumePlayback: () => engine?.resumePlayback?.() ?? Promise.resolve(),
    /** A camera picked in the settings: a new stream, handed to the engine (recording and room follow). */
    async setCamera(deviceId: string) {
      const token = runner.attempt()
      const stream = await camera.switchTo(deviceId, () => stillCurrent(token) && engine !== null)
      if (stream) engine?.setCamera(stream)
    },
    /** Tests and the desktop shell may swap what the call talks to. */
    configure(patch: Partial<VideoCallDependencies>) {
      deps = { ...deps, ...patch }
    },
  }
}

export type VideoCallStore = ReturnType<typeof createVideoCallStore>
