import { authStrings } from '../auth'
import {
  type CaptureLine,
  type CaptureModel,
  type CaptureProgress,
  type CaptureSetup,
  CaptureState,
  quotaReached,
  stateForSetup,
} from './capture.model'
import { captureStrings as s } from './capture.strings'
import { readCaptureCode, readCaptureEmail, readCapturePhone } from './capture-input'

/*
 * spec 1 §4 'Contact capture' as one pure transition function: the state, what the visitor gave so far and
 * the lines the capture adds to the thread. The store (capture.store.ts) runs the effects it names: timers,
 * requests, notices.
 */

export type CaptureEvent =
  | { type: 'SETUP'; setup: CaptureSetup }
  /** Messages, the quota or the stream changed: the check waits 500 ms from now. */
  | { type: 'CHANGED' }
  | { type: 'CHECK'; progress: CaptureProgress }
  /** The quota stopped a message (where the paywall would open): the next check starts capture. */
  | { type: 'REQUIRED' }
  /** A simulated typing delay ended. */
  | { type: 'TYPED' }
  | { type: 'SUBMIT'; text: string; country: string | null }
  /** The server sent the code (to the address or number the SUBMIT named). */
  | { type: 'CODE_SENT' }
  /** The email code was verified (the session is refreshed): does the phone step follow? */
  | { type: 'EMAIL_VERIFIED'; needsPhone: boolean }
  /** The phone code was verified and the opt-in recorded. */
  | { type: 'PHONE_VERIFIED' }
  | { type: 'FAILED'; message: string }
  | { type: 'SKIP' }
  | { type: 'CHANGE' }
  | { type: 'RESEND' }
  | { type: 'RESENT' }

export type CaptureEffect =
  | { type: 'schedule-check' }
  | { type: 'type'; step: 0 | 1 }
  | { type: 'schedule-scroll' }
  | { type: 'send-email-code'; email: string }
  | { type: 'verify-email-code'; email: string; code: string }
  | { type: 'send-phone-code'; phone: string }
  | { type: 'verify-phone-code'; phone: string; code: string }
  | { type: 'resend'; to: 'email' | 'phone'; value: string }
  /** COMPLETED: the lead is recorded (conversation claimed, relationship updated). */
  | { type: 'complete' }
  | { type: 'notify'; kind: 'error' | 'info' | 'success'; text: string }

export interface CaptureTransition {
  model: CaptureModel
  effects: CaptureEffect[]
}

const withLine = (model: CaptureModel, from: CaptureLine['from'], text: string): CaptureModel => ({
  ...model,
  lines: [
    ...model.lines,
    { id: `capture-${model.lines.length + 1}`, from, text, afterMessageId: model.anchor },
  ],
})
const say = (model: CaptureModel, text: string) => withLine(model, 'clone', text)
const answer = (model: CaptureModel, text: string) => withLine(model, 'visitor', text)
const error = (text: string): CaptureEffect => ({ type: 'notify', kind: 'error', text })
const result = (model: CaptureModel, effects: CaptureEffect[] = []): CaptureTransition => ({ model, effects })

function start(
  model: CaptureModel,
  at: Pick<CaptureProgress, 'lastMessageId' | 'conversationId'>,
): CaptureTransition {
  const anchor = at.lastMessageId
  const conversationId = at.conversationId
  return result(
    {
      ...model,
      state: CaptureState.STARTING,
      typingStep: 0,
      skipped: false,
      required: false,
      anchor,
      conversationId,
    },
    [{ type: 'type', step: 0 }, { type: 'schedule-scroll' }],
  )
}

function submit(model: CaptureModel, text: string, country: string | null): CaptureTransition | null {
  if (model.busy) return null
  const otp =
    model.state === CaptureState.COLLECTING_EMAIL_OTP ||
    model.state === CaptureState.COLLECTING_PHONE_NUMBER_OTP
  const reading =
    model.state === CaptureState.COLLECTING_EMAIL
      ? readCaptureEmail(text)
      : model.state === CaptureState.COLLECTING_PHONE_NUMBER
        ? readCapturePhone(text, country)
        : otp
          ? readCaptureCode(text)
          : null
  if (!reading) return null
  if (!reading.ok) return result(model, [error(reading.error)])
  const busy = { ...model, busy: true }
  switch (model.state) {
    case CaptureState.COLLECTING_EMAIL:
      return result({ ...busy, email: reading.value }, [{ type: 'send-email-code', email: reading.value }])
    case CaptureState.COLLECTING_PHONE_NUMBER:
      return result({ ...busy, phone: reading.value }, [{ type: 'send-phone-code', phone: reading.value }])
    case CaptureState.COLLECTING_EMAIL_OTP:
      return result(busy, [{ type: 'verify-email-code', email: model.email ?? '', code: reading.value }])
    default:
      return result(busy, [{ type: 'verify-phone-code', phone: model.phone ?? '', code: reading.value }])
  }
}

function complete(model: CaptureModel): CaptureTransition {
  return result(say({ ...model, state: CaptureState.COMPLETED, busy: false }, s.thanks), [
    { type: 'complete' },
  ])
}

