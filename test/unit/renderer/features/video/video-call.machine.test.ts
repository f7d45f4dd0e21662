import { describe, expect, it } from 'vitest'
import {
  initialVideoState,
  micToggleVisible,
  type VideoCallEvent,
  VideoCallStatus,
  type VideoMachineState,
  videoTransition,
  videoTransitions,
  WebcamStatus,
} from '../../../../../renderer/src/features/video/video-call.machine'

const at = (status: VideoCallStatus, patch: Partial<VideoMachineState> = {}): VideoMachineState => ({
  ...initialVideoState,
  status,
  ...patch,
})
const step = (state: VideoMachineState, event: VideoCallEvent) => videoTransition(state, event)

describe('video call machine (spec 2 §4 Video call status)', () => {
  it('starts from INACTIVE, ENDED and FAILED, never while the paywall is open', () => {
    for (const status of [VideoCallStatus.INACTIVE, VideoCallStatus.ENDED, VideoCallStatus.FAILED]) {
      const next = step(at(status, { failure: 'error', userHasSpoken: true }), {
        type: 'START',
        paywallOpen: false,
      })
      expect(next?.state).toEqual({ ...initialVideoState, status: VideoCallStatus.STARTING })
      expect(next?.effects).toEqual(['open-call', 'start-connecting-timer'])
      expect(step(at(status), { type: 'START', paywallOpen: true })).toBeNull()
    }
    for (const status of [VideoCallStatus.STARTING, VideoCallStatus.WAITING, VideoCallStatus.ACTIVE])
      expect(step(at(status), { type: 'START', paywallOpen: false })).toBeNull()
  })

  it("'Rate limited' moves STARTING to WAITING, which retries into STARTING", () => {
    const waiting = step(at(VideoCallStatus.STARTING), { type: 'RATE_LIMITED' })
    expect(waiting?.state.status).toBe(VideoCallStatus.WAITING)
    expect(waiting?.effects).toEqual(['schedule-retry'])
    const retry = step(at(VideoCallStatus.WAITING), { type: 'RETRY' })
    expect(retry?.state.status).toBe(VideoCallStatus.STARTING)
    expect(retry?.effects).toEqual(['open-call'])
  })

  it('becomes ACTIVE once the room is joined, watching for the replica unless it is there', () => {
    const joined = step(at(VideoCallStatus.STARTING), { type: 'JOINED' })
    expect(joined?.state.status).toBe(VideoCallStatus.ACTIVE)
    expect(joined?.effects).toEqual(['start-call-timers', 'start-replica-watchdog'])
    const already = step(at(VideoCallStatus.STARTING, { replicaJoined: true }), { type: 'JOINED' })
    expect(already?.effects).toEqual(['start-call-timers'])
    expect(step(at(VideoCallStatus.ACTIVE), { type: 'JOINED' })).toBeNull()
  })

  it('turns the connecting text slow only while STARTING', () => {
    expect(step(at(VideoCallStatus.STARTING), { type: 'CONNECTING_SLOW' })?.state.slowStart).toBe(true)
    expect(step(at(VideoCallStatus.ACTIVE), { type: 'CONNECTING_SLOW' })).toBeNull()
  })

  it('records the replica joining once, clearing the watchdog; its timeout is only reported', () => {
    const joined = step(at(VideoCallStatus.ACTIVE), { type: 'REPLICA_JOINED', bootMs: 1200 })
    expect(joined?.state).toMatchObject({ replicaJoined: true, replicaBootMs: 1200 })
    expect(joined?.effects).toEqual(['clear-replica-watchdog'])
    expect(step(joined!.state, { type: 'REPLICA_JOINED', bootMs: 5 })).toBeNull()
    const timeout = step(at(VideoCallStatus.ACTIVE), { type: 'REPLICA_TIMEOUT' })
    expect(timeout?.state.status).toBe(VideoCallStatus.ACTIVE)
    expect(timeout?.effects).toEqual(['report-replica-timeout'])
    expect(step(joined!.state, { type: 'REPLICA_TIMEOUT' })).toBeNull()
  })

  it('keeps the mic muted until the clone first speaks, then enables it once', () => {
    expect(initialVideoState.muted).toBe(true)
    const first = step(at(VideoCallStatus.ACTIVE), { type: 'CLONE_SPEECH_START' })
    expect(first?.state).toMatchObject({ muted: false, cloneSpeaking: true, cloneHasSpoken: true })
    expect(first?.effects).toEqual(['apply-mute'])
    const quiet = step(first!.state, { type: 'CLONE_SPEECH_END' })
    expect(quiet?.state.cloneSpeaking).toBe(false)
    expect(step(quiet!.state, { type: 'CLONE_SPEECH_END' })).toBeNull()
    const again = step({ ...quiet!.state, muted: true }, { type: 'CLONE_SPEECH_START' })
    expect(again?.state.muted).toBe(true)
    expect(again?.effects).toEqual([])
  })

  it('lets the mic toggle only after the user has spoken, in ACTIVE or STARTING', () => {
    expect(step(at(VideoCallStatus.ACTIVE), { type: 'TOGGLE_MUTE' })).toBeNull()
    const spoke = step(at(VideoCallStatus.ACTIVE, { muted: false }), { type: 'USER_SPEECH_START' })
    expect(spoke?.state.userHasSpoken).toBe(true)
    expect(step(spoke!.state, { type: 'USER_SPEECH_START' })).toBeNull()
    const toggled = step(spoke!.state, { type: 'TOGGLE_MUTE' })
    expect(toggled?.state.muted).toBe(true)
    expect(toggled?.effects).toEqual(['apply-mute'])
    expect(
      step(at(VideoCallStatus.STARTING, { userHasSpoken: true }), { type: 'TOGGLE_MUTE' }),
    ).not.toBeNull()
    expect(step(at(VideoCallStatus.ENDED, { userHasSpoken: true }), { type: 'TOGGLE_MUTE' })).toBeNull()
    expect(Object.values(VideoCallStatus).filter(micToggleVisible)).toEqual(['STARTING', 'ACTIVE'])
  })

  it('follows the webcam and recording statuses', () => {
    const webcam = step(at(VideoCallStatus.STARTING), {
      type: 'WEBCAM',
      status: WebcamStatus.ERROR,
      problem: 'not-found',
    })
    expect(webcam?.state).toMatchObject({ webcam: 'ERROR', cameraProblem: 'not-found' })
    const ready = step(webcam!.state, { type: 'WEBCAM', status: WebcamStatus.READY })
    expect(ready?.state).toMatchObject({ webcam: 'READY', cameraProblem: null })
    for (const status of ['Pending', 'Finished', 'Disregarded'] as const)
      expect(step(at(VideoCallStatus.ACTIVE), { type: 'RECORDING', status })?.state.recording).toBe(status)
    expect(step(at(VideoCallStatus.ENDED), { type: 'RECORDING', status: 'Failed' })?.state).toMatchObject({
      status: 'ENDED',
      recording: 'Failed',
    })
    expect(step(at(VideoCallStatus.ACTIVE), { type: 'RECORDING', status: 'Idle' })).toBeNull()
    expect(step(at(VideoCallStatus.ENDED), { type: 'RECORDING', status: 'Finished' })?.state.recording).toBe(
      'Finished',
    )
  })

  it("a recording failed during the call fails the call with outcome 'recording-only-failure' (spec 2 §4)", () => {
    for (const status of [VideoCallStatus.STARTING, VideoCallStatus.ACTIVE]) {
      const failed = step(at(status, { recording: 'Pending', cloneSpeaking: true }), {
        type: 'RECORDING',
        status: 'Failed',
      })
      expect(failed?.state).toMatchObject({
        status: 'FAILED',
        failure: 'recording-only-failure',
        recording: 'Failed',
        cloneSpeaking: false,
      })
      expect(failed?.effects).toEqual(['clear-timers', 'stop-media', 'end-on-server', 'report-failure'])
    }
  })

  it('ends an ACTIVE call: media stopped, a share, the end report', () => {
    const ended = step(at(VideoCallStatus.ACTIVE, { cloneSpeaking: true }), {
      type: 'STOP',
      reason: 'hang-up',
    })
    expect(ended?.state).toMatchObject({ status: 'ENDED', endReason: 'hang-up', cloneSpeaking: false })
    expect(ended?.effects).toEqual(['clear-timers', 'stop-media', 'share-conversation', 'end-on-server'])
    const left = step(at(VideoCallStatus.ACTIVE), { type: 'LEAVE' })
    expect(left?.state.endReason).toBe('left-screen')
    expect(left?.effects).toContain('share-conversation')
  })

  it('ends on the time limit (the room deleted or 1 hour) with its warning', () => {
    const limit = step(at(VideoCallStatus.ACTIVE), { type: 'TIME_LIMIT' })
    expect(limit?.state).toMatchObject({ status: 'ENDED', endReason: 'time-limit' })
    expect(limit?.effects).toContain('notify-time-limit')
    expect(step(at(VideoCallStatus.STARTING), { type: 'TIME_LIMIT' })).toBeNull()
  })

  it('cancels a start that has not joined: STOP ends it, LEAVE and REFUSED forget it', () => {
    for (const status of [VideoCallStatus.STARTING, VideoCallStatus.WAITING]) {
      const stopped = step(at(status), { type: 'STOP', reason: 'hang-up' })
      expect(stopped?.state.status).toBe(VideoCallStatus.ENDED)
      expect(stopped?.effects).toEqual(['clear-timers', 'abort-opening'])
      const left = step(at(status), { type: 'LEAVE' })
      expect(left?.state).toEqual(initialVideoState)
      expect(left?.effects).toEqual(['clear-timers', 'abort-opening'])
    }
    const refused = step(at(VideoCallStatus.STARTING), { type: 'REFUSED' })
    expect(refused?.state).toEqual(initialVideoState)
    expect(refused?.effects).toEqual(['clear-timers', 'abort-opening', 'notify-quota'])
  })

  it('fails from STARTING, WAITING and ACTIVE: camera and recording stopped, reported', () => {
    for (const status of [VideoCallStatus.STARTING, VideoCallStatus.WAITING, VideoCallStatus.ACTIVE]) {
      const failed = step(at(status, { recording: 'Pending' }), { type: 'FAIL', failure: 'error' })
      expect(failed?.state).toMatchObject({ status: 'FAILED', failure: 'error', recording: 'Disregarded' })
      expect(failed?.effects).toEqual(['clear-timers', 'stop-media', 'end-on-server', 'report-failure'])
    }
    expect(step(at(VideoCallStatus.INACTIVE), { type: 'FAIL', failure: 'error' })).toBeNull()
  })

  it('resets ENDED and FAILED to INACTIVE and ignores what a state does not list', () => {
    expect(step(at(VideoCallStatus.ENDED), { type: 'RESET' })?.state).toEqual(initialVideoState)
    expect(step(at(VideoCallStatus.FAILED), { type: 'RESET' })?.state).toEqual(initialVideoState)
    expect(step(at(VideoCallStatus.ACTIVE), { type: 'RESET' })).toBeNull()
    expect(Object.keys(videoTransitions.INACTIVE)).toEqual(['START'])
  })
})
