import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { ApiError } from '../../../../../renderer/src/api/client'
import {
  CONNECT_TIMEOUT_MS,
  HEARTBEAT_MS,
  MIC_STOP_DELAY_MS,
  PAYWALL_RETRY_MS,
} from '../../../../../renderer/src/features/voice/call.constants'
import { CallStatus, CloneStatus } from '../../../../../renderer/src/features/voice/call.machine'
import {
  type CallNotice,
  type CallSession,
  createCallStore,
} from '../../../../../renderer/src/features/voice/call.store'
import { CALL_ID, fakeCallDependencies, fakeEngine, startedCall } from './fake-call'

function setup(
  options: { stopsAtZero?: boolean; remaining?: number | null; call?: ReturnType<typeof startedCall> } = {},
) {
  const engine = fakeEngine()
  const deps = fakeCallDependencies(engine, options.call)
  const store = createCallStore(deps)
  const notices: CallNotice[] = []
  const session: CallSession = {
    request: { slug: 'sleep-coach', userPreferredLanguage: 'en' },
    remainingSeconds: options.remaining ?? null,
    stopsAtZero: options.stopsAtZero ?? true,
    onNotice: (notice) => notices.push(notice),
  }
  const status = () => store.state.machine.status
  const connect = async () => {
    expect(store.start(session)).toBe(true)
    await vi.waitFor(() => expect(engine.started).toBe(1))
    engine.emit({ type: 'connected' })
  }
  return { engine, deps, store, notices, session, status, connect }
}

/** Lets the opening's awaits run without moving the clock (vi.waitFor would advance fake time). */
async function settle() {
  for (let i = 0; i < 10; i++) await vi.advanceTimersByTimeAsync(0)
}

beforeEach(() => {
  vi.useFakeTimers()
})
afterEach(() => {
  vi.useRealTimers()
})

