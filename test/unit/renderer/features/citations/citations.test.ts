import { describe, expect, it, vi } from 'vitest'
import { CREATOR_ANSWER_TITLE } from '../../../../../contract/knowledge'
import {
  citationOverlayFor,
  citationsParamFor,
  sourcesToShow,
} from '../../../../../renderer/src/features/citations/citation-overlay'
import {
  citationHref,
  citationProblem,
  citationsByIndex,
  countSources,
  groupCitations,
  toSourceItem,
  tweetUrl,
} from '../../../../../renderer/src/features/citations/citations'
import { citation } from '../../support/chat'

const ids = (items: { citation: { id: string } }[]) => items.map((i) => i.citation.id)

describe('groupCitations (spec 1 §5)', () => {
  const text = 'Cut off caffeine 8 hours before bed [2]. Morning light helps [1][2].'

  it('counts a citation as used when the text has its marker, in number order', () => {
    const groups = groupCitations([citation({ index: 2, id: 'b' }), citation({ index: 1, id: 'a' })], text)
    expect(ids(groups.used)).toEqual(['a', 'b'])
    expect(groups.relevant).toEqual([])
  })

  it('puts the rest under relevant, visible only, one per document', () => {
    const groups = groupCitations(
      [
        citation({ index: 1, id: 'a', documentId: 'd1' }),
        citation({ index: 3, id: 'c', documentId: 'd3' }),
        citation({ index: 4, id: 'd', documentId: 'd3' }),
        citation({ index: 5, id: 'e', documentId: 'd5', visible: false }),
        citation({ index: 6, id: 'f', documentId: 'd1' }),
        citation({ index: 7, id: 'g', documentId: 'd7' }),
      ],
      text,
    )
    expect(ids(groups.used)).toEqual(['a'])
    // d3 once, d5 invisible, d1 already used.
    expect(ids(groups.relevant)).toEqual(['c', 'g'])
  })

  it('hides citations with an empty title', () => {
    const groups = groupCitations(
      [citation({ index: 1, id: 'a', title: '  ' }), citation({ index: 3, id: 'c', title: '' })],
      text,
    )
    expect(groups).toEqual({ used: [], relevant: [] })
  })

  it('skips invalid citations and logs why, without throwing', () => {
    const log = vi.fn()
    const groups = groupCitations(
      [
        citation({ index: 1, id: 'a', type: 'Youtube', url: null }),
        citation({ index: 2, id: 'b', documentId: '' }),
        citation({ index: 3, id: 'c' }),
      ],
      text,
      log,
    )
    expect(ids(groups.used)).toEqual([])
    expect(ids(groups.relevant)).toEqual(['c'])
    expect(log).toHaveBeenCalledWith('YouTube URL not found in citation (citation a)')
    expect(log).toHaveBeenCalledWith('Citation is missing its documentId (citation b)')
  })

  it('counts the sources a message can show', () => {
    expect(countSources([citation({ index: 1 }), citation({ index: 2, documentId: 'd2' })], 'x [1]')).toBe(2)
    expect(countSources([citation({ index: 1, visible: false })], 'no marker')).toBe(0)
    expect(countSources([], 'x [1]')).toBe(0)
  })
})

