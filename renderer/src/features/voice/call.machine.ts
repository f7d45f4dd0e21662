import type { VoiceCallEndReason } from '../../../../contract/calls'

/*
 * The voice call (spec 2 §4) as one transition table: the call's status, the clone's status and the mute
 * flag. Pure: the store (call.store.ts) runs the effects each transition names (timers, engine, server).
 */

export const CallStatus = {
  IDLE: 'IDLE',
  CONNECTING: 'CONNECTING',
  ACTIVE: 'ACTIVE',
  ENDED: 'ENDED',
  FAILED: 'FAILED',
} as const
export type CallStatus = (typeof CallStatus)[keyof typeof CallStatus]

/** spec 2 §4 'Clone status'. */
export const CloneStatus = {
  speaking: 'speaking',
  listening: 'listening',
  thinking: 'thinking',
  idle: 'idle',
} as const
export type CloneStatus = (typeof CloneStatus)[keyof typeof CloneStatus]

/** Why a call is FAILED: each has its own screen or text (spec 2 §5, §8). */
export type CallFailure =
  | 'timeout'
  | 'microphone-denied'
  | 'microphone-not-found'
  | 'unsupported-browser'
  | 'transcription-unavailable'
  | 'error'

export interface CallMachineState {
  status: CallStatus
  clone: CloneStatus
  muted: boolean
  failure: CallFailure | null
  endReason: VoiceCallEndReason | null
}

export type CallEvent =
  | { type: 'START'; paywallOpen: boolean }
  | { type: 'CONNECTED' }
  | { type: 'CONNECT_TIMEOUT' }
  | { type: 'CLONE_SPEECH_START' }
  | { type: 'CLONE_SPEECH_END' }
  | { type: 'USER_SPEECH_START' }
  | { type: 'USER_SPEECH_END' }
  | { type: 'TOGGLE_MUTE' }
  | { type: 'STOP'; reason: VoiceCallEndReason }
  | { type: 'ROOM_DELETED' }
  | { type: 'FAIL'; failure: CallFailure }
  | { type: 'LEAVE' }
  /** The server or the engine refused to open the call (a used-up quota): back to IDLE, the paywall decides. */
  | { type: 'REFUSED' }
  /** The screen opens again: an ended or failed call is forgotten. */
  | { type: 'RESET' }

/** What the store does after a transition. */
export type CallEffect =
  /** Open the call on the server, load the engine, start it. */
  | 'open-call'
  | 'start-connect-timer'
  | 'clear-connect-timer'
  /** The 1 s tick (timer, countdown) and, for the local call, the heartbeat. */
  | 'start-clock'
  | 'stop-clock'
  | 'apply-mute'
  /** Release the engine (mic, audio) after MIC_STOP_DELAY_MS. */
  | 'stop-engine'
  /** Cancel an opening that has not connected: no elapsed time, but the mic and server call are closed. */
  | 'abort-opening'
  | 'charge-elapsed'
  | 'end-on-server'
  | 'report-failure'
  | 'notify-inactivity'

export interface Transition {
  state: CallMachineState
  effects: CallEffect[]
}

export const initialCallState: CallMachineState = {
  status: CallStatus.IDLE,
  clone: CloneStatus.idle,
  muted: false,
  failure: null,
  endReason: null,
}

type Handler<E extends CallEvent['type']> = (
  state: CallMachineState,
  event: Extract<CallEvent, { type: E }>,
) => Transition | null
type Row = { [E in CallEvent['type']]?: Handler<E> }

const to = (state: CallMachineState, patch: Partial<CallMachineState>, effects: CallEffect[] = []) => ({
  state: { ...state, ...patch },
  effects,
})

// spec 2 §4: Start IDLE -> CONNECTING, never while the paywall is open. Auto-start and the ended and failure
// screens' Call / Try Again start again from ENDED and FAILED: each is a new call. ("Starting a call that has
// ended does nothing" is the opening that connects after its call ended: CONNECTED outside CONNECTING.)
const start: Handler<'START'> = (state, event) =>
  event.paywallOpen
    ? null
    : to(state, { ...initialCallState, status: CallStatus.CONNECTING }, ['open-call', 'start-connect-timer'])

