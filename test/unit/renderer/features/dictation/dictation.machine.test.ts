import { describe, expect, it } from 'vitest'
import {
  blocksSending,
  type DictationEvent,
  type DictationModel,
  DictationState,
  dictationReducer,
  initialDictationModel,
} from '../../../../../renderer/src/features/dictation/dictation.machine'

const idle = (indicator: DictationModel['indicator'] = 'mic'): DictationModel => ({
  state: DictationState.NOT_RECORDING,
  indicator,
  startedAt: null,
})
const recording: DictationModel = { state: DictationState.RECORDING, indicator: 'mic', startedAt: 1_000 }
const processing: DictationModel = { state: DictationState.PROCESSING, indicator: 'mic', startedAt: 1_000 }

describe('dictation machine (spec 2 §4: not recording, recording, processing)', () => {
  it.each<[string, DictationModel, DictationEvent, DictationModel]>([
    ['a press after an error goes back to the plain mic', idle('error'), { type: 'PRESS' }, idle('mic')],
    ['a press after a denial goes back to the plain mic', idle('denied'), { type: 'PRESS' }, idle('mic')],
    ['the open microphone starts the recording', idle(), { type: 'STARTED', at: 1_000 }, recording],
    [
      'a refused microphone shows the slashed mic',
      idle(),
      { type: 'START_FAILED', denied: true },
      idle('denied'),
    ],
    [
      'a start that failed otherwise shows the error icon',
      idle(),
      { type: 'START_FAILED', denied: false },
      idle('error'),
    ],
    ['stop moves the recording to processing', recording, { type: 'STOP' }, processing],
    ['cancel ends the recording, nothing sent', recording, { type: 'CANCEL' }, idle()],
    [
      'a recorder failure ends with the error icon',
      recording,
      { type: 'FAIL', denied: false },
      idle('error'),
    ],
    [
      'a permission lost mid-recording shows the slashed mic',
      recording,
      { type: 'FAIL', denied: true },
      idle('denied'),
    ],
    ['the transcript sent ends the dictation', processing, { type: 'SENT' }, idle()],
    ['cancel while processing drops the transcript', processing, { type: 'CANCEL' }, idle()],
    [
      'a transcription failure ends with the error icon',
      processing,
      { type: 'FAIL', denied: false },
      idle('error'),
    ],
  ])('%s', (_, from, event, to) => {
    expect(dictationReducer(from, event)).toEqual(to)
  })

  it.each<[DictationModel, DictationEvent]>([
    [idle(), { type: 'STOP' }],
    [idle(), { type: 'SENT' }],
    [idle('error'), { type: 'CANCEL' }],
    [idle(), { type: 'FAIL', denied: false }],
    [recording, { type: 'PRESS' }],
    [recording, { type: 'STARTED', at: 5 }],
    [recording, { type: 'SENT' }],
    [processing, { type: 'PRESS' }],
    [processing, { type: 'STOP' }],
    [processing, { type: 'STARTED', at: 5 }],
  ])('ignores %j on %j', (from, event) => {
    expect(dictationReducer(from, event)).toBe(from)
  })

  it('starts not recording, and blocks sending only while recording or processing', () => {
    expect(initialDictationModel).toEqual(idle())
    expect(blocksSending(DictationState.NOT_RECORDING)).toBe(false)
    expect(blocksSending(DictationState.RECORDING)).toBe(true)
    expect(blocksSending(DictationState.PROCESSING)).toBe(true)
  })
})
