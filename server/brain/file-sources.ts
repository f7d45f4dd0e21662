import type { AnswerSource, Attachment } from './answerer'
import type { Bm25Index } from './bm25'
import { splitSentences } from './chunk'
import { ABOUT_THE_FILE, MIN_COVERAGE } from './retrieve'
import { searchTerms } from './terms'

/*
 * Issue #15 'The answer cites the attached file as a source like any other': each readable attached file
 * becomes a numbered source (type 'File', documentId = the upload's id, title = the file name, url = the
 * file's own address), its text being the passage of the file that is on the question.
 */

/** A file's passage: about the size of a knowledge chunk (server/brain/chunk.ts TEXT_CHUNK_WORDS). */
const PASSAGE_WORDS = 150
/** ...and never longer than this (one endless 'sentence' included). */
const PASSAGE_CHARS = 2_000
/** Questions asking what the file says ('Summarize the attached file'): the file itself leads the answer. */
const ASKS_FOR_THE_FILE =
  /\b(summari[sz]e|summary|tl;?dr|sum (it|this|that) up|what(’|')?s in (it|this|the)|what (does|do) (it|this|the \w+) say|what is (it|this|the (file|document|attachment)) about)\b/i

export interface FileSource {
  source: Omit<AnswerSource, 'number'>
  /** The file should lead the answer: the visitor asks about the file itself, or it holds the answer. */
  leads: boolean
}

/**
 * The attached files as sources for a question, each with its passage most on the question (or, for a
 * question about the file as a whole, most on the file's own subject: `termWeights`).
 */
export function fileSources(
  attachments: readonly Attachment[],
  question: string,
  termWeights: ReadonlyMap<string, number>,
  bm25: Bm25Index,
): FileSource[] {
  const asked = [...new Set(searchTerms(question))].filter((t) => !ABOUT_THE_FILE.has(t))
  const askedMass = asked.reduce((sum, t) => sum + bm25.idf(t), 0)
  const askedForFile = ASKS_FOR_THE_FILE.test(question)
  return attachments.flatMap((file) => {
    if (!file.text) return []
    const passages = passagesOf(file.text)
    const scored = passages.map((text, position) => {
      const terms = new Set(searchTerms(text))
      let score = 0
      for (const term of terms) score += termWeights.get(term) ?? 0
      const covered = asked.reduce((sum, t) => sum + (terms.has(t) ? bm25.idf(t) : 0), 0)
      return { text, position, score, coverage: askedMass > 0 ? covered / askedMass : 0 }
    })
    const best = [...scored].sort((a, b) => b.score - a.score || a.position - b.position)[0]
    if (!best) return []
    return [
      {
        source: {
          documentId: file.uploadId,
          documentTitle: file.fileName,
          type: 'File' as const,
          url: file.url,
          tweetId: null,
          timestampMs: null,
          text: best.text.slice(0, PASSAGE_CHARS),
          product: null,
        },
        leads: askedForFile || best.coverage >= MIN_COVERAGE,
      },
    ]
  })
}

/** A file's text in passages of whole sentences, about PASSAGE_WORDS each. */
export function passagesOf(text: string): string[] {
  const passages: string[] = []
  let current: string[] = []
  let count = 0
  for (const sentence of splitSentences(text)) {
    const n = sentence.split(/\s+/).filter(Boolean).length
    if (count > 0 && count + n > PASSAGE_WORDS) {
      passages.push(current.join(' '))
      current = []
      count = 0
    }
    current.push(sentence)
    count += n
  }
  if (current.length > 0) passages.push(current.join(' '))
  return passages
}
