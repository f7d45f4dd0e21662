import { proxy } from 'valtio'
import {
  CAPTURE_CHECK_MS,
  CAPTURE_SCROLL_MS,
  FIRST_TYPING_MS,
  SECOND_TYPING_MS,
  typingDelay,
} from './capture.constants'
import { type CaptureEffect, type CaptureEvent, captureTransition } from './capture.machine'
import {
  type CaptureModel,
  type CaptureProgress,
  type CaptureSetup,
  CaptureState,
  captureInProgress,
  initialCaptureModel,
} from './capture.model'

/**
 * What the capture asks of the outside world. Each request rejects with an Error whose message is the text
 * to show (spec 1 §8: the server's error or detail text when present).
 */
export interface CaptureDeps {
  /** [0, 1): the typing delays' randomness. */
  random: () => number
  sendEmailCode: (email: string) => Promise<void>
  /** Verifies, stores the session and refreshes the user; answers whether the phone step is still owed. */
  verifyEmailCode: (email: string, code: string) => Promise<{ needsPhone: boolean }>
  sendPhoneCode: (phone: string) => Promise<void>
  /** Verifies the number and records the SMS opt-in. */
  verifyPhoneCode: (phone: string, code: string) => Promise<void>
  /** COMPLETED: the lead (conversation claimed, relationship updated). A failure is only logged. */
  recordLead: () => Promise<void>
  /** The visitor's country for numbers typed without +country (IP lookup, else the browser's language). */
  country: () => string | null
  notify: (kind: 'error' | 'info' | 'success', text: string) => void
  /** Starts getting the code request's bot-protection token while the visitor types (api/bot-check.ts). */
  prepareBotToken?: () => void
}

const NO_PROGRESS: CaptureProgress = {
  userMessages: 0,
  quota: null,
  busy: false,
  lastMessageId: null,
  conversationId: null,
}
const messageOf = (error: unknown) =>
  error instanceof Error && error.message ? error.message : String(error)

/** The capture of one chat page: the machine, its timers and requests, the visitor's typing. */
export function createCaptureStore(deps: CaptureDeps) {
  const state = proxy<{ model: CaptureModel; input: string; scrollKey: number }>({
    model: initialCaptureModel,
    input: '',
    scrollKey: 0,
  })
  let model = initialCaptureModel
  let progress = NO_PROGRESS
  const timers = new Map<'check' | 'typing' | 'scroll', ReturnType<typeof setTimeout>>()
  const later = (name: 'check' | 'typing' | 'scroll', ms: number, run: () => void) => {
    clearTimeout(timers.get(name))
    timers.set(
      name,
      setTimeout(() => {
        timers.delete(name)
        run()
      }, ms),
    )
  }

  const request = (work: Promise<CaptureEvent>) =>
    void work.then(dispatch, (error: unknown) => dispatch({ type: 'FAILED', message: messageOf(error) }))

  function run(effect: CaptureEffect) {
    switch (effect.type) {
      case 'schedule-check':
        return later('check', CAPTURE_CHECK_MS, () => dispatch({ type: 'CHECK', progress }))
      case 'type':
        return later(
          'typing',
          typingDelay(effect.step === 0 ? FIRST_TYPING_MS : SECOND_TYPING_MS, deps.random),
          () => dispatch({ type: 'TYPED' }),
        )
      case 'schedule-scroll':
        return later('scroll', CAPTURE_SCROLL_MS, () => {
          state.scrollKey += 1
        })
      case 'send-email-code':
        return request(deps.sendEmailCode(effect.email).then(() => ({ type: 'CODE_SENT' }) as const))
      case 'send-phone-code':
        return request(deps.sendPhoneCode(effect.phone).then(() => ({ type: 'CODE_SENT' }) as const))
      case 'verify-email-code':
        return request(
          deps
            .verifyEmailCode(effect.email, effect.code)
            .then(({ needsPhone }) => ({ type: 'EMAIL_VERIFIED', needsPhone }) as const),
        )
      case 'verify-phone-code':
        return request(
          deps.verifyPhoneCode(effect.phone, effect.code).then(() => ({ type: 'PHONE_VERIFIED' }) as const),
        )
      case 'resend': {
        const send = effect.to === 'email' ? deps.sendEmailCode : deps.sendPhoneCode
        return request(send(effect.value).then(() => ({ type: 'RESENT' }) as const))
      }
      case 'complete':
        return void deps
          .recordLead()
          .catch((error: unknown) => console.warn('Could not record the lead', error))
      case 'notify':
        return deps.notify(effect.kind, effect.text)
    }
  }

  function dispatch(event: CaptureEvent) {
    const transition = captureTransition(model, event)
    if (!transition) return
    const previous = model
    model = transition.model
    state.model = model
    // A step done (or changed) starts with an empty field; a refused answer stays to be corrected.
    if (model.state !== previous.state) state.input = ''
    for (const effect of transition.effects) run(effect)
  }

  return {
    state,
    get model() {
      return model
    },
    setup: (setup: CaptureSetup) => dispatch({ type: 'SETUP', setup }),
    /** Messages, quota or stream changed: from UPCOMING, the check runs 500 ms after the last change. */
    progress(next: CaptureProgress) {
      progress = next
      dispatch({ type: 'CHANGED' })
    },
    setInput(text: string) {
      state.input = text
      if (text.trim()) deps.prepareBotToken?.()
    },
    submit: () => dispatch({ type: 'SUBMIT', text: state.input, country: deps.country() }),
    skip: () => dispatch({ type: 'SKIP' }),
    change: () => dispatch({ type: 'CHANGE' }),
    resend: () => dispatch({ type: 'RESEND' }),
    /**
     * Where the paywall would open at the quota (spec 1 §6): true when capture stands in for it; one that
     * was waiting or skipped starts at the next check (500 ms after).
     */
    replacesPaywall(): boolean {
      if (captureInProgress(model.state)) return true
      if (model.state !== CaptureState.UPCOMING) return false
      dispatch({ type: 'REQUIRED' })
      return true
    },
    dispose() {
      for (const timer of timers.values()) clearTimeout(timer)
      timers.clear()
    },
  }
}

export type CaptureStore = ReturnType<typeof createCaptureStore>
