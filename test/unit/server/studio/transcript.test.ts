import { describe, expect, it } from 'vitest'
import { parseTranscript } from '../../../../server/studio/knowledge/transcript'

/** Issue #16: pasted or uploaded SRT and WebVTT transcripts keep their timings, so citations cite the moment. */
describe('parseTranscript', () => {
  it('reads SRT cues with their start (hours, minutes, seconds, milliseconds)', () => {
    const srt = [
      '1',
      '00:00:01,500 --> 00:00:04,000',
      'Welcome back to the show.',
      '',
      '2',
      '00:01:02,250 --> 00:01:05,000',
      'Today we talk about <i>sleep</i>',
      'and coffee.',
      '',
      '3',
      '01:00:00,000 --> 01:00:03,000',
      'An hour in.',
      '',
    ].join('\r\n')
    expect(parseTranscript(srt)).toEqual({
      format: 'srt',
      segments: [
        { startMs: 1_500, text: 'Welcome back to the show.' },
        { startMs: 62_250, text: 'Today we talk about sleep and coffee.' },
        { startMs: 3_600_000, text: 'An hour in.' },
      ],
      text: 'Welcome back to the show. Today we talk about sleep and coffee. An hour in.',
    })
  })

  it('reads WebVTT: header, notes and styles skipped, identifiers, settings and voice tags removed', () => {
    const vtt = [
      'WEBVTT - An episode',
      '',
      'NOTE This is a comment',
      'over two lines',
      '',
      'STYLE',
      '::cue { color: red }',
      '',
      'intro',
      '00:05.000 --> 00:08.000 align:start position:10%',
      '<v Lena>Hello &amp; welcome.</v>',
      '',
      '00:00:12.345 --> 00:00:15.000',
      'Second <c.loud>cue</c> <00:00:13.000>here',
      '',
    ].join('\n')
    expect(parseTranscript(vtt)).toEqual({
      format: 'vtt',
      segments: [
        { startMs: 5_000, text: 'Hello & welcome.' },
        { startMs: 12_345, text: 'Second cue here' },
      ],
      text: 'Hello & welcome. Second cue here',
    })
  })

  it('keeps a repeated rolling caption once', () => {
    const vtt =
      'WEBVTT\n\n00:01.000 --> 00:02.000\nsame words\n\n00:02.000 --> 00:03.000\nsame words\n\n00:03.000 --> 00:04.000\nnew words\n'
    expect(parseTranscript(vtt).segments).toEqual([
      { startMs: 1_000, text: 'same words' },
      { startMs: 3_000, text: 'new words' },
    ])
  })

  it('leaves plain text untimed, and a subtitle file without words as text', () => {
    expect(parseTranscript('\uFEFF  Just what I said, no timings.\n\nA second paragraph.  ')).toEqual({
      format: 'text',
      segments: null,
      text: 'Just what I said, no timings.\n\nA second paragraph.',
    })
    expect(parseTranscript('We met at 10:30 --> then left.').segments).toBeNull()
    expect(parseTranscript('WEBVTT\n\nNOTE nothing here\n').format).toBe('text')
  })
})
