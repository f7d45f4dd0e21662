import {
  MAX_QUESTION_LENGTH,
  MAX_SUGGESTED_QUESTIONS,
  type StudioQuestion,
  type StudioQuestionInput,
} from '../../../../contract/studio'

/** A question being edited: `key` names its row on screen; `id` is set for a question the server has. */
export interface DraftQuestion {
  key: string
  id?: string
  question: string
}

let nextKey = 0
const newKey = () => `new-${++nextKey}`

export const draftOf = (questions: readonly StudioQuestion[]): DraftQuestion[] =>
  questions.map((q) => ({ key: q.id, id: q.id, question: q.question }))

export const emptyQuestion = (): DraftQuestion => ({ key: newKey(), question: '' })

/** Moves the row at `index` by `by` (-1 up, +1 down); out of range leaves the list as it is. */
export function move<T>(list: readonly T[], index: number, by: -1 | 1): T[] {
  const to = index + by
  if (index < 0 || index >= list.length || to < 0 || to >= list.length) return [...list]
  const next = [...list]
  const [item] = next.splice(index, 1)
  next.splice(to, 0, item as T)
  return next
}

export type QuestionProblem = 'empty' | 'tooLong' | null

/** What is wrong with one question's text (the server trims it and asks for 1 to 300 characters). */
export function problemOf(question: string): QuestionProblem {
  const text = question.trim()
  if (text.length === 0) return 'empty'
  if (text.length > MAX_QUESTION_LENGTH) return 'tooLong'
  return null
}

export const isValidDraft = (draft: readonly DraftQuestion[]) =>
  draft.length <= MAX_SUGGESTED_QUESTIONS && draft.every((q) => problemOf(q.question) === null)

/** Whether the draft differs from what the server has (order, texts, added or removed questions). */
export function isChanged(draft: readonly DraftQuestion[], saved: readonly StudioQuestion[]): boolean {
  if (draft.length !== saved.length) return true
  return draft.some((q, i) => q.id !== saved[i]?.id || q.question.trim() !== saved[i]?.question)
}

/** The PUT body: every question in order, with its id when the server has it. */
export const toInput = (draft: readonly DraftQuestion[]): StudioQuestionInput[] =>
  draft.map((q) => (q.id ? { id: q.id, question: q.question.trim() } : { question: q.question.trim() }))
