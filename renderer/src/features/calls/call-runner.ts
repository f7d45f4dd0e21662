import { isApiError } from '../../api/client'

/** One step of a call's state machine (voice call.machine.ts, video video-call.machine.ts). */
export interface CallTransition<State, Effect> {
  state: State
  effects: readonly Effect[]
}

/**
 * The session runner both calls share (issue #26): the spec's two state machines stay separate, and this
 * runs either one. It dispatches events through the machine and runs the effects it asks for, holds the
 * session a Start brought, and numbers each opening attempt so that answers for a superseded one (the
 * visitor hung up, left or started again) are dropped and its request is aborted.
 */
export function createCallRunner<State, Event, Effect, Session>(options: {
  view: { machine: State }
  transition: (state: State, event: Event) => CallTransition<State, Effect> | null
  run: (effect: Effect) => void
}) {
  const { view, transition, run } = options
  let session: Session | null = null
  let attempt = 0
  let opening: AbortController | null = null

  function dispatch(event: Event): boolean {
    const next = transition(view.machine, event)
    if (!next) return false
    view.machine = next.state
    for (const effect of next.effects) run(effect)
    return true
  }

  return {
    dispatch,
    session: () => session,
    /** The attempt now under way (compare with `stillCurrent` after each await). */
    attempt: () => attempt,
    stillCurrent: (token: number) => token === attempt,
    /** A Start: the session is kept only when the machine takes the event (refused while in a call). */
    begin(next: Session, start: Event): boolean {
      const previous = session
      session = next
      const started = dispatch(start)
      if (!started) session = previous
      return started
    },
    /** Drops the attempt under way: its later answers are ignored and its request is aborted. */
    abortOpening() {
      attempt++
      opening?.abort()
      opening = null
    },
    /**
     * Opens a call as a new attempt: `body` gets the attempt's token, an abort signal and the session; what
     * it throws goes to `onError` unless a newer attempt has replaced it meanwhile.
     */
    async open(
      body: (token: number, signal: AbortSignal, session: Session) => Promise<void>,
      onError: (error: unknown, session: Session) => void,
    ) {
      const token = ++attempt
      const current = session
      if (!current) return
      const controller = new AbortController()
      opening = controller
      try {
        await body(token, controller.signal, current)
      } catch (error) {
        if (token !== attempt) return
        onError(error, current)
      } finally {
        if (opening === controller) opening = null
      }
    },
  }
}

export type CallRunner<State, Event, Effect, Session> = ReturnType<
  typeof createCallRunner<State, Event, Effect, Session>
>

/** What a failed start is reported as (the failure report's cause and message, never shown to visitors). */
export function startFailureOf(error: unknown): { cause: string; message: string } {
  return {
    cause: isApiError(error) ? `api-${error.code}` : 'start-failed',
    message: error instanceof Error ? error.message : String(error),
  }
}

/** mm:ss for the call timer (spec 2 §2 'call timer'). */
export function formatCallTimer(seconds: number): string {
  const whole = Math.max(0, Math.floor(seconds))
  const mm = String(Math.floor(whole / 60)).padStart(2, '0')
  const ss = String(whole % 60).padStart(2, '0')
  return `${mm}:${ss}`
}