describe('call store (spec 2 §4)', () => {
  it('opens the call on the server, loads the engine for its provider and starts it', async () => {
    const t = setup()
    t.store.start(t.session)
    expect(t.status()).toBe(CallStatus.CONNECTING)
    await vi.waitFor(() => expect(t.engine.started).toBe(1))
    expect(t.deps.startVoiceCall).toHaveBeenCalledWith(t.session.request, expect.any(AbortSignal))
    expect(t.deps.loadCallEngine).toHaveBeenCalledWith('local')
    expect(t.engine.context?.language).toBe('en')
    t.engine.emit({ type: 'connected' })
    expect(t.status()).toBe(CallStatus.ACTIVE)
    expect(t.store.state.machine.clone).toBe(CloneStatus.thinking)
  })

  it('refuses to start while the paywall is open', () => {
    const t = setup()
    t.deps.isPaywallOpen.mockReturnValue(true)
    expect(t.store.start(t.session)).toBe(false)
    expect(t.status()).toBe(CallStatus.IDLE)
    expect(t.deps.startVoiceCall).not.toHaveBeenCalled()
  })

  it('fails silently after 15 s without connecting, releasing the engine and reporting it', async () => {
    const t = setup()
    t.store.start(t.session)
    await settle()
    expect(t.engine.started).toBe(1)
    await vi.advanceTimersByTimeAsync(CONNECT_TIMEOUT_MS - 1)
    expect(t.status()).toBe(CallStatus.CONNECTING)
    await vi.advanceTimersByTimeAsync(1)
    expect(t.store.state.machine).toMatchObject({ status: CallStatus.FAILED, failure: 'timeout' })
    expect(t.notices).toEqual([])
    expect(t.deps.reportVoiceFailure).toHaveBeenCalledWith(
      expect.objectContaining({
        event_id: 'voice_call_failure',
        cause: 'connect-timeout',
        outcome: 'timeout',
        slug: 'sleep-coach',
        callId: CALL_ID,
      }),
    )
    await vi.advanceTimersByTimeAsync(MIC_STOP_DELAY_MS)
    expect(t.engine.stopped).toBe(1)
  })

  it('does not fail a call that connected in time', async () => {
    const t = setup()
    await t.connect()
    await vi.advanceTimersByTimeAsync(CONNECT_TIMEOUT_MS * 2)
    expect(t.status()).toBe(CallStatus.ACTIVE)
  })

  it('drives the clone status from the engine events', async () => {
    const t = setup()
    await t.connect()
    const clone = () => t.store.state.machine.clone
    t.engine.emit({ type: 'clone-speech-start' })
    expect(clone()).toBe(CloneStatus.speaking)
    t.engine.emit({ type: 'clone-speech-end' })
    expect(clone()).toBe(CloneStatus.listening)
    t.engine.emit({ type: 'user-speech-start' })
    expect(clone()).toBe(CloneStatus.listening)
    t.engine.emit({ type: 'user-speech-end' })
    expect(clone()).toBe(CloneStatus.thinking)
    t.store.stop()
    expect(clone()).toBe(CloneStatus.idle)
  })

  it('ticks the timer every second while ACTIVE and charges the elapsed time at the stop', async () => {
    const t = setup({ remaining: 600 })
    t.deps.sendVoiceHeartbeat.mockImplementation(() => new Promise(() => {}))
    await t.connect()
    await vi.advanceTimersByTimeAsync(65_000)
    expect(t.store.state.elapsedSeconds).toBe(65)
    t.deps.endVoiceCall.mockImplementation(() => new Promise(() => {}))
    t.store.stop('hang-up')
    expect(t.store.state.machine).toMatchObject({ status: CallStatus.ENDED, endReason: 'hang-up' })
    expect(t.store.state.remainingSeconds).toBe(535)
    expect(t.deps.endVoiceCall).toHaveBeenCalledWith(CALL_ID, { reason: 'hang-up' })
    await vi.advanceTimersByTimeAsync(5_000)
    expect(t.store.state.elapsedSeconds).toBe(65)
    expect(t.engine.stopped).toBe(1)
  })

  it('takes the remaining seconds the server answers at the end', async () => {
    const t = setup()
    await t.connect()
    t.store.stop()
    await vi.waitFor(() => expect(t.store.state.remainingSeconds).toBe(540))
  })

  it('keeps an unlimited allowance unlimited', async () => {
    const t = setup({ call: startedCall({ remainingSeconds: -1 }) })
    await t.connect()
    await vi.advanceTimersByTimeAsync(10_000)
    t.deps.endVoiceCall.mockImplementation(() => new Promise(() => {}))
    t.store.stop()
    expect(t.store.state.remainingSeconds).toBe(-1)
  })

  it('stops at zero and asks for the paywall when the countdown stops calls', async () => {
    const t = setup({ call: startedCall({ remainingSeconds: 3 }) })
    await t.connect()
    await vi.advanceTimersByTimeAsync(3_000)
    expect(t.store.state.machine).toMatchObject({ status: CallStatus.ENDED, endReason: 'quota-exhausted' })
    expect(t.notices).toEqual(['quota-exhausted'])
  })

  it('never stops at zero for creators, contributors and overage users', async () => {
    const t = setup({ call: startedCall({ remainingSeconds: 3 }), stopsAtZero: false })
    await t.connect()
    await vi.advanceTimersByTimeAsync(10_000)
    expect(t.status()).toBe(CallStatus.ACTIVE)
  })

  it('ends on a deleted room with the inactivity notice', async () => {
    const t = setup()
    await t.connect()
    t.engine.emit({ type: 'room-deleted' })
    expect(t.store.state.machine).toMatchObject({ status: CallStatus.ENDED, endReason: 'inactivity' })
    expect(t.notices).toEqual(['inactivity'])
    expect(t.deps.endVoiceCall).toHaveBeenCalledWith(CALL_ID, { reason: 'inactivity' })
  })

  it('ends when the provider ends the call', async () => {
    const t = setup()
    await t.connect()
    t.engine.emit({ type: 'ended' })
    expect(t.store.state.machine.endReason).toBe('provider-ended')
  })

  it('toggles the engine mute', async () => {
    const t = setup()
    await t.connect()
    t.store.toggleMute()
    t.store.toggleMute()
    expect(t.engine.muted).toEqual([true, false])
  })

  it('sends a heartbeat every 15 s on a local call and takes its remaining seconds', async () => {
    const t = setup({ stopsAtZero: false })
    await t.connect()
    await vi.advanceTimersByTimeAsync(HEARTBEAT_MS)
    expect(t.deps.sendVoiceHeartbeat).toHaveBeenCalledWith(CALL_ID)
    expect(t.store.state.remainingSeconds).toBe(515)
    t.store.stop()
    await vi.advanceTimersByTimeAsync(HEARTBEAT_MS * 2)
    expect(t.deps.sendVoiceHeartbeat).toHaveBeenCalledTimes(1)
  })

  it('sends no heartbeat on a Vapi call (its webhook counts)', async () => {
    const t = setup({ call: startedCall({ provider: { kind: 'vapi', publicKey: 'pk', assistant: {} } }) })
    await t.connect()
    await vi.advanceTimersByTimeAsync(HEARTBEAT_MS * 2)
    expect(t.deps.sendVoiceHeartbeat).not.toHaveBeenCalled()
  })

  it('leaving stops an ACTIVE call', async () => {
    const t = setup()
    await t.connect()
    t.store.leave()
    expect(t.store.state.machine.endReason).toBe('left-screen')
    await vi.advanceTimersByTimeAsync(MIC_STOP_DELAY_MS)
    expect(t.engine.stopped).toBe(1)
  })

  it('leaving while connecting cancels the opening: the mic is released and the server call closed', async () => {
    const t = setup()
    t.store.start(t.session)
    await vi.waitFor(() => expect(t.engine.started).toBe(1))
    t.store.leave()
    expect(t.status()).toBe(CallStatus.IDLE)
    await vi.advanceTimersByTimeAsync(MIC_STOP_DELAY_MS)
    expect(t.engine.stopped).toBe(1)
    expect(t.deps.endVoiceCall).toHaveBeenCalledWith(CALL_ID, { reason: 'left-screen' })
    // A late 'connected' of the cancelled opening changes nothing.
    t.engine.emit({ type: 'connected' })
    expect(t.status()).toBe(CallStatus.IDLE)
  })

  it('leaving before the server answered closes the call it opens later', async () => {
    const t = setup()
    let answer: (value: ReturnType<typeof startedCall>) => void = () => {}
    t.deps.startVoiceCall.mockImplementation(() => new Promise((resolve) => (answer = resolve)))
    t.store.start(t.session)
    await vi.waitFor(() => expect(t.deps.startVoiceCall).toHaveBeenCalled())
    t.store.leave()
    answer(startedCall())
    await vi.waitFor(() =>
      expect(t.deps.endVoiceCall).toHaveBeenCalledWith(CALL_ID, { reason: 'left-screen' }),
    )
    expect(t.deps.loadCallEngine).not.toHaveBeenCalled()
  })

  it('leaving an idle, ended or failed call does nothing', async () => {
    const t = setup()
    expect(t.store.leave()).toBe(false)
    await t.connect()
    t.store.stop()
    expect(t.store.leave()).toBe(false)
  })

  it('a denied microphone fails the call with its notice and report', async () => {
    const t = setup()
    t.store.start(t.session)
    await vi.waitFor(() => expect(t.engine.started).toBe(1))
    t.engine.emit({ type: 'error', error: { kind: 'microphone-denied', message: 'NotAllowedError' } })
    expect(t.store.state.machine).toMatchObject({ status: CallStatus.FAILED, failure: 'microphone-denied' })
    expect(t.notices).toEqual(['microphone-denied'])
    expect(t.deps.reportVoiceFailure).toHaveBeenCalledWith(
      expect.objectContaining({ cause: 'microphone-denied', message: 'NotAllowedError' }),
    )
  })

  it('a blocked permission fails before the server is asked', async () => {
    const t = setup()
    t.deps.microphonePermission.mockResolvedValue('denied' as never)
    t.store.start(t.session)
    await vi.waitFor(() => expect(t.status()).toBe(CallStatus.FAILED))
    expect(t.notices).toEqual(['microphone-blocked'])
    expect(t.deps.startVoiceCall).not.toHaveBeenCalled()
  })

  it('asks the permission state again after 100 ms while it is not known', async () => {
    const t = setup()
    t.deps.microphonePermission.mockRejectedValueOnce(new Error('not yet'))
    t.store.start(t.session)
    await vi.advanceTimersByTimeAsync(99)
    expect(t.deps.microphonePermission).toHaveBeenCalledTimes(1)
    await vi.advanceTimersByTimeAsync(1)
    await vi.waitFor(() => expect(t.engine.started).toBe(1))
    expect(t.deps.microphonePermission).toHaveBeenCalledTimes(2)
  })

  it('no microphone and no transcription fail the call with their own failure', async () => {
    for (const kind of ['microphone-not-found', 'transcription-unavailable'] as const) {
      const t = setup()
      t.store.start(t.session)
      await vi.waitFor(() => expect(t.engine.started).toBe(1))
      t.engine.emit({ type: 'error', error: { kind, message: kind } })
      expect(t.store.state.machine.failure).toBe(kind)
    }
  })

  it('other engine errors fail the call as an error', async () => {
    const t = setup()
    await t.connect()
    t.engine.emit({ type: 'error', error: { kind: 'network', message: 'offline' } })
    expect(t.store.state.machine).toMatchObject({
      status: CallStatus.FAILED,
      failure: 'error',
      clone: 'idle',
    })
  })

  it('a 402 at the start returns to IDLE and asks for the paywall', async () => {
    const t = setup()
    t.deps.startVoiceCall.mockRejectedValue(new ApiError(402, 'payment_required', 'Quota'))
    t.store.start(t.session)
    await vi.waitFor(() => expect(t.status()).toBe(CallStatus.IDLE))
    expect(t.notices).toEqual(['quota-exhausted'])
  })

  it('a server error at the start fails the call', async () => {
    const t = setup()
    t.deps.startVoiceCall.mockRejectedValue(new ApiError(500, 'internal', 'Boom'))
    t.store.start(t.session)
    await vi.waitFor(() => expect(t.status()).toBe(CallStatus.FAILED))
    expect(t.deps.reportVoiceFailure).toHaveBeenCalledWith(expect.objectContaining({ cause: 'api-internal' }))
  })

  it('starts again after an end, waiting for the previous engine to stop', async () => {
    const t = setup()
    await t.connect()
    t.store.stop()
    expect(t.store.start(t.session)).toBe(true)
    await vi.advanceTimersByTimeAsync(MIC_STOP_DELAY_MS)
    expect(t.engine.stopped).toBe(1)
    await vi.advanceTimersByTimeAsync(300)
    await vi.waitFor(() => expect(t.engine.started).toBe(2))
  })

  it('retries the start 50 ms after the paywall closes, only if still idle', async () => {
    const t = setup()
    const retry = vi.fn()
    t.store.retryAfterPaywall(retry)
    t.store.paywallClosed()
    await vi.advanceTimersByTimeAsync(PAYWALL_RETRY_MS - 1)
    expect(retry).not.toHaveBeenCalled()
    await vi.advanceTimersByTimeAsync(1)
    expect(retry).toHaveBeenCalledTimes(1)
    t.store.paywallClosed()
    await vi.advanceTimersByTimeAsync(PAYWALL_RETRY_MS)
    expect(retry).toHaveBeenCalledTimes(1)
  })

  it('refuses an unsupported browser with its failure, without asking the server', () => {
    const t = setup()
    t.store.refuse('unsupported-browser')
    expect(t.store.state.machine).toMatchObject({ status: CallStatus.FAILED, failure: 'unsupported-browser' })
    expect(t.deps.startVoiceCall).not.toHaveBeenCalled()
  })
})
