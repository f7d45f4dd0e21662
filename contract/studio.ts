import { z } from 'zod/mini'

/*
 * The creator's studio (spec 1 §2 '/studio/{slug}/build/questions'; issue #15): the clone's suggested
 * questions as its CREATOR and CONTRIBUTORs edit them. Not exported from contract/index.ts: only the studio
 * chunk and the server need it.
 */

export const MAX_SUGGESTED_QUESTIONS = 50
export const MAX_QUESTION_LENGTH = 300

/** One question as the studio lists it, in the clone's order. */
export const StudioQuestion = z.object({ id: z.uuid(), question: z.string() })
export type StudioQuestion = z.infer<typeof StudioQuestion>

export const StudioQuestionList = z.object({ questions: z.array(StudioQuestion) })
export type StudioQuestionList = z.infer<typeof StudioQuestionList>

/** A question to keep (with its id) or to add (without); the text is trimmed, 1 to 300 characters. */
export const StudioQuestionInput = z.object({
  id: z.optional(z.uuid()),
  question: z.string().check(z.trim(), z.minLength(1, 'write a question'), z.maxLength(MAX_QUESTION_LENGTH)),
})
export type StudioQuestionInput = z.infer<typeof StudioQuestionInput>

/** PUT /api/studio/{slug}/questions: the whole list in its new order (omitted questions are removed). */
export const ReplaceStudioQuestions = z.object({
  questions: z.array(StudioQuestionInput).check(z.maxLength(MAX_SUGGESTED_QUESTIONS)),
})
export type ReplaceStudioQuestions = z.infer<typeof ReplaceStudioQuestions>
