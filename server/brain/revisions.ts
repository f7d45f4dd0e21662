import { and, eq, inArray, isNotNull } from 'drizzle-orm'
import { CREATOR_ANSWER_TITLE } from '../../contract/knowledge'
import type { Db } from '../db/client'
import { cloneTraining, documentChunks, documents } from '../db/schema'
import { chunkDocument, documentContentHash } from './chunk'
import { firstName } from './small-talk'

export interface Revision {
  trainingId: string
  cloneId: string
  cloneName: string
  /** The answer the creator revised. */
  messageId: string
  /** The visitor's question before it, when there was one. */
  question: string | null
  idealResponse: string
}

/**
 * A revision as the knowledge base keeps it, in the seed's creator-answer form: the question, then
 * 'Answer from {first name}: ...' (the brain quotes the answer without that label).
 */
export function revisionText(revision: Pick<Revision, 'cloneName' | 'question' | 'idealResponse'>): string {
  const answer = `Answer from ${firstName(revision.cloneName)}: ${revision.idealResponse.trim()}`
  return revision.question?.trim() ? `Question: ${revision.question.trim()}\n\n${answer}` : answer
}

/**
 * Puts a creator's revised answer into effect (spec 1 §8 'Tone and revise': new messages get the improved
 * response): it becomes a creator-answer document of the clone ('Answer Provided by the Clone Creator'),
 * retrieved like any source, so the next similar question is answered from it and cites it. Adding the
 * document changes the clone's documents version, which rebuilds its knowledge index on the next question.
 * Revising the same answer again replaces the earlier revision's document. Run inside a transaction.
 */
export async function applyRevision(db: Db, revision: Revision, now = new Date()): Promise<string> {
  const earlier = await db
    .select({ documentId: cloneTraining.documentId })
    .from(cloneTraining)
    .where(
      and(
        eq(cloneTraining.cloneId, revision.cloneId),
        eq(cloneTraining.kind, 'revision'),
        eq(cloneTraining.messageId, revision.messageId),
        isNotNull(cloneTraining.documentId),
      ),
    )
  const replaced = earlier.flatMap((row) => (row.documentId ? [row.documentId] : []))
  if (replaced.length > 0) await db.delete(documents).where(inArray(documents.id, replaced))

  const text = revisionText(revision)
  const [document] = await db
    .insert(documents)
    .values({
      cloneId: revision.cloneId,
      // No key: documents made in the product are not the seed's to remove.
      key: null,
      type: 'File',
      title: CREATOR_ANSWER_TITLE,
      url: null,
      publishedAt: now,
      text,
      contentHash: documentContentHash({ text }),
      createdAt: now,
      updatedAt: now,
    })
    .returning({ id: documents.id })
  const chunks = chunkDocument({ text })
  if (chunks.length > 0) {
    await db.insert(documentChunks).values(
      chunks.map((c) => ({
        documentId: document!.id,
        cloneId: revision.cloneId,
        index: c.index,
        text: c.text,
        timestampMs: c.timestampMs,
        tokenCount: c.tokenCount,
      })),
    )
  }
  await db
    .update(cloneTraining)
    .set({ applied: true, documentId: document!.id })
    .where(eq(cloneTraining.id, revision.trainingId))
  return document!.id
}
