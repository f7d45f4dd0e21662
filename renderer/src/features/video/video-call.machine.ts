import type { VideoCallEndReason } from '../../../../contract/video'
import type { RecordingStatus } from './video-engine'

/*
 * The video call (spec 2 §4 'Video call status', recording and webcam status) as one transition table.
 * Pure: the store (video-call.store.ts) runs the effects each transition names (timers, engine, server).
 */

export const VideoCallStatus = {
  INACTIVE: 'INACTIVE',
  WAITING: 'WAITING',
  STARTING: 'STARTING',
  ACTIVE: 'ACTIVE',
  ENDED: 'ENDED',
  FAILED: 'FAILED',
} as const
export type VideoCallStatus = (typeof VideoCallStatus)[keyof typeof VideoCallStatus]

/** spec 2 §4 'Webcam status'. */
export const WebcamStatus = {
  NOT_SETUP: 'NOT_SETUP',
  SETTING_UP: 'SETTING_UP',
  READY: 'READY',
  ERROR: 'ERROR',
} as const
export type WebcamStatus = (typeof WebcamStatus)[keyof typeof WebcamStatus]

export type { RecordingStatus }

/** Why the camera is not shown (spec 2 §8 camera texts). */
export type CameraProblem = 'off' | 'unavailable' | 'not-found'

/** 'recording-only-failure': the call's recording failed while the call was going (spec 2 §4). */
export type VideoFailure = 'microphone-denied' | 'microphone-not-found' | 'recording-only-failure' | 'error'

export interface VideoMachineState {
  status: VideoCallStatus
  recording: RecordingStatus
  webcam: WebcamStatus
  cameraProblem: CameraProblem | null
  /** The clone's replica is in the room (until then the 'Starting Video' overlay). */
  replicaJoined: boolean
  /** Milliseconds the replica took to join (the end report's replicaBootDuration). */
  replicaBootMs: number | null
  cloneSpeaking: boolean
  /** spec 2 §4: the mic is muted at first and enabled when the clone first speaks. */
  cloneHasSpoken: boolean
  /** spec 2 §2: the mic toggle is disabled until the user has spoken. */
  userHasSpoken: boolean
  muted: boolean
  /** The 'Connecting' text has turned into 'Hold on, …' (spec 2 §2, after 5 s). */
  slowStart: boolean
  failure: VideoFailure | null
  endReason: VideoCallEndReason | null
}

export type VideoCallEvent =
  | { type: 'START'; paywallOpen: boolean }
  | { type: 'RATE_LIMITED' }
  | { type: 'RETRY' }
  | { type: 'CONNECTING_SLOW' }
  | { type: 'JOINED' }
  | { type: 'REPLICA_JOINED'; bootMs: number }
  | { type: 'REPLICA_TIMEOUT' }
  | { type: 'CLONE_SPEECH_START' }
  | { type: 'CLONE_SPEECH_END' }
  | { type: 'USER_SPEECH_START' }
  | { type: 'TOGGLE_MUTE' }
  | { type: 'WEBCAM'; status: WebcamStatus; problem?: CameraProblem | null }
  | { type: 'RECORDING'; status: RecordingStatus }
  | { type: 'STOP'; reason: VideoCallEndReason }
  /** spec 2 §8 'Exiting meeting because room was deleted', or the 1-hour timer: the time limit. */
  | { type: 'TIME_LIMIT' }
  | { type: 'FAIL'; failure: VideoFailure }
  /** The server refused the start (402 quota): back to INACTIVE, the paywall decides. */
  | { type: 'REFUSED' }
  | { type: 'LEAVE' }
  | { type: 'RESET' }

/** What the store does after a transition. */
export type VideoCallEffect =
  /** Open the camera, the call on the server, load the engine, start it. */
  | 'open-call'
  | 'start-connecting-timer'
  | 'schedule-retry'
  | 'clear-retry'
  | 'start-replica-watchdog'
  | 'clear-replica-watchdog'
  | 'report-replica-timeout'
  | 'start-call-timers'
  | 'clear-timers'
  | 'apply-mute'
  /** Mic, camera and recording stopped, the room left (engine.stop). */
  | 'stop-media'
  /** Cancel an opening that has not joined yet. */
  | 'abort-opening'
  | 'share-conversation'
  | 'end-on-server'
  | 'report-failure'
  | 'notify-time-limit'
  | 'notify-quota'

