import { describe, expect, it } from 'vitest'
import type { AnswerInput, AnswerSource } from '../../../../server/brain/answerer'
import { citeAnswer, markersInOrder, withoutMarkers } from '../../../../server/brain/citations'
import { composeAnswer, withMarker } from '../../../../server/brain/compose'
import { OFF_TOPIC_OPENING, smallTalkOf } from '../../../../server/brain/small-talk'
import { searchTerms } from '../../../../server/brain/terms'

const source = (
  number: number,
  title: string,
  text: string,
  extra: Partial<AnswerSource> = {},
): AnswerSource => ({
  number,
  documentId: `doc-${number}`,
  documentTitle: title,
  type: 'Website',
  url: `https://example.com/${number}`,
  tweetId: null,
  timestampMs: null,
  text,
  product: null,
  ...extra,
})

const SOURCES = [
  source(
    1,
    'Naps for Athletes',
    'Athletes ask me about naps all the time. A 20-minute nap in the early afternoon is my default for athletes. Set the alarm for 25 minutes so you have time to drift off. The weather was nice that day.',
    {
      type: 'Youtube',
      timestampMs: 58_000,
      product: { name: 'Eye Mask', url: 'https://shop.example.com/mask', imageUrl: null },
    },
  ),
  source(
    2,
    'Training Plan',
    'On days with two sessions, take a 20-minute nap in the early afternoon after training.',
  ),
  source(3, 'Wind-Down', 'A nap late in the day steals sleep pressure from the night for athletes.'),
  source(4, 'Shift Work', 'Plan your main sleep block after a night shift.'),
  source(5, 'Morning Light', 'Get daylight within an hour of waking.'),
]

const input = (question: string, overrides: Partial<AnswerInput> = {}): AnswerInput => ({
  clone: { name: 'Dr. Lena Hart', headline: null, toneFeedback: null },
  intent: 'grounded',
  question,
  history: [],
  sources: SOURCES,
  termWeights: new Map(searchTerms(question).map((t) => [t, 2])),
  topics: ['morning light', 'naps for athletes', 'caffeine cutoff'],
  ...overrides,
})

describe('composeAnswer', () => {
  it('cites sources with markers numbered 1..n in order of first use, matching the citations', () => {
    const text = composeAnswer(input('Should athletes take a nap in the afternoon?'))
    const used = markersInOrder(text)
    expect(used.length).toBeGreaterThan(0)
    expect(used).toEqual(used.map((_, i) => i + 1))

    const { citations, affiliates } = citeAnswer(text, SOURCES)
    for (const n of used) expect(citations.find((c) => c.index === n)?.documentId).toBe(`doc-${n}`)
    // Up to three unused sources come along as relevant, without markers in the text.
    const relevant = citations.filter((c) => !used.includes(c.index))
    expect(relevant.length).toBe(Math.min(3, SOURCES.length - used.length))
    expect(citations.map((c) => c.index)).toEqual([...citations.map((c) => c.index)].sort((a, b) => a - b))
    // The lead source is tied to a product, so the answer carries its card.
    expect(affiliates).toEqual([{ url: 'https://shop.example.com/mask', title: 'Eye Mask', imageUrl: null }])
  })

  it('quotes the sentences that answer, each followed by its marker, in the first person', () => {
    const text = composeAnswer(input('Should athletes take a nap in the afternoon?'))
    expect(text).toContain('A 20-minute nap in the early afternoon is my default for athletes [1].')
    expect(text).not.toContain('The weather was nice')
    // A sentence about the video rather than the subject is not the answer.
    expect(text).not.toContain('Athletes ask me about naps')
  })

  it('honours the creator’s tone notes it understands', () => {
    const plain = composeAnswer(input('Should athletes nap?'))
    const coached = composeAnswer(
      input('Should athletes nap?', {
        clone: { name: 'Lena', headline: null, toneFeedback: 'Always end with one practical next step.' },
      }),
    )
    expect(coached.length).toBeGreaterThan(plain.length)
    expect(coached.split('\n\n').at(-1)).toMatch(/try/i)
  })

  it('answers off-topic questions honestly, naming topics, with no markers and no citations', () => {
    const text = composeAnswer(input('What is the capital of Peru?', { intent: 'offTopic', sources: [] }))
    expect(text).toBe(
      `${OFF_TOPIC_OPENING} I can help with things like morning light, naps for athletes and caffeine cutoff.`,
    )
    expect(citeAnswer(text, []).citations).toEqual([])
  })

  it('answers small talk briefly, without sources', () => {
    const hello = composeAnswer(input('hello!', { intent: 'greeting', sources: [] }))
    expect(hello).toMatch(/^Hi! I’m Lena\./)
    expect(markersInOrder(hello)).toEqual([])
    expect(composeAnswer(input('thanks so much', { intent: 'greeting', sources: [] }))).toMatch(
      /^You’re welcome!/,
    )
  })
})

describe('small talk', () => {
  it('recognises greetings and thanks, not questions that open with one', () => {
    expect(smallTalkOf('Hi', 'Dr. Lena Hart')).toBe('hello')
    expect(smallTalkOf('hello Lena!', 'Dr. Lena Hart')).toBe('hello')
    expect(smallTalkOf('Thanks, that was helpful', 'Dr. Lena Hart')).toBe('thanks')
    expect(smallTalkOf('bye', 'Dr. Lena Hart')).toBe('goodbye')
    expect(smallTalkOf('Hi, should I nap?', 'Dr. Lena Hart')).toBeNull()
    expect(smallTalkOf('What is HRV?', 'Dr. Lena Hart')).toBeNull()
  })
})

describe('citeAnswer', () => {
  it('keeps each source’s number, ignores markers without a source, and lists nothing when nothing is cited', () => {
    const { citations } = citeAnswer('Keep it cool [3]. Naps help [1]. Unknown [9].', SOURCES)
    expect(citations.map((c) => c.index)).toEqual([1, 2, 3, 4, 5])
    expect(citeAnswer('No markers here.', SOURCES).citations).toEqual([])
  })

  it('carries timestamps for videos and podcasts only', () => {
    const { citations } = citeAnswer('Nap [1]. Train [2].', SOURCES)
    expect(citations.find((c) => c.index === 1)).toMatchObject({
      type: 'Youtube',
      timestamp: 58_000,
      visible: true,
    })
    expect(citations.find((c) => c.index === 2)?.timestamp).toBeNull()
  })
})

describe('markers', () => {
  it('goes right after the sentence, before its final punctuation', () => {
    expect(withMarker('Keep the room cool.', 2)).toBe('Keep the room cool [2].')
    expect(withMarker('Is it cool?”', 1)).toBe('Is it cool [1]?”')
    expect(withMarker('No punctuation', 3)).toBe('No punctuation [3].')
  })

  it('can be dropped from a reply stored without citations', () => {
    expect(withoutMarkers('Keep it cool [1]. Naps help [2][3].')).toBe('Keep it cool. Naps help.')
  })
})