describe('source items', () => {
  it('links Twitter items by tweetId', () => {
    const tweet = citation({ type: 'Twitter', url: null, tweetId: '1781234567890123456' })
    expect(citationHref(tweet)).toBe('https://twitter.com/i/web/status/1781234567890123456')
    expect(tweetUrl('1')).toBe('https://twitter.com/i/web/status/1')
    expect(citationHref(citation({ type: 'Twitter', tweetId: null }))).toBeNull()
  })

  it('links other items by url, web and media addresses only', () => {
    expect(citationHref(citation({ url: 'https://x.example/a' }))).toBe('https://x.example/a')
    expect(citationHref(citation({ type: 'File', url: '/media/files/plan.md' }))).toBe('/media/files/plan.md')
    expect(citationHref(citation({ url: 'javascript:alert(1)' }))).toBeNull()
    expect(citationHref(citation({ url: null }))).toBeNull()
  })

  it('links a cited attached file to the file itself, or to nothing when its address is withheld (issue #15)', () => {
    const own = '/api/uploads/files/AAAAAAAAAAAAAAAAAAAAAA/trip-plan.txt'
    const file = toSourceItem(citation({ type: 'File', title: 'trip-plan.txt', url: own }))
    expect(file?.href).toBe(own)
    expect(toSourceItem(citation({ type: 'File', title: 'trip-plan.txt', url: null }))?.href).toBeNull()
  })

  it('finds the YouTube id and marks creator answers', () => {
    const video = toSourceItem(
      citation({ type: 'Youtube', url: 'https://www.youtube.com/watch?v=Jt7LagRace1' }),
    )
    expect(video?.youtubeId).toBe('Jt7LagRace1')
    expect(toSourceItem(citation({ type: 'File', title: CREATOR_ANSWER_TITLE }))?.isCreatorAnswer).toBe(true)
  })

  it('names the problems of spec 1 §5', () => {
    expect(citationProblem(citation({ type: 'Youtube', url: null }))).toBe(
      'YouTube URL not found in citation',
    )
    expect(citationProblem(citation({ documentId: '' }))).toBe('Citation is missing its documentId')
    expect(citationProblem(citation())).toBeNull()
  })

  it('maps marker numbers to citations with a title', () => {
    const map = citationsByIndex([citation({ index: 1 }), citation({ index: 2, title: '' })])
    expect([...map.keys()]).toEqual([1])
  })
})

describe('citation overlay (spec 1 §4)', () => {
  const messageId = '22222222-2222-4222-8222-222222222222'
  it('is closed without a message, all sources with one, a single source with a number or item', () => {
    expect(citationOverlayFor(undefined)).toEqual({ state: 'CLOSED' })
    expect(citationOverlayFor({ message: messageId })).toEqual({ state: 'ALL_SOURCES', messageId })
    expect(citationOverlayFor({ message: messageId, citation: 2 })).toEqual({
      state: 'SINGLE_SOURCE',
      messageId,
      citation: 2,
    })
    expect(citationOverlayFor({ message: messageId, relevant: 'cit-9' })).toEqual({
      state: 'SINGLE_SOURCE',
      messageId,
      relevant: 'cit-9',
    })
    expect(citationsParamFor(messageId, 3)).toEqual({ message: messageId, citation: 3 })
    expect(citationsParamFor(messageId)).toEqual({ message: messageId })
  })

  const groups = groupCitations(
    [citation({ index: 1, id: 'a' }), citation({ index: 2, id: 'b', documentId: 'doc-b' })],
    'Answer [1].',
  )

  it('lists the groups, or one source', () => {
    expect(sourcesToShow({ state: 'ALL_SOURCES', messageId }, groups)).toMatchObject({ single: false })
    const one = sourcesToShow({ state: 'SINGLE_SOURCE', messageId, citation: 1 }, groups)
    expect(one?.used.map((i) => i.citation.id)).toEqual(['a'])
    const relevant = sourcesToShow({ state: 'SINGLE_SOURCE', messageId, relevant: 'doc-b' }, groups)
    expect(relevant?.relevant.map((i) => i.citation.id)).toEqual(['b'])
  })

  it('answers null (close) when the data asked for is missing', () => {
    expect(sourcesToShow({ state: 'SINGLE_SOURCE', messageId, citation: 7 }, groups)).toBeNull()
    expect(sourcesToShow({ state: 'ALL_SOURCES', messageId }, { used: [], relevant: [] })).toBeNull()
    expect(sourcesToShow({ state: 'CLOSED' }, groups)).toBeNull()
  })
})
