import { describe, expect, it } from 'vitest'
import { MAX_TRANSCRIPT_LENGTH } from '../../../../../contract/studio-knowledge'
import {
  emptyTranscriptDraft,
  readTranscriptDraft,
  readWebDraft,
  type TranscriptDraft,
} from '../../../../../renderer/src/features/studio-knowledge/source-forms'
import { hasUnsettled } from '../../../../../renderer/src/features/studio-knowledge/source-list'
import { source } from './knowledge-harness'

const draft = (patch: Partial<TranscriptDraft>): TranscriptDraft => ({
  ...emptyTranscriptDraft(),
  url: 'https://podcasts.example.com/12',
  title: 'Episode 12',
  type: 'Podcast',
  pasted: 'Sleep comes in cycles.',
  ...patch,
})

describe('the add-source forms', () => {
  it('takes any http(s) page address, trimmed, and refuses the rest with a reason', () => {
    expect(readWebDraft(' https://example.com/a ')).toEqual({
      ok: true,
      input: { url: 'https://example.com/a' },
    })
    expect(readWebDraft('example.com')).toEqual({
      ok: false,
      errors: { url: 'Enter a web address starting with http:// or https://' },
    })
    expect(readWebDraft(`https://example.com/${'a'.repeat(2048)}`)).toEqual({
      ok: false,
      errors: { url: 'Keep the address to 2,048 characters.' },
    })
  })

  it('takes a podcast episode at any web address, but a YouTube video only with a video id', () => {
    expect(readTranscriptDraft(draft({})).ok).toBe(true)
    const youtube = readTranscriptDraft(draft({ type: 'Youtube', url: 'https://www.youtube.com/channel/x' }))
    expect(youtube.ok ? null : youtube.errors.url).toMatch(/Enter a YouTube video address/)
    expect(readTranscriptDraft(draft({ type: 'Youtube', url: 'https://youtu.be/abcdefgh' })).ok).toBe(true)
  })

  it('sends the transcript of the chosen way only: the pasted text, or the file’s', () => {
    const fromFile = readTranscriptDraft(
      draft({
        from: 'file',
        pasted: 'left over',
        file: { name: 'ep.srt', text: ' 1\n00:00:01,000 --> 00:00:02,000\nHi\n' },
      }),
    )
    expect(fromFile.ok && fromFile.input.transcript).toBe('1\n00:00:01,000 --> 00:00:02,000\nHi')
    const noFile = readTranscriptDraft(draft({ from: 'file', file: null }))
    expect(noFile.ok ? null : noFile.errors.transcript).toBe('Choose an .srt or .vtt file.')
    const tooLong = readTranscriptDraft(draft({ pasted: 'x'.repeat(MAX_TRANSCRIPT_LENGTH + 1) }))
    expect(tooLong.ok ? null : tooLong.errors.transcript).toMatch(/longer than 1,000,000 characters/)
  })

  it('asks again only while a source is queued or reading', () => {
    expect(hasUnsettled(undefined)).toBe(false)
    expect(hasUnsettled([source({ state: 'ready' }), source({ state: 'failed' })])).toBe(false)
    expect(hasUnsettled([source({ state: 'ready' }), source({ state: 'reading' })])).toBe(true)
    expect(hasUnsettled([source({ state: 'queued' })])).toBe(true)
  })
})
