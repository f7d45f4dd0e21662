import { describe, expect, it } from 'vitest'
import { chooseRecorderMimeType } from '../../../../../renderer/src/features/dictation/recorder-format'

/** MediaRecorder.isTypeSupported as a browser that records only `types` answers it. */
const browserRecording =
  (...types: string[]) =>
  (type: string) =>
    types.includes(type)

describe('recorder format (spec 2 §9: webm opus, then mp4 aac)', () => {
  it('takes webm/opus where the browser records it (Chrome, Edge, Firefox)', () => {
    expect(
      chooseRecorderMimeType(browserRecording('audio/webm;codecs=opus', 'audio/mp4;codecs=mp4a.40.2')),
    ).toBe('audio/webm;codecs=opus')
  })

  it('falls back to mp4 with AAC (Safari)', () => {
    expect(chooseRecorderMimeType(browserRecording('audio/mp4;codecs=mp4a.40.2', 'audio/mp4'))).toBe(
      'audio/mp4;codecs=mp4a.40.2',
    )
  })

  it('then to plain mp4', () => {
    expect(chooseRecorderMimeType(browserRecording('audio/mp4'))).toBe('audio/mp4')
  })

  it('leaves the choice to the browser when it takes none of them, or cannot say', () => {
    expect(chooseRecorderMimeType(browserRecording('audio/ogg'))).toBeUndefined()
    expect(chooseRecorderMimeType(undefined)).toBeUndefined()
    expect(
      chooseRecorderMimeType(() => {
        throw new Error('not implemented')
      }),
    ).toBeUndefined()
  })
})
