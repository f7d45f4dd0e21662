import { queryOptions } from '@tanstack/react-query'
import { OkResponse } from '../../../contract/auth'
import {
  AddDocumentSource,
  AddQaSource,
  AddTranscriptSource,
  AddWebSource,
  KnowledgeSource,
  KnowledgeSourceList,
  TestAnswer,
  TestQuestion,
} from '../../../contract/studio-knowledge'
import { apiRequest } from './client'

/*
 * The creator studio's knowledge base (issue #16 'Teach it'). contract/studio-knowledge.ts stays out of
 * the first load: only the knowledge page's chunk imports this module. Bodies are checked against the
 * contract before they leave, so a bad one fails here with the schema's words, not as a 400.
 */

const enc = encodeURIComponent
const base = (slug: string) => `/api/studio/${enc(slug)}`

/** The clone's sources, newest first. */
export const sourcesQuery = (slug: string) =>
  queryOptions({
    queryKey: ['studio-sources', slug] as const,
    queryFn: ({ signal }) =>
      apiRequest({ path: `${base(slug)}/sources`, schema: KnowledgeSourceList, signal }),
  })

const addSource = (slug: string, kind: 'document' | 'web' | 'transcript' | 'qa', body: unknown) =>
  apiRequest({ path: `${base(slug)}/sources/${kind}`, method: 'POST', schema: KnowledgeSource, body })

/** POST /sources/document: an uploaded file (api/uploads.ts uploadFileWithId), queued to be read. */
export const addDocumentSource = (slug: string, body: AddDocumentSource) =>
  addSource(slug, 'document', AddDocumentSource.parse(body))

/** POST /sources/web: a page the server fetches and reads. */
export const addWebSource = (slug: string, body: AddWebSource) =>
  addSource(slug, 'web', AddWebSource.parse(body))

/** POST /sources/transcript: a YouTube video or podcast episode with its transcript. */
export const addTranscriptSource = (slug: string, body: AddTranscriptSource) =>
  addSource(slug, 'transcript', AddTranscriptSource.parse(body))

/** POST /sources/qa: a question and the creator's answer. */
export const addQaSource = (slug: string, body: AddQaSource) => addSource(slug, 'qa', AddQaSource.parse(body))

/** POST /sources/{id}/reread: read again from the start (back to 'queued'). */
export const rereadSource = (slug: string, id: string) =>
  apiRequest({
    path: `${base(slug)}/sources/${enc(id)}/reread`,
    method: 'POST',
    schema: KnowledgeSource,
  })

/** DELETE /sources/{id}: the clone stops answering from it. */
export const removeSource = (slug: string, id: string) =>
  apiRequest({ path: `${base(slug)}/sources/${enc(id)}`, method: 'DELETE', schema: OkResponse })

/** POST /test-answer: the clone's answer with its citations; never stored, never counted. */
export const askTestQuestion = (slug: string, body: TestQuestion, signal?: AbortSignal) =>
  apiRequest({
    path: `${base(slug)}/test-answer`,
    method: 'POST',
    schema: TestAnswer,
    body: TestQuestion.parse(body),
    signal,
  })
