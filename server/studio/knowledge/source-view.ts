import { type SQL, sql } from 'drizzle-orm'
import { CREATOR_ANSWER_TITLE } from '../../../contract/knowledge'
import type { KnowledgeSource } from '../../../contract/studio-knowledge'
import { documents } from '../../db/schema'

/**
 * A new updated_at for a change the clone's index must see: `now`, and at least a millisecond past the last
 * one, since the index's version is the documents' count and latest update in milliseconds
 * (brain/knowledge-index.ts), and a Q&A pair is read within the millisecond it was added.
 */
export const bumpedUpdatedAt = (now: Date): SQL<Date> =>
  sql<Date>`greatest(${now.toISOString()}::timestamptz, ${documents.updatedAt} + interval '1 millisecond')`

export type DocumentRow = typeof documents.$inferSelect

export type SourceRow = Pick<
  DocumentRow,
  'id' | 'sourceKind' | 'type' | 'title' | 'url' | 'state' | 'error' | 'createdAt' | 'readAt'
> & {
  fileName: string | null
  passages: number
  /** The length of its text: a book's text is not read to be counted. */
  characters: number
  /** The text of a Q&A pair (its question and answer); null for other kinds. */
  qaText: string | null
}

/**
 * A Q&A pair's question and answer, read back from its text: written as revisionText writes a creator's
 * answer (brain/revisions.ts), 'Question: ...' then 'Answer from {first name}: ...', the question on one line.
 */
export function qaPairOf(text: string): { question: string; answer: string } | null {
  const match = /^Question: ([^\n]*)\n\nAnswer from [^:\n]*: ([\s\S]*)$/.exec(text)
  return match ? { question: match[1]!, answer: match[2]! } : null
}

/** A source as the studio shows it (contract/studio-knowledge.ts). */
export function toKnowledgeSource(row: SourceRow): KnowledgeSource {
  const qa = row.qaText === null ? null : qaPairOf(row.qaText)
  const ready = row.state === 'ready'
  return {
    id: row.id,
    kind: row.sourceKind,
    type: row.type,
    // A creator answer always carries its special title (spec 1 §2).
    title: row.sourceKind === 'qa' ? CREATOR_ANSWER_TITLE : row.title,
    url: row.url,
    state: row.state,
    error: row.state === 'failed' ? (row.error ?? null) : null,
    fileName: row.fileName,
    question: qa?.question ?? null,
    answer: qa?.answer ?? null,
    // A queued transcript holds what was pasted until it is read: nothing counts before 'ready'.
    characters: ready ? row.characters : 0,
    passages: ready ? row.passages : 0,
    createdAt: row.createdAt.toISOString(),
    readAt: row.readAt?.toISOString() ?? null,
  }
}