/** The next model and effects, or null when the event means nothing in this state. */
export function captureTransition(model: CaptureModel, event: CaptureEvent): CaptureTransition | null {
  const { state } = model
  switch (event.type) {
    case 'SETUP': {
      // The capture's own sign-in changes the user mid-way: only the states before capture follow the setup.
      if (
        state !== CaptureState.PREFLIGHT &&
        state !== CaptureState.UPCOMING &&
        state !== CaptureState.NOT_APPLICABLE
      )
        return null
      const next = stateForSetup(event.setup)
      if (next === state)
        return state === CaptureState.PREFLIGHT
          ? null
          : result({ ...model, requirePhone: event.setup.requirePhone })
      const base = {
        ...model,
        state: next,
        requirePhone: event.setup.requirePhone,
        anchor: event.setup.lastMessageId,
        conversationId: event.setup.conversationId,
      }
      if (next === CaptureState.COLLECTING_PHONE_NUMBER)
        return result(say(base, s.askPhone), [{ type: 'schedule-scroll' }])
      return result(base, next === CaptureState.UPCOMING ? [{ type: 'schedule-check' }] : [])
    }
    case 'CHANGED':
      return state === CaptureState.UPCOMING && !model.skipped
        ? result(model, [{ type: 'schedule-check' }])
        : null
    case 'CHECK': {
      const p = event.progress
      if (state !== CaptureState.UPCOMING || model.skipped || p.busy) return null
      return model.required || quotaReached(p) ? start(model, p) : null
    }
    case 'REQUIRED':
      if (state !== CaptureState.UPCOMING) return null
      return result({ ...model, required: true, skipped: false }, [{ type: 'schedule-check' }])
    case 'TYPED':
      if (state !== CaptureState.STARTING) return null
      if (model.typingStep === 0)
        return result(say({ ...model, typingStep: 1 }, s.intro), [{ type: 'type', step: 1 }])
      return result(say({ ...model, state: CaptureState.COLLECTING_EMAIL }, s.askEmail))
    case 'SUBMIT':
      return submit(model, event.text, event.country)
    case 'CODE_SENT': {
      if (!model.busy) return null
      const idle = { ...model, busy: false }
      if (state === CaptureState.COLLECTING_EMAIL && model.email) {
        const next = answer({ ...idle, state: CaptureState.COLLECTING_EMAIL_OTP }, model.email)
        return result(say(next, s.askEmailCode(model.email)))
      }
      if (state === CaptureState.COLLECTING_PHONE_NUMBER && model.phone) {
        const next = answer({ ...idle, state: CaptureState.COLLECTING_PHONE_NUMBER_OTP }, model.phone)
        return result(say(next, s.askPhoneCode(model.phone)))
      }
      return null
    }
    case 'EMAIL_VERIFIED': {
      if (state !== CaptureState.COLLECTING_EMAIL_OTP || !model.busy) return null
      const verified = answer({ ...model, busy: false }, s.maskedCode)
      if (!(model.requirePhone && event.needsPhone)) return complete(verified)
      return result(say({ ...verified, state: CaptureState.COLLECTING_PHONE_NUMBER }, s.askPhone))
    }
    case 'PHONE_VERIFIED':
      if (state !== CaptureState.COLLECTING_PHONE_NUMBER_OTP || !model.busy) return null
      return complete(answer(model, s.maskedCode))
    case 'FAILED':
      return model.busy ? result({ ...model, busy: false }, [error(event.message)]) : null
    case 'SKIP':
      // spec 1 §4 'The email step can be skipped'. Our reading: skipping hands the prompt back (the visitor
      // may read, copy, share), but the quota still holds, so the capture asks again, from STARTING, as soon
      // as the quota stops a message (REQUIRED, where the paywall would have opened), never on its own.
      if (state !== CaptureState.COLLECTING_EMAIL || model.busy) return null
      return result(say({ ...model, state: CaptureState.UPCOMING, skipped: true, email: null }, s.skipped))
    case 'CHANGE':
      if (model.busy) return null
      if (state === CaptureState.COLLECTING_EMAIL_OTP)
        return result(say({ ...model, state: CaptureState.COLLECTING_EMAIL, email: null }, s.askEmailAgain))
      if (state === CaptureState.COLLECTING_PHONE_NUMBER_OTP)
        return result(
          say({ ...model, state: CaptureState.COLLECTING_PHONE_NUMBER, phone: null }, s.askPhoneAgain),
        )
      return null
    case 'RESEND': {
      if (model.busy) return null
      const to =
        state === CaptureState.COLLECTING_EMAIL_OTP
          ? 'email'
          : state === CaptureState.COLLECTING_PHONE_NUMBER_OTP
            ? 'phone'
            : null
      const value = to === 'email' ? model.email : model.phone
      if (!to || !value) return null
      return result({ ...model, busy: true }, [
        { type: 'notify', kind: 'info', text: authStrings.resending },
        { type: 'resend', to, value },
      ])
    }
    case 'RESENT':
      return model.busy
        ? result({ ...model, busy: false }, [{ type: 'notify', kind: 'success', text: authStrings.resent }])
        : null
  }
}
