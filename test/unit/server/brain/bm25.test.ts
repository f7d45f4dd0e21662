import { describe, expect, it } from 'vitest'
import { Bm25Index, weightedTerms } from '../../../../server/brain/bm25'
import {
  indexKnowledge,
  type KnowledgeChunk,
  type KnowledgeIndex,
} from '../../../../server/brain/knowledge-index'
import { retrieve } from '../../../../server/brain/retrieve'
import { searchTerms, stem, words } from '../../../../server/brain/terms'
import { topicOfTitle } from '../../../../server/brain/topics'

describe('search terms', () => {
  it('lower-cases, folds apostrophes and accents, and drops stop words', () => {
    expect(words('Don’t nap AFTER 4pm, Tomás!')).toEqual(['dont', 'nap', 'after', '4pm', 'tomas'])
    expect(searchTerms('How should I sleep during my marathon taper?')).toEqual([
      'sleep',
      'marathon',
      'taper',
    ])
    expect(searchTerms('What is the capital of Peru?')).toEqual([stem('capital'), 'peru'])
  })

  it('strips suffixes so forms of a word meet', () => {
    for (const [a, b] of [
      ['naps', 'napping'],
      ['nap', 'naps'],
      ['sleeping', 'sleep'],
      ['race', 'racing'],
      ['wearables', 'wearable'],
      ['temperatures', 'temperature'],
      ['studies', 'study'],
      ['tapering', 'taper'],
    ] as const) {
      expect(stem(a), `${a} / ${b}`).toBe(stem(b))
    }
    // Different words stay apart.
    expect(stem('taper')).not.toBe(stem('taping'))
    expect(stem('falling')).toBe('fall')
    expect(stem('20')).toBe('20')
  })
})

describe('Bm25Index', () => {
  const index = Bm25Index.of([
    {
      title: 'Naps for Athletes',
      text: 'A short nap of twenty minutes in the early afternoon helps training.',
    },
    { title: 'Caffeine Cutoff', text: 'Caffeine has a half-life of five hours, so stop coffee early.' },
    { title: 'Bedroom Temperature', text: 'Keep the bedroom cool. A nap is not about temperature.' },
  ])

  const rank = (question: string) =>
    [...index.score(weightedTerms([{ text: question, weight: 1 }]))]
      .sort((a, b) => b[1] - a[1])
      .map(([e]) => e)

  it('ranks the entry about the question first', () => {
    expect(rank('When should I stop drinking coffee?')[0]).toBe(1)
    expect(rank('Is a cool bedroom better?')[0]).toBe(2)
    expect(rank('napping for athletes')[0]).toBe(0)
  })

  it('boosts a title hit above a body mention', () => {
    // Both entries 0 and 2 mention 'nap' in their body; only entry 0 has it in its title.
    const scores = index.score([{ term: stem('nap'), weight: 1 }])
    expect(scores.get(0)!).toBeGreaterThan(scores.get(2)!)
  })

  it('weighs rare terms above common ones and unknown terms highest', () => {
    expect(index.idf(stem('coffee'))).toBeGreaterThan(index.idf(stem('nap')))
    expect(index.idf('never-seen')).toBeGreaterThan(index.idf(stem('coffee')))
  })

  it('scales scores by query weight and ignores unknown terms', () => {
    const full = index.score([{ term: stem('coffee'), weight: 1 }]).get(1)!
    const light = index.score([{ term: stem('coffee'), weight: 0.35 }]).get(1)!
    expect(light).toBeCloseTo(full * 0.35)
    expect(index.score([{ term: 'peru', weight: 1 }]).size).toBe(0)
  })
})

describe('retrieve', () => {
  const chunk = (
    documentId: string,
    documentTitle: string,
    text: string,
    chunkIndex = 0,
  ): KnowledgeChunk => ({
    chunkId: `${documentId}-${chunkIndex}`,
    chunkIndex,
    documentId,
    documentTitle,
    type: 'Website',
    url: `https://example.com/${documentId}`,
    tweetId: null,
    timestampMs: null,
    text,
    product: null,
  })
  const chunks = [
    chunk(
      'naps',
      'Naps for Athletes',
      'Nap for twenty minutes in the early afternoon. Long naps cause grogginess.',
    ),
    chunk('naps', 'Naps for Athletes', 'A ninety minute nap is a full cycle of sleep.', 1),
    chunk('coffee', 'Caffeine Cutoff', 'Stop coffee eight hours before bed. Caffeine lingers for hours.'),
    chunk('bedroom', 'The Cool Bedroom', 'Keep the bedroom between sixteen and nineteen degrees.'),
    // A knowledge base has tens of documents; rarity (idf) only means something among many.
    ...['Stretching', 'Hydration', 'Running Shoes', 'Race Nutrition', 'Cycling Cadence', 'Swim Drills'].map(
      (title, i) =>
        chunk(`other-${i}`, title, `${title} basics for endurance training, explained step by step.`),
    ),
  ]
  const index: KnowledgeIndex = indexKnowledge({ cloneId: 'c', version: '1', chunks })

  it('keeps one chunk per document, best first', () => {
    const { sources } = retrieve(index, 'How long should an afternoon nap be?', [])
    expect(sources[0]!.chunk.documentId).toBe('naps')
    expect(new Set(sources.map((s) => s.chunk.documentId)).size).toBe(sources.length)
  })

  it('finds nothing for a question outside the material', () => {
    expect(retrieve(index, 'What is the capital of Peru?', []).sources).toEqual([])
    expect(retrieve(index, 'Tell me a joke', []).sources).toEqual([])
  })

  it('uses earlier turns for a follow-up, at a lower weight than the question', () => {
    const followUp = retrieve(index, 'and how many minutes?', ['Should athletes nap?'])
    expect(followUp.sources[0]?.chunk.documentId).toBe('naps')
    const weights = new Map(followUp.query.map((t) => [t.term, t.weight]))
    expect(weights.get(stem('minutes'))).toBe(1)
    expect(weights.get(stem('nap'))).toBeLessThan(1)
  })
})

describe('topics', () => {
  it('names the subject of a title, not its hook or series', () => {
    expect(topicOfTitle('Caffeine Cutoff: When to Drink Your Last Coffee')).toBe('caffeine cutoff')
    expect(topicOfTitle('The Rested Athlete, Ep. 42: Sleeping Through Your Marathon Taper')).toBe(
      'sleeping through your marathon taper',
    )
    expect(topicOfTitle('Insomnia and CBT-I Basics')).toBe('insomnia and CBT-I basics')
    expect(topicOfTitle('I Wore Five Sleep Trackers for a Month: How Accurate Are Wearables?')).toBeNull()
  })
})
