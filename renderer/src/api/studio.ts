import { queryOptions } from '@tanstack/react-query'
import { Announcement, AnnouncementList, type PostAnnouncement } from '../../../contract/announcements'
import { OkResponse } from '../../../contract/auth'
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

/** The clone's announcements, newest first (issue #15). */
export const announcementsQuery = (slug: string) =>
  queryOptions({
    queryKey: ['studio-announcements', slug] as const,
    queryFn: ({ signal }) =>
      apiRequest({ path: `/api/studio/${enc(slug)}/announcements`, schema: AnnouncementList, signal }),
  })

/** POST /api/studio/{slug}/announcements: delivered at once; the answer says into how many chats. */
export const postAnnouncement = (slug: string, body: PostAnnouncement) =>
  apiRequest({ path: `/api/studio/${enc(slug)}/announcements`, method: 'POST', schema: Announcement, body })

/** DELETE /api/studio/{slug}/announcements/{id}: its copies leave the visitors' chats too. */
export const deleteAnnouncement = (slug: string, id: string) =>
  apiRequest({
    path: `/api/studio/${enc(slug)}/announcements/${enc(id)}`,
    method: 'DELETE',
    schema: OkResponse,
  })
