/** spec 2 §4 'Voice dictation': not recording, recording, processing. */
export const DictationState = {
  NOT_RECORDING: 'notRecording',
  RECORDING: 'recording',
  PROCESSING: 'processing',
} as const
export type DictationState = (typeof DictationState)[keyof typeof DictationState]

/** spec 2 §2: the mic shows an error icon after a failure and a slashed mic after a denial. */
export type MicIndicator = 'mic' | 'error' | 'denied'

export interface DictationModel {
  state: DictationState
  indicator: MicIndicator
  /** When the recording started (ms, the controller's clock); null unless recording. */
  startedAt: number | null
}

export type DictationEvent =
  /** The mic was pressed: a new try, so the indicator goes back to the plain mic. */
  | { type: 'PRESS' }
  /** The microphone is open and recording. */
  | { type: 'STARTED'; at: number }
  /** Opening the microphone or the recorder failed. */
  | { type: 'START_FAILED'; denied: boolean }
  /** 'Stop recording and send'. */
  | { type: 'STOP' }
  /** 'Cancel recording' (or leaving the prompt): nothing is sent. */
  | { type: 'CANCEL' }
  /** The transcript was accepted and handed to the send path. */
  | { type: 'SENT' }
  /** Recording or processing failed (the recorder, the server, the acceptance rules). */
  | { type: 'FAIL'; denied: boolean }

export const initialDictationModel: DictationModel = {
  state: DictationState.NOT_RECORDING,
  indicator: 'mic',
  startedAt: null,
}

type Transition<E extends DictationEvent['type']> = (
  model: DictationModel,
  event: Extract<DictationEvent, { type: E }>,
) => DictationModel

type Table = {
  [S in DictationState]: { [E in DictationEvent['type']]?: Transition<E> }
}

const idle = (indicator: MicIndicator): DictationModel => ({ ...initialDictationModel, indicator })

/** The transitions as data; a pair that is not listed leaves the model as it is. */
export const DICTATION_TRANSITIONS: Table = {
  notRecording: {
    PRESS: () => idle('mic'),
    STARTED: (_, e) => ({ state: DictationState.RECORDING, indicator: 'mic', startedAt: e.at }),
    START_FAILED: (_, e) => idle(e.denied ? 'denied' : 'error'),
  },
  recording: {
    STOP: (m) => ({ ...m, state: DictationState.PROCESSING }),
    CANCEL: () => idle('mic'),
    FAIL: (_, e) => idle(e.denied ? 'denied' : 'error'),
  },
  processing: {
    SENT: () => idle('mic'),
    CANCEL: () => idle('mic'),
    FAIL: (_, e) => idle(e.denied ? 'denied' : 'error'),
  },
}

export function dictationReducer(model: DictationModel, event: DictationEvent): DictationModel {
  const transition = DICTATION_TRANSITIONS[model.state][event.type] as
    | ((m: DictationModel, e: DictationEvent) => DictationModel)
    | undefined
  return transition ? transition(model, event) : model
}

/** Sending is blocked while recording (spec 2 §4), and while the recording is turned into text. */
export const blocksSending = (state: DictationState) => state !== DictationState.NOT_RECORDING