const fail: Handler<'FAIL'> = (state, event) =>
  to(state, { status: CallStatus.FAILED, clone: CloneStatus.idle, failure: event.failure }, [
    'clear-connect-timer',
    'stop-clock',
    'stop-engine',
    'end-on-server',
    'report-failure',
  ])

const speech =
  (clone: CloneStatus) =>
  (state: CallMachineState): Transition | null =>
    state.clone === clone ? null : to(state, { clone })

const toggleMute: Handler<'TOGGLE_MUTE'> = (state) => to(state, { muted: !state.muted }, ['apply-mute'])

export const callTransitions: Record<CallStatus, Row> = {
  IDLE: {
    START: start,
    // Refusals before any opening (unsupported browser, a blocked mic): FAILED with their own text.
    FAIL: (state, event) =>
      to(state, { status: CallStatus.FAILED, clone: CloneStatus.idle, failure: event.failure }),
  },
  CONNECTING: {
    // spec 2 §4: ACTIVE when connected, the clone thinking.
    CONNECTED: (state) =>
      to(state, { status: CallStatus.ACTIVE, clone: CloneStatus.thinking }, [
        'clear-connect-timer',
        'start-clock',
      ]),
    // spec 2 §4: 15 s without connecting fails the call, silently (no toast, the failure screen).
    CONNECT_TIMEOUT: (state) =>
      to(state, { status: CallStatus.FAILED, clone: CloneStatus.idle, failure: 'timeout' }, [
        'stop-engine',
        'end-on-server',
        'report-failure',
      ]),
    TOGGLE_MUTE: toggleMute,
    STOP: (state, event) =>
      to(state, { status: CallStatus.ENDED, clone: CloneStatus.idle, endReason: event.reason }, [
        'clear-connect-timer',
        'abort-opening',
      ]),
    ROOM_DELETED: (state) =>
      to(state, { status: CallStatus.ENDED, clone: CloneStatus.idle, endReason: 'inactivity' }, [
        'clear-connect-timer',
        'abort-opening',
        'notify-inactivity',
      ]),
    FAIL: fail,
    // spec 2 §4: leaving does not stop a connecting call, but nothing may keep the mic: the opening is
    // cancelled and the screen is as it was before the start.
    LEAVE: () => ({ state: initialCallState, effects: ['clear-connect-timer', 'abort-opening'] }),
    REFUSED: () => ({ state: initialCallState, effects: ['clear-connect-timer', 'abort-opening'] }),
  },
  ACTIVE: {
    // spec 2 §4 'Clone status': speech start speaking, speech end listening; the visitor's start or stop of
    // speaking gives listening or thinking.
    CLONE_SPEECH_START: speech(CloneStatus.speaking),
    CLONE_SPEECH_END: speech(CloneStatus.listening),
    USER_SPEECH_START: speech(CloneStatus.listening),
    USER_SPEECH_END: speech(CloneStatus.thinking),
    TOGGLE_MUTE: toggleMute,
    // spec 2 §4 'Stop': ENDED, remaining seconds reduced by the elapsed time.
    STOP: (state, event) =>
      to(state, { status: CallStatus.ENDED, clone: CloneStatus.idle, endReason: event.reason }, [
        'stop-clock',
        'stop-engine',
        'charge-elapsed',
        'end-on-server',
      ]),
    // spec 2 §8: the room was deleted: 'Call ended due to inactivity'; the call stops.
    ROOM_DELETED: (state) =>
      to(state, { status: CallStatus.ENDED, clone: CloneStatus.idle, endReason: 'inactivity' }, [
        'stop-clock',
        'stop-engine',
        'charge-elapsed',
        'end-on-server',
        'notify-inactivity',
      ]),
    FAIL: fail,
    LEAVE: (state) =>
      to(state, { status: CallStatus.ENDED, clone: CloneStatus.idle, endReason: 'left-screen' }, [
        'stop-clock',
        'stop-engine',
        'charge-elapsed',
        'end-on-server',
      ]),
  },
  ENDED: { START: start, RESET: () => ({ state: initialCallState, effects: [] }) },
  FAILED: { START: start, RESET: () => ({ state: initialCallState, effects: [] }) },
}

/** The next state and its effects, or null when the event means nothing in this state. */
export function callTransition(state: CallMachineState, event: CallEvent): Transition | null {
  const handler = callTransitions[state.status][event.type] as Handler<typeof event.type> | undefined
  return handler ? handler(state, event as never) : null
}
