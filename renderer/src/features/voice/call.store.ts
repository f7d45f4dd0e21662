import { proxy } from 'valtio'
import type { VoiceCallEndReason } from '../../../../contract/calls'
import { isApiError } from '../../api/client'
import type { MediaPermissionState } from '../../platform'
import { createCallRunner, startFailureOf } from '../calls'
import {
  CONNECT_TIMEOUT_MS,
  MIC_STOP_DELAY_MS,
  PAYWALL_RETRY_MS,
  PERMISSION_RETRIES,
  PERMISSION_RETRY_MS,
  STOPPING_WAIT_MS,
} from './call.constants'
import {
  type CallEffect,
  type CallEvent,
  type CallFailure,
  CallStatus,
  callTransition,
  initialCallState,
} from './call.machine'
import type { CallDependencies, CallSession, CallView } from './call.types'
import { createCallClock } from './call-clock'
import type { CallEngine, CallEngineEvent } from './call-engine'
import { engineFailureOf, machineEventOf } from './call-engine-events'
import { failureReport } from './call-failure-report'
import { chargeElapsed, tighterLimit } from './call-quota'

export type { CallDependencies, CallNotice, CallSession, CallView } from './call.types'

export function createCallStore(initial: CallDependencies) {
  let deps = initial
  const view = proxy<CallView>({
    machine: initialCallState,
    call: null,
    elapsedSeconds: 0,
    remainingSeconds: null,
    playbackBlocked: false,
  })
  const runner = createCallRunner<CallView['machine'], CallEvent, CallEffect, CallSession>({
    view,
    transition: callTransition,
    run,
  })
  const { dispatch, stillCurrent } = runner
  const session = () => runner.session()
  let engine: CallEngine | null = null
  let stopping: Promise<void> | null = null
  let connectTimer: ReturnType<typeof setTimeout> | undefined
  let pendingRetry: (() => void) | null = null
  let lastFailure: { cause: string; message: string } | null = null

  const clock = createCallClock({ deps: () => deps, view, session, dispatch })

  function releaseEngine() {
    const current = engine
    engine = null
    view.playbackBlocked = false
    if (!current) return
    // spec 2 §9: the mic is released 100 ms after the stop.
    const done = new Promise<void>((resolve) => setTimeout(resolve, MIC_STOP_DELAY_MS))
      .then(() => current.stop())
      .catch(() => undefined)
      .finally(() => {
        if (stopping === done) stopping = null
      })
    stopping = done
  }

  function endOnServer(reason: VoiceCallEndReason) {
    const call = view.call
    if (!call) return
    deps
      .endVoiceCall(call.callId, { reason })
      .then((progress) => {
        if (view.call?.callId === call.callId && view.machine.status !== CallStatus.ACTIVE)
          view.remainingSeconds = progress.remainingSeconds
      })
      .catch(() => undefined)
  }

  function run(effect: CallEffect) {
    switch (effect) {
      case 'open-call':
        void open()
        return
      case 'start-connect-timer':
        clearTimeout(connectTimer)
        connectTimer = setTimeout(() => {
          lastFailure = { cause: 'connect-timeout', message: 'Connection timeout exceeded' }
          dispatch({ type: 'CONNECT_TIMEOUT' })
        }, CONNECT_TIMEOUT_MS)
        return
      case 'clear-connect-timer':
        clearTimeout(connectTimer)
        return
      case 'start-clock':
        clock.start()
        return
      case 'stop-clock':
        clock.stop()
        return
      case 'apply-mute':
        engine?.setMuted(view.machine.muted)
        return
      case 'stop-engine':
        releaseEngine()
        return
      case 'abort-opening':
        runner.abortOpening()
        releaseEngine()
        endOnServer(view.machine.endReason ?? 'left-screen')
        return
      case 'charge-elapsed':
        view.remainingSeconds = chargeElapsed(view.remainingSeconds, view.elapsedSeconds)
        return
      case 'end-on-server':
        endOnServer(view.machine.endReason ?? 'failed')
        return
      case 'report-failure':
        report()
        return
      case 'notify-inactivity':
        session()?.onNotice('inactivity')
        return
    }
  }

  function report() {
    const current = session()
    if (current) void deps.reportVoiceFailure(failureReport(current, view, lastFailure))
  }

  function fail(failure: CallFailure, cause: string, message: string) {
    lastFailure = { cause, message }
    dispatch({ type: 'FAIL', failure })
  }

  function onEngineEvent(token: number, event: CallEngineEvent) {
    if (!stillCurrent(token)) return
    if (event.type === 'error') return engineError(event.error)
    if (event.type === 'playback-blocked' || event.type === 'playback-resumed') {
      view.playbackBlocked = event.type === 'playback-blocked'
      return
    }
    const next = machineEventOf(event)
    if (next) dispatch(next)
  }

  function engineError(error: { kind: string; message: string }) {
    const notice = session()?.onNotice
    if (error.kind === 'quota-exhausted') {
      const handled =
        view.machine.status === CallStatus.ACTIVE
          ? dispatch({ type: 'STOP', reason: 'quota-exhausted' })
          : dispatch({ type: 'REFUSED' })
      if (handled) notice?.('quota-exhausted')
      return
    }
    if (error.kind === 'microphone-denied') notice?.('microphone-denied')
    if (error.kind === 'microphone-not-found') notice?.('microphone-not-found')
    fail(engineFailureOf(error.kind), error.kind, error.message)
  }

  async function permissionState(): Promise<MediaPermissionState | null> {
    for (let tries = 0; tries <= PERMISSION_RETRIES; tries++) {
      try {
        return await deps.microphonePermission()
      } catch {
        // spec 2 §9: the state is not known yet: ask again after 100 ms.
        await new Promise((resolve) => setTimeout(resolve, PERMISSION_RETRY_MS))
      }
    }
    return null
  }

  function open() {
    return runner.open(
      async (token, signal, current) => {
        view.call = null
        // spec 2 §9: a call still stopping is waited for (300 ms at a time) before a new one opens the mic.
        while (stopping) {
          await new Promise((resolve) => setTimeout(resolve, STOPPING_WAIT_MS))
          if (!stillCurrent(token)) return
        }
        if ((await permissionState()) === 'denied') {
          if (!stillCurrent(token)) return
          current.onNotice('microphone-blocked')
          return fail('microphone-denied', 'microphone-denied', 'Microphone permission is blocked')
        }
        if (!stillCurrent(token)) return
        const call = await deps.startVoiceCall(current.request, signal)
        if (!stillCurrent(token)) {
          void deps.endVoiceCall(call.callId, { reason: 'left-screen' }).catch(() => undefined)
          return
        }
        view.call = call
        view.remainingSeconds = tighterLimit(call.remainingSeconds, current.remainingSeconds)
        const [create, capabilities] = await Promise.all([
          deps.loadCallEngine(call.provider.kind),
          deps.capabilities(),
        ])
        if (!stillCurrent(token)) return
        engine = create({
          call,
          cloneSlug: current.request.slug,
          language: call.language,
          capabilities,
          devices: current.devices,
          onEvent: (event) => onEngineEvent(token, event),
        })
        if (view.machine.muted) engine.setMuted(true)
        await engine.start()
      },
      (error, current) => {
        if (isApiError(error) && error.status === 402) {
          if (dispatch({ type: 'REFUSED' })) current.onNotice('quota-exhausted')
          return
        }
        const { cause, message } = startFailureOf(error)
        fail('error', cause, message)
      },
    )
  }

  return {
    state: view,
    /** spec 2 §4 'Start': refused while the paywall is open or a call is under way. */
    start(next: CallSession): boolean {
      const started = runner.begin(next, { type: 'START', paywallOpen: deps.isPaywallOpen() })
      if (started) {
        lastFailure = null
        view.elapsedSeconds = 0
        view.remainingSeconds = next.remainingSeconds
      }
      return started
    },
    stop: (reason: VoiceCallEndReason = 'hang-up') => dispatch({ type: 'STOP', reason }),
    toggleMute: () => dispatch({ type: 'TOGGLE_MUTE' }),
    /** spec 2 §2 settings: a microphone or speaker picked during the call (the screen remembers it). */
    setMicrophone: (deviceId: string) => engine?.setMicrophone?.(deviceId) ?? Promise.resolve(),
    setSpeaker: (deviceId: string) => engine?.setSpeaker?.(deviceId) ?? Promise.resolve(),
    /** The manual-playback overlay's click: the held audio starts. */
    resumePlayback: () => engine?.resumePlayback?.() ?? Promise.resolve(),
    /** spec 2 §4: leaving the screen stops an ACTIVE call and cancels a connecting one. */
    leave: () => dispatch({ type: 'LEAVE' }),
    reset: () => dispatch({ type: 'RESET' }),
    /** A refusal before the call opens (unsupported browser): FAILED with its own text, no retry. */
    refuse(failure: CallFailure) {
      dispatch({ type: 'RESET' })
      return dispatch({ type: 'FAIL', failure })
    },
    /** spec 2 §4: after the paywall closes following a permission check, the start is retried in 50 ms. */
    retryAfterPaywall(retry: () => void) {
      pendingRetry = retry
    },
    paywallClosed() {
      const retry = pendingRetry
      pendingRetry = null
      if (!retry) return
      setTimeout(() => {
        if (view.machine.status === CallStatus.IDLE) retry()
      }, PAYWALL_RETRY_MS)
    },
    /** Tests and the desktop shell may swap what the call talks to. */
    configure(patch: Partial<CallDependencies>) {
      deps = { ...deps, ...patch }
    },
  }
}

export type CallStore = ReturnType<typeof createCallStore>