export interface VideoTransition {
  state: VideoMachineState
  effects: VideoCallEffect[]
}

export const initialVideoState: VideoMachineState = {
  status: VideoCallStatus.INACTIVE,
  recording: 'Idle',
  webcam: WebcamStatus.NOT_SETUP,
  cameraProblem: null,
  replicaJoined: false,
  replicaBootMs: null,
  cloneSpeaking: false,
  cloneHasSpoken: false,
  userHasSpoken: false,
  muted: true,
  slowStart: false,
  failure: null,
  endReason: null,
}

type Handler<E extends VideoCallEvent['type']> = (
  state: VideoMachineState,
  event: Extract<VideoCallEvent, { type: E }>,
) => VideoTransition | null
type Row = { [E in VideoCallEvent['type']]?: Handler<E> }

const to = (
  state: VideoMachineState,
  patch: Partial<VideoMachineState>,
  effects: VideoCallEffect[] = [],
): VideoTransition => ({ state: { ...state, ...patch }, effects })

// spec 2 §4: Start sets STARTING (never while the paywall is open); the ended and failure screens start anew.
const start: Handler<'START'> = (_state, event) =>
  event.paywallOpen
    ? null
    : to(initialVideoState, { status: VideoCallStatus.STARTING }, ['open-call', 'start-connecting-timer'])

// spec 2 §4 'Any error: camera and recording are stopped, status FAILED'; the failure is reported.
const fail: Handler<'FAIL'> = (state, event) =>
  to(
    state,
    {
      status: VideoCallStatus.FAILED,
      failure: event.failure,
      cloneSpeaking: false,
      recording: state.recording === 'Finished' ? 'Finished' : 'Disregarded',
    },
    ['clear-timers', 'stop-media', 'end-on-server', 'report-failure'],
  )

// spec 2 §4 'End: ENDED; mic, camera and recording stopped, room left, a share is created for the
// conversation and an end report with duration is sent'.
const end = (state: VideoMachineState, reason: VideoCallEndReason, extra: VideoCallEffect[] = []) =>
  to(state, { status: VideoCallStatus.ENDED, endReason: reason, cloneSpeaking: false }, [
    'clear-timers',
    'stop-media',
    'share-conversation',
    'end-on-server',
    ...extra,
  ])

// A start still opening (no room yet) is cancelled: nothing to share, the server call is closed.
const endOpening = (state: VideoMachineState, reason: VideoCallEndReason) =>
  to(state, { status: VideoCallStatus.ENDED, endReason: reason }, ['clear-timers', 'abort-opening'])

const webcam: Handler<'WEBCAM'> = (state, event) =>
  to(state, { webcam: event.status, cameraProblem: event.problem ?? null })
const recording: Handler<'RECORDING'> = (state, event) =>
  state.recording === event.status ? null : to(state, { recording: event.status })
// spec 2 §4 'Call recording states: Idle, InProgress, Failed; a failed recording fails the call with outcome
// 'recording-only-failure''. During the call (STARTING, ACTIVE) a failed recording is the call's failure:
// media stopped, the end report and the failure report (outcome 'recording-only-failure'); the recording stays
// Failed. A recording that fails to save after the call ended only changes its status (the row above).
const recordingDuringCall: Handler<'RECORDING'> = (state, event) =>
  event.status === 'Failed' && state.recording !== 'Failed'
    ? to(
        state,
        {
          status: VideoCallStatus.FAILED,
          failure: 'recording-only-failure',
          cloneSpeaking: false,
          recording: 'Failed',
        },
        ['clear-timers', 'stop-media', 'end-on-server', 'report-failure'],
      )
    : recording(state, event)
const replicaJoined: Handler<'REPLICA_JOINED'> = (state, event) =>
  state.replicaJoined
    ? null
    : to(state, { replicaJoined: true, replicaBootMs: event.bootMs }, ['clear-replica-watchdog'])

