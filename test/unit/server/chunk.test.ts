import { describe, expect, it } from 'vitest'
import {
  chunkDocument,
  countWords,
  splitSentences,
  TEXT_CHUNK_WORDS,
  TIMED_CHUNK_WORDS,
} from '../../../server/brain/chunk'

/** A sentence of exactly `n` words, ending with a full stop. */
const sentence = (n: number, word = 'word') =>
  `${`${word} `.repeat(n - 1)}${word}.`.replace(/^./, (c) => c.toUpperCase())

const paragraph = (sentences: number, wordsEach: number) =>
  Array.from({ length: sentences }, (_, i) => sentence(wordsEach, `w${i}`)).join(' ')

describe('chunkDocument: plain text', () => {
  it('returns nothing for an empty document', () => {
    expect(chunkDocument({ text: '' })).toEqual([])
    expect(chunkDocument({ text: '   \n\n  ' })).toEqual([])
    expect(chunkDocument({})).toEqual([])
  })

  it('keeps a short text (a tweet) as one chunk without timestamp', () => {
    const chunks = chunkDocument({ text: 'Sleep is a skill. Practise it nightly.' })
    expect(chunks).toEqual([
      { index: 0, text: 'Sleep is a skill. Practise it nightly.', timestampMs: null, tokenCount: 10 },
    ])
  })

  it('packs sentences into chunks of about 80 to 150 words without cutting sentences', () => {
    const sentences = Array.from({ length: 60 }, (_, i) => sentence(10 + (i % 7), `s${i}`))
    const text = [0, 12, 25, 40]
      .map((start, i, all) => sentences.slice(start, all[i + 1]).join(' '))
      .join('\n\n')
    const chunks = chunkDocument({ text })
    expect(chunks.length).toBeGreaterThan(3)
    chunks.forEach((c, i) => {
      expect(c.index).toBe(i)
      expect(c.timestampMs).toBeNull()
      expect(c.text.trim().endsWith('.')).toBe(true)
      const words = countWords(c.text)
      expect(words).toBeLessThanOrEqual(TEXT_CHUNK_WORDS.max + TEXT_CHUNK_WORDS.min / 2)
      if (i < chunks.length - 1) expect(words).toBeGreaterThanOrEqual(TEXT_CHUNK_WORDS.min)
    })
    // No sentence is split between chunks, and nothing is lost or repeated.
    const joined = chunks.map((c) => c.text).join(' ')
    for (const s of sentences) expect(chunks.filter((c) => c.text.includes(s))).toHaveLength(1)
    expect(countWords(joined)).toBe(countWords(text))
  })

  it('keeps paragraph breaks inside a chunk', () => {
    const text = `${paragraph(3, 10)}\n\n${paragraph(3, 10)}`
    const [chunk, ...rest] = chunkDocument({ text })
    expect(rest).toEqual([])
    expect(chunk!.text.split('\n\n')).toHaveLength(2)
  })

  it('prefers to end a chunk at a paragraph once it is big enough', () => {
    const text = `${paragraph(9, 10)}\n\n${paragraph(5, 10)}`
    const chunks = chunkDocument({ text })
    expect(chunks.map((c) => countWords(c.text))).toEqual([90, 50])
  })

  it('cuts at a paragraph rather than leave a paragraph end to open the next chunk', () => {
    const text = `${paragraph(7, 10)}\n\n${paragraph(9, 10)}`
    const chunks = chunkDocument({ text })
    expect(chunks.map((c) => countWords(c.text))).toEqual([70, 90])
    expect(chunks.every((c) => !c.text.includes('\n\n'))).toBe(true)
  })

  it('merges a very short tail into the chunk before it', () => {
    const text = `${paragraph(12, 10)} ${sentence(5, 'tail')}`
    const chunks = chunkDocument({ text })
    expect(chunks.at(-1)!.text).toContain('Tail tail')
    expect(countWords(chunks.at(-1)!.text)).toBeGreaterThan(5)
  })

  it('cuts a single overlong sentence at word boundaries', () => {
    const chunks = chunkDocument({ text: sentence(400) })
    expect(chunks.length).toBeGreaterThanOrEqual(3)
    for (const c of chunks) expect(countWords(c.text)).toBeLessThanOrEqual(TEXT_CHUNK_WORDS.max)
    expect(chunks.reduce((n, c) => n + countWords(c.text), 0)).toBe(400)
  })

  it('is deterministic and estimates tokens', () => {
    const text = paragraph(30, 12)
    expect(chunkDocument({ text })).toEqual(chunkDocument({ text }))
    for (const c of chunkDocument({ text })) expect(c.tokenCount).toBe(Math.ceil(c.text.length / 4))
  })
})

describe('chunkDocument: timed transcripts', () => {
  const segments = Array.from({ length: 40 }, (_, i) => ({ startMs: i * 7_000, text: sentence(12, `t${i}`) }))

  it('groups consecutive segments into 60 to 120 words, keeping the first start', () => {
    const chunks = chunkDocument({ segments })
    expect(chunks.length).toBeGreaterThan(3)
    let next = 0
    chunks.forEach((c, i) => {
      const words = countWords(c.text)
      expect(words).toBeLessThanOrEqual(TIMED_CHUNK_WORDS.max)
      if (i < chunks.length - 1) expect(words).toBeGreaterThanOrEqual(TIMED_CHUNK_WORDS.min)
      // Segments stay in order and each chunk starts where its first segment starts.
      expect(c.timestampMs).toBe(segments[next]!.startMs)
      expect(c.text.startsWith(segments[next]!.text)).toBe(true)
      next += Math.round(words / 12)
    })
    expect(next).toBe(segments.length)
  })

  it('prefers segments over text when both are given', () => {
    const chunks = chunkDocument({ text: 'ignored', segments: segments.slice(0, 2) })
    expect(chunks).toHaveLength(1)
    expect(chunks[0]!.timestampMs).toBe(0)
    expect(chunks[0]!.text).not.toContain('ignored')
  })

  it('splits an overlong segment by sentences, each part keeping its start', () => {
    const long = { startMs: 90_000, text: paragraph(20, 10) }
    const chunks = chunkDocument({ segments: [{ startMs: 0, text: sentence(10) }, long] })
    expect(chunks.length).toBeGreaterThanOrEqual(2)
    expect(chunks[0]!.timestampMs).toBe(0)
    expect(chunks.at(-1)!.timestampMs).toBe(90_000)
    for (const c of chunks) expect(countWords(c.text)).toBeLessThanOrEqual(TIMED_CHUNK_WORDS.max + 30)
  })

  it('skips empty segments', () => {
    const chunks = chunkDocument({
      segments: [
        { startMs: 0, text: '  ' },
        { startMs: 500, text: 'Hello there.' },
      ],
    })
    expect(chunks).toEqual([{ index: 0, text: 'Hello there.', timestampMs: 500, tokenCount: 3 }])
  })
})

describe('splitSentences', () => {
  it('does not split on common abbreviations or decimals', () => {
    expect(splitSentences('Take 0.5 mg, e.g. at night. Then sleep.')).toEqual([
      'Take 0.5 mg, e.g. at night.',
      'Then sleep.',
    ])
  })
})
