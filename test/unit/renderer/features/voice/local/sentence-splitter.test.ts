import { describe, expect, it } from 'vitest'
import {
  createSentenceSplitter,
  MAX_SENTENCE_CHARS,
  speakableText,
} from '../../../../../../renderer/src/features/voice/local/sentence-splitter'

/** Streams `text` in chunks of `size` characters and collects what comes out, and when. */
function stream(text: string, size = 3) {
  const splitter = createSentenceSplitter()
  const out: string[] = []
  for (let i = 0; i < text.length; i += size) out.push(...splitter.push(text.slice(i, i + size)))
  const beforeEnd = [...out]
  out.push(...splitter.flush())
  return { beforeEnd, all: out }
}

describe('sentences of a streamed answer', () => {
  it('hands out each sentence as soon as the next one starts, the last at the end', () => {
    const { beforeEnd, all } = stream('Sleep matters. Do you nap? Try it! Then rest… Good')
    expect(beforeEnd).toEqual(['Sleep matters.', 'Do you nap?', 'Try it!', 'Then rest…'])
    expect(all).toEqual([...beforeEnd, 'Good'])
  })

  it('the first sentence is out before the answer is whole', () => {
    const splitter = createSentenceSplitter()
    expect(splitter.push('Hello there')).toEqual([])
    expect(splitter.push('.')).toEqual([])
    expect(splitter.push(' How')).toEqual(['Hello there.'])
    expect(splitter.push(' are')).toEqual([])
  })

  it('does not cut at abbreviations, initials, decimals or list numbers', () => {
    const { all } = stream(
      'Dr. Hart and J. Smith said e.g. 3.5 hours at 7 a.m. is fine. Next one.\n1. Walk daily\n2. Sleep well',
      4,
    )
    expect(all).toEqual([
      'Dr. Hart and J. Smith said e.g. 3.5 hours at 7 a.m. is fine.',
      'Next one.',
      'Walk daily',
      'Sleep well',
    ])
  })

  it('a new line ends a sentence; blank lines say nothing', () => {
    expect(stream('# Tips\n\n- Drink water\n- Move').all).toEqual(['Tips', 'Drink water', 'Move'])
  })

  it('citation markers stay with their sentence and are never spoken, even split across tokens', () => {
    const { all } = stream('Light helps [1]. Naps help too.[2][3] And caffeine [4, 5] does not.', 1)
    expect(all).toEqual(['Light helps.', 'Naps help too.', 'And caffeine does not.'])
  })

  it('markdown is read as plain words', () => {
    expect(speakableText('**Bold** and _soft_ and `code`, see [the study](https://x.test/a).')).toBe(
      'Bold and soft and code, see the study.',
    )
    expect(speakableText('> *Quoted* line')).toBe('Quoted line')
    expect(speakableText(' [1] ')).toBe('')
    expect(speakableText('**')).toBe('')
  })

  it('cuts a very long run without a sentence end at a space', () => {
    const words = Array.from({ length: 80 }, (_, i) => `word${i}`).join(' ')
    const { beforeEnd, all } = stream(words, 10)
    expect(beforeEnd.length).toBeGreaterThan(0)
    expect(beforeEnd.every((s) => s.length <= MAX_SENTENCE_CHARS)).toBe(true)
    expect(all.join(' ')).toBe(words)
  })
})