// spec 2 §4: the mic is enabled when the clone first speaks.
const cloneSpeechStart: Handler<'CLONE_SPEECH_START'> = (state) =>
  state.cloneHasSpoken
    ? to(state, { cloneSpeaking: true })
    : to(state, { cloneSpeaking: true, cloneHasSpoken: true, muted: false }, ['apply-mute'])
const cloneSpeechEnd: Handler<'CLONE_SPEECH_END'> = (state) =>
  state.cloneSpeaking ? to(state, { cloneSpeaking: false }) : null
const userSpeech: Handler<'USER_SPEECH_START'> = (state) =>
  state.userHasSpoken ? null : to(state, { userHasSpoken: true })
// spec 2 §2: the mic toggle only in ACTIVE or STARTING, disabled until the user has spoken.
const toggleMute: Handler<'TOGGLE_MUTE'> = (state) =>
  state.userHasSpoken ? to(state, { muted: !state.muted }, ['apply-mute']) : null

const reset = (): VideoTransition => ({ state: initialVideoState, effects: [] })

export const videoTransitions: Record<VideoCallStatus, Row> = {
  INACTIVE: { START: start },
  WAITING: {
    // spec 2 §4: after 5 s in the queue the start is tried again.
    RETRY: (state) => to(state, { status: VideoCallStatus.STARTING }, ['open-call']),
    STOP: (state, event) => endOpening(state, event.reason),
    LEAVE: () => ({ state: initialVideoState, effects: ['clear-timers', 'abort-opening'] }),
    FAIL: fail,
  },
  STARTING: {
    // spec 2 §4: the server's 'Rate limited' moves to WAITING.
    RATE_LIMITED: (state) => to(state, { status: VideoCallStatus.WAITING }, ['schedule-retry']),
    CONNECTING_SLOW: (state) => to(state, { slowStart: true }),
    // spec 2 §4: ACTIVE after the room is joined; the replica has 30 s to join.
    JOINED: (state) =>
      to(
        state,
        { status: VideoCallStatus.ACTIVE },
        state.replicaJoined ? ['start-call-timers'] : ['start-call-timers', 'start-replica-watchdog'],
      ),
    REPLICA_JOINED: replicaJoined,
    WEBCAM: webcam,
    RECORDING: recordingDuringCall,
    CLONE_SPEECH_START: cloneSpeechStart,
    CLONE_SPEECH_END: cloneSpeechEnd,
    USER_SPEECH_START: userSpeech,
    TOGGLE_MUTE: toggleMute,
    STOP: (state, event) => endOpening(state, event.reason),
    FAIL: fail,
    REFUSED: () => ({ state: initialVideoState, effects: ['clear-timers', 'abort-opening', 'notify-quota'] }),
    LEAVE: () => ({ state: initialVideoState, effects: ['clear-timers', 'abort-opening'] }),
  },
  ACTIVE: {
    REPLICA_JOINED: replicaJoined,
    REPLICA_TIMEOUT: (state) => (state.replicaJoined ? null : to(state, {}, ['report-replica-timeout'])),
    WEBCAM: webcam,
    RECORDING: recordingDuringCall,
    CLONE_SPEECH_START: cloneSpeechStart,
    CLONE_SPEECH_END: cloneSpeechEnd,
    USER_SPEECH_START: userSpeech,
    TOGGLE_MUTE: toggleMute,
    STOP: (state, event) => end(state, event.reason),
    TIME_LIMIT: (state) => end(state, 'time-limit', ['notify-time-limit']),
    FAIL: fail,
    LEAVE: (state) => end(state, 'left-screen'),
  },
  ENDED: { START: start, RESET: reset, RECORDING: recording },
  FAILED: { START: start, RESET: reset, RECORDING: recording },
}

/** The next state and its effects, or null when the event means nothing in this state. */
export function videoTransition(state: VideoMachineState, event: VideoCallEvent): VideoTransition | null {
  const handler = videoTransitions[state.status][event.type] as Handler<typeof event.type> | undefined
  return handler ? handler(state, event as never) : null
}

/** spec 2 §2: the mic toggle is shown only in ACTIVE or STARTING. */
export const micToggleVisible = (status: VideoCallStatus) =>
  status === VideoCallStatus.ACTIVE || status === VideoCallStatus.STARTING
