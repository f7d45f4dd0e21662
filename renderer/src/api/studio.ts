import { queryOptions } from '@tanstack/react-query'
import { type ReplaceStudioQuestions, StudioQuestionList } from '../../../contract/studio'
import { apiRequest } from './client'

/*
 * The creator's studio (issue #15). contract/studio.ts stays out of the first load: only the studio chunk
 * imports this module.
 */

const enc = encodeURIComponent

export const studioQuestionsQuery = (slug: string) =>
  queryOptions({
    queryKey: ['studio-questions', slug] as const,
    queryFn: ({ signal }) =>
      apiRequest({ path: `/api/studio/${enc(slug)}/questions`, schema: StudioQuestionList, signal }),
  })

/** PUT /api/studio/{slug}/questions: the whole list in its new order. */
export const replaceStudioQuestions = (slug: string, body: ReplaceStudioQuestions) =>
  apiRequest({
    path: `/api/studio/${enc(slug)}/questions`,
    method: 'PUT',
    schema: StudioQuestionList,
    body,
  })
