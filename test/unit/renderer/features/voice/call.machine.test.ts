import { describe, expect, it } from 'vitest'
import {
  type CallEvent,
  type CallMachineState,
  CallStatus,
  CloneStatus,
  callTransition,
  initialCallState,
} from '../../../../../renderer/src/features/voice/call.machine'

const state = (patch: Partial<CallMachineState>): CallMachineState => ({ ...initialCallState, ...patch })
const connecting = state({ status: CallStatus.CONNECTING })
const active = state({ status: CallStatus.ACTIVE, clone: CloneStatus.thinking })

describe('call machine (spec 2 §4)', () => {
  it('starts IDLE -> CONNECTING, opening the call and arming the 15 s time-out', () => {
    const t = callTransition(initialCallState, { type: 'START', paywallOpen: false })
    expect(t?.state.status).toBe(CallStatus.CONNECTING)
    expect(t?.effects).toEqual(['open-call', 'start-connect-timer'])
  })

  it('refuses to start while the paywall is open', () => {
    expect(callTransition(initialCallState, { type: 'START', paywallOpen: true })).toBeNull()
  })

  it('starts again from ENDED and FAILED (auto-start, Call, Try Again) but not while connecting or active', () => {
    for (const status of [CallStatus.ENDED, CallStatus.FAILED]) {
      const t = callTransition(state({ status, failure: 'error', endReason: 'hang-up' }), {
        type: 'START',
        paywallOpen: false,
      })
      expect(t?.state).toEqual({ ...initialCallState, status: CallStatus.CONNECTING })
    }
    expect(callTransition(connecting, { type: 'START', paywallOpen: false })).toBeNull()
    expect(callTransition(active, { type: 'START', paywallOpen: false })).toBeNull()
  })

  it('becomes ACTIVE with the clone thinking when connected; a connection after the end does nothing', () => {
    const t = callTransition(connecting, { type: 'CONNECTED' })
    expect(t?.state).toMatchObject({ status: CallStatus.ACTIVE, clone: CloneStatus.thinking })
    expect(t?.effects).toEqual(['clear-connect-timer', 'start-clock'])
    expect(callTransition(state({ status: CallStatus.ENDED }), { type: 'CONNECTED' })).toBeNull()
    expect(callTransition(state({ status: CallStatus.FAILED }), { type: 'CONNECTED' })).toBeNull()
  })

  it('fails silently after the connect time-out, only while connecting', () => {
    const t = callTransition(connecting, { type: 'CONNECT_TIMEOUT' })
    expect(t?.state).toMatchObject({ status: CallStatus.FAILED, clone: CloneStatus.idle, failure: 'timeout' })
    expect(t?.effects).toContain('report-failure')
    expect(callTransition(active, { type: 'CONNECT_TIMEOUT' })).toBeNull()
  })

  it.each([
    ['CLONE_SPEECH_START', CloneStatus.speaking],
    ['CLONE_SPEECH_END', CloneStatus.listening],
    ['USER_SPEECH_START', CloneStatus.listening],
    ['USER_SPEECH_END', CloneStatus.thinking],
  ] as const)('%s sets the clone %s while ACTIVE only', (type, clone) => {
    const from = state({ status: CallStatus.ACTIVE, clone: CloneStatus.idle })
    expect(callTransition(from, { type } as CallEvent)?.state.clone).toBe(clone)
    expect(callTransition(connecting, { type } as CallEvent)).toBeNull()
  })

  it('stops an ACTIVE call: ENDED, clone idle, time charged, the server told why', () => {
    const t = callTransition(active, { type: 'STOP', reason: 'hang-up' })
    expect(t?.state).toMatchObject({
      status: CallStatus.ENDED,
      clone: CloneStatus.idle,
      endReason: 'hang-up',
    })
    expect(t?.effects).toEqual(['stop-clock', 'stop-engine', 'charge-elapsed', 'end-on-server'])
  })

  it('stops a connecting call without charging time, cancelling the opening', () => {
    const t = callTransition(connecting, { type: 'STOP', reason: 'hang-up' })
    expect(t?.state.status).toBe(CallStatus.ENDED)
    expect(t?.effects).toEqual(['clear-connect-timer', 'abort-opening'])
  })

  it('ends on a deleted room with the inactivity notice', () => {
    const t = callTransition(active, { type: 'ROOM_DELETED' })
    expect(t?.state).toMatchObject({ status: CallStatus.ENDED, endReason: 'inactivity' })
    expect(t?.effects).toContain('notify-inactivity')
    expect(callTransition(connecting, { type: 'ROOM_DELETED' })?.effects).toContain('notify-inactivity')
  })

  it('fails from CONNECTING and ACTIVE with the clone idle and a report', () => {
    for (const from of [connecting, active]) {
      const t = callTransition(from, { type: 'FAIL', failure: 'microphone-denied' })
      expect(t?.state).toMatchObject({
        status: CallStatus.FAILED,
        clone: CloneStatus.idle,
        failure: 'microphone-denied',
      })
      expect(t?.effects).toEqual(expect.arrayContaining(['stop-engine', 'report-failure']))
    }
  })

  it('refuses in IDLE (unsupported browser) without effects', () => {
    const t = callTransition(initialCallState, { type: 'FAIL', failure: 'unsupported-browser' })
    expect(t?.state.status).toBe(CallStatus.FAILED)
    expect(t?.effects).toEqual([])
  })

  it('toggles mute while connecting or active', () => {
    expect(callTransition(active, { type: 'TOGGLE_MUTE' })?.state.muted).toBe(true)
    expect(callTransition(connecting, { type: 'TOGGLE_MUTE' })?.effects).toEqual(['apply-mute'])
    expect(callTransition(initialCallState, { type: 'TOGGLE_MUTE' })).toBeNull()
  })

  it('leaving stops an ACTIVE call, cancels a connecting one, and leaves idle, ended and failed alone', () => {
    expect(callTransition(active, { type: 'LEAVE' })?.state).toMatchObject({
      status: CallStatus.ENDED,
      endReason: 'left-screen',
    })
    const fromConnecting = callTransition(connecting, { type: 'LEAVE' })
    expect(fromConnecting?.state).toEqual(initialCallState)
    expect(fromConnecting?.effects).toContain('abort-opening')
    for (const status of [CallStatus.IDLE, CallStatus.ENDED, CallStatus.FAILED]) {
      expect(callTransition(state({ status }), { type: 'LEAVE' })).toBeNull()
    }
  })

  it('a refused opening returns to IDLE; RESET forgets an ended or failed call', () => {
    expect(callTransition(connecting, { type: 'REFUSED' })?.state).toEqual(initialCallState)
    expect(callTransition(state({ status: CallStatus.ENDED }), { type: 'RESET' })?.state).toEqual(
      initialCallState,
    )
    expect(callTransition(active, { type: 'RESET' })).toBeNull()
  })
})
