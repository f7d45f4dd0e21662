import { COUNTDOWN_TICK_MS, HEARTBEAT_MS } from './call.constants'
import { type CallEvent, CallStatus } from './call.machine'
import type { CallDependencies, CallSession, CallView } from './call.types'
import { remainingNow } from './call-quota'

/**
 * The running call's clock (spec 2 §4 'Timer runs only while ACTIVE'; §5 'Countdown' ticks every 1 s) and,
 * for local calls, the heartbeat that brings the server's seconds left and its end of the call.
 */
export function createCallClock(ctx: {
  deps: () => CallDependencies
  view: CallView
  session: () => CallSession | null
  dispatch: (event: CallEvent) => boolean
}) {
  const { view, dispatch } = ctx
  let clock: ReturnType<typeof setInterval> | undefined
  let heartbeat: ReturnType<typeof setInterval> | undefined
  let activeAt = 0

  function tick() {
    view.elapsedSeconds = Math.floor((ctx.deps().now() - activeAt) / 1000)
    const left = remainingNow(view.remainingSeconds, view.elapsedSeconds, true)
    const session = ctx.session()
    // spec 2 §5: at zero, with no overage and email required, the call stops and the paywall opens.
    if (session?.stopsAtZero && left !== null && left !== -1 && left <= 0) {
      if (dispatch({ type: 'STOP', reason: 'quota-exhausted' })) session.onNotice('quota-exhausted')
    }
  }

  async function beat(callId: string) {
    try {
      const progress = await ctx.deps().sendVoiceHeartbeat(callId)
      if (view.call?.callId !== callId || view.machine.status !== CallStatus.ACTIVE) return
      view.remainingSeconds =
        progress.remainingSeconds === -1 ? -1 : progress.remainingSeconds + view.elapsedSeconds
      if (progress.ended) dispatch({ type: 'STOP', reason: 'provider-ended' })
      else tick()
    } catch {
      // A missed heartbeat is not the end of the call; the next one may get through.
    }
  }

  return {
    start() {
      activeAt = ctx.deps().now()
      view.elapsedSeconds = 0
      clock = setInterval(tick, COUNTDOWN_TICK_MS)
      const call = view.call
      if (call?.provider.kind === 'local') heartbeat = setInterval(() => void beat(call.callId), HEARTBEAT_MS)
    },
    stop() {
      if (clock !== undefined) view.elapsedSeconds = Math.floor((ctx.deps().now() - activeAt) / 1000)
      clearInterval(clock)
      clearInterval(heartbeat)
      clock = heartbeat = undefined
    },
  }
}
