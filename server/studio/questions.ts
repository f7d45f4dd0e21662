import { and, asc, eq, inArray, notInArray } from 'drizzle-orm'
import type { StudioQuestion, StudioQuestionInput } from '../../contract/studio'
import type { Db } from '../db/client'
import { suggestedQuestions } from '../db/schema'
import { badRequest } from '../errors'

/** The clone's suggested questions in the order the profile shows them (spec 1 §2). */
export function listStudioQuestions(db: Db, cloneId: string): Promise<StudioQuestion[]> {
  return db
    .select({ id: suggestedQuestions.id, question: suggestedQuestions.question })
    .from(suggestedQuestions)
    .where(eq(suggestedQuestions.cloneId, cloneId))
    .orderBy(asc(suggestedQuestions.position), asc(suggestedQuestions.id))
}

/**
 * Replaces the clone's questions with `questions`, in that order, in one transaction: a question with an id
 * keeps its row (and a seeded question its `key`), one without is added, and every other question of the
 * clone is removed. An id that is not one of the clone's questions, or one given twice, is a 400 and
 * nothing changes.
 */
export async function replaceStudioQuestions(
  db: Db,
  cloneId: string,
  questions: readonly StudioQuestionInput[],
): Promise<StudioQuestion[]> {
  const keptIds = questions.flatMap((q) => (q.id ? [q.id] : []))
  if (new Set(keptIds).size !== keptIds.length) throw badRequest('A question appears twice in the list.')
  await db.transaction(async (tx) => {
    if (keptIds.length > 0) {
      const found = await tx
        .select({ id: suggestedQuestions.id })
        .from(suggestedQuestions)
        .where(and(eq(suggestedQuestions.cloneId, cloneId), inArray(suggestedQuestions.id, keptIds)))
      if (found.length !== keptIds.length)
        throw badRequest('A question in the list is not one of this clone’s.')
    }
    await tx
      .delete(suggestedQuestions)
      .where(
        keptIds.length > 0
          ? and(eq(suggestedQuestions.cloneId, cloneId), notInArray(suggestedQuestions.id, keptIds))
          : eq(suggestedQuestions.cloneId, cloneId),
      )
    for (const [position, { id, question }] of questions.entries()) {
      if (id) {
        await tx
          .update(suggestedQuestions)
          .set({ question, position })
          .where(and(eq(suggestedQuestions.id, id), eq(suggestedQuestions.cloneId, cloneId)))
      } else {
        await tx.insert(suggestedQuestions).values({ cloneId, question, position })
      }
    }
  })
  return listStudioQuestions(db, cloneId)
}
