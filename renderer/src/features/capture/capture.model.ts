import { CAPTURE_STATES, type CaptureState as CaptureStateName } from '../../../../contract/embed'

/*
 * Contact capture's model (spec 1 §4 'Contact capture'): the states exactly as the spec names them, what
 * the visitor gave so far, the lines the capture adds to the thread, and the setup rules.
 */

export type CaptureState = CaptureStateName
export const CaptureState = Object.fromEntries(CAPTURE_STATES.map((name) => [name, name])) as {
  readonly [K in CaptureStateName]: K
}

/** A line of the capture's conversation: the clone's question or the visitor's answer. */
export interface CaptureLine {
  id: string
  from: 'clone' | 'visitor'
  text: string
  /** The thread message it follows (the last one when the capture started); null: before every message. */
  afterMessageId: string | null
}

export interface CaptureModel {
  state: CaptureState
  /** STARTING: 0 while the clone 'types' its first line, 1 while it types the question. */
  typingStep: 0 | 1
  requirePhone: boolean
  /** Where the code went: the address and the E.164 number. */
  email: string | null
  phone: string | null
  /** The visitor skipped the email step: the capture asks again only when the quota stops a message. */
  skipped: boolean
  /** The quota stopped a message (where the paywall would have opened): the next check starts capture. */
  required: boolean
  /** A request is on its way: the prompt waits. */
  busy: boolean
  anchor: string | null
  /** The conversation open when the capture started: its lines belong to that thread. */
  conversationId: string | null
  lines: readonly CaptureLine[]
}

export const initialCaptureModel: CaptureModel = {
  state: CaptureState.PREFLIGHT,
  typingStep: 0,
  requirePhone: false,
  email: null,
  phone: null,
  skipped: false,
  required: false,
  busy: false,
  anchor: null,
  conversationId: null,
  lines: [],
}

/** What decides where capture starts (spec 1 §4 'Setup'), known once the clone, user and usage are. */
export interface CaptureSetup {
  embed: boolean
  sharedView: boolean
  requireEmail: boolean
  requirePhone: boolean
  /** null: nobody signed in. */
  user: { phoneNumber: string | null; optedIn: boolean } | null
  /** The thread's last message now (the phone step's lines follow it), and its conversation. */
  lastMessageId: string | null
  conversationId: string | null
}

/** Where the visitor stands against the anonymous message quota (spec 1 §4). */
export interface CaptureProgress {
  userMessages: number
  /** The anonymous message quota; null unknown or unlimited. */
  quota: number | null
  /** A send or receive is in progress. */
  busy: boolean
  lastMessageId: string | null
  conversationId: string | null
}

/** spec 1 §4 'Setup'. */
export function stateForSetup(setup: CaptureSetup): CaptureState {
  if (!setup.embed) return CaptureState.NOT_EMBED
  if (setup.sharedView || !setup.requireEmail) return CaptureState.NOT_APPLICABLE
  if (setup.user) {
    if (!setup.requirePhone) return CaptureState.NOT_APPLICABLE
    return needsPhoneStep(setup.user) ? CaptureState.COLLECTING_PHONE_NUMBER : CaptureState.NOT_APPLICABLE
  }
  return CaptureState.UPCOMING
}

/** A signed-in visitor of a clone that requires a phone still owes one: no number, or not opted in. */
export const needsPhoneStep = (user: { phoneNumber: string | null; optedIn: boolean }) =>
  !user.phoneNumber || !user.optedIn

/** The quota is reached: as many user messages as the anonymous quota allows (a quota of -1 never is). */
export const quotaReached = (p: Pick<CaptureProgress, 'userMessages' | 'quota'>) =>
  p.quota !== null && p.quota >= 0 && p.userMessages >= p.quota

const COLLECTING: readonly CaptureState[] = [
  CaptureState.COLLECTING_EMAIL,
  CaptureState.COLLECTING_EMAIL_OTP,
  CaptureState.COLLECTING_PHONE_NUMBER,
  CaptureState.COLLECTING_PHONE_NUMBER_OTP,
]
/** Capture holds the prompt: starting or collecting. */
export const captureInProgress = (state: CaptureState) =>
  state === CaptureState.STARTING || COLLECTING.includes(state)
