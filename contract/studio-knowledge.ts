import { z } from 'zod/mini'
import { Citation } from './chat'
import { CitationType } from './knowledge'

/*
 * The creator studio's knowledge base (issue #16 'Teach it'): the sources a clone answers from, as its
 * CREATOR and CONTRIBUTORs add and watch them at /studio/{slug}/knowledge. Not exported from
 * contract/index.ts: only the studio chunk and the server need it.
 *
 * Routes (all under /api/studio/{slug}; CREATOR or CONTRIBUTOR, 404 for anyone else, 401 signed out):
 *   GET    /sources                    KnowledgeSourceList, newest first
 *   POST   /sources/document           AddDocumentSource   -> 201 KnowledgeSource ('queued')
 *   POST   /sources/web                AddWebSource        -> 201 KnowledgeSource ('queued')
 *   POST   /sources/transcript         AddTranscriptSource -> 201 KnowledgeSource ('queued')
 *   POST   /sources/qa                 AddQaSource         -> 201 KnowledgeSource ('queued')
 *   POST   /sources/{id}/reread                            -> 200 KnowledgeSource ('queued')
 *   DELETE /sources/{id}                                   -> 200 OkResponse
 *   POST   /test-answer                TestQuestion        -> 200 TestAnswer (never stored, never billed)
 */

/** Where a source stands: added and waiting, being read, answering, or failed with its reason. */
export const SourceState = z.enum(['queued', 'reading', 'ready', 'failed'])
export type SourceState = z.infer<typeof SourceState>

/** How the creator added it; null for the seed's sources and for revisions made from a conversation. */
export const SourceKind = z.enum(['document', 'web', 'transcript', 'qa'])
export type SourceKind = z.infer<typeof SourceKind>

export const MAX_SOURCE_URL_LENGTH = 2048
export const MAX_SOURCE_TITLE_LENGTH = 200
export const MAX_QA_QUESTION_LENGTH = 500
export const MAX_QA_ANSWER_LENGTH = 5000
/** A pasted transcript (plain text, SRT or WebVTT). */
export const MAX_TRANSCRIPT_LENGTH = 1_000_000

export const KnowledgeSource = z.object({
  id: z.uuid(),
  kind: z.nullable(SourceKind),
  type: CitationType,
  title: z.string(),
  url: z.nullable(z.string()),
  state: SourceState,
  /** The reason a 'failed' source could not be read, shown as it is. */
  error: z.nullable(z.string()),
  /** The uploaded file's name, for a document or an uploaded transcript. */
  fileName: z.nullable(z.string()),
  /** A Q&A pair's question and answer (kind 'qa'); null otherwise. */
  question: z.nullable(z.string()),
  answer: z.nullable(z.string()),
  /** Characters of text read, and passages the clone retrieves from (0 until 'ready'). */
  characters: z.int(),
  passages: z.int(),
  createdAt: z.string(),
  readAt: z.nullable(z.string()),
})
export type KnowledgeSource = z.infer<typeof KnowledgeSource>

export const KnowledgeSourceList = z.object({ sources: z.array(KnowledgeSource) })
export type KnowledgeSourceList = z.infer<typeof KnowledgeSourceList>

const title = z.string().check(z.trim(), z.minLength(1), z.maxLength(MAX_SOURCE_TITLE_LENGTH))
const httpUrl = z.string().check(
  z.trim(),
  z.maxLength(MAX_SOURCE_URL_LENGTH),
  z.refine(
    (v) => /^https?:\/\//i.test(v) && URL.canParse(v),
    'Enter a web address starting with http:// or https://',
  ),
)

/** A file uploaded through the upload API (any type chat attachments read), then named as a source. */
export const AddDocumentSource = z.object({ uploadId: z.uuid(), title: z.optional(title) })
export type AddDocumentSource = z.infer<typeof AddDocumentSource>

/** A web page, fetched by the server (size and time limits; private and loopback addresses refused). */
export const AddWebSource = z.object({ url: httpUrl })
export type AddWebSource = z.infer<typeof AddWebSource>

/**
 * A YouTube video or a podcast episode with its transcript: pasted (plain text, SRT or WebVTT) or an
 * uploaded .srt / .vtt file, exactly one of the two. Timed transcripts cite their timestamps.
 */
export const AddTranscriptSource = z.object({
  type: z.enum(['Youtube', 'Podcast']),
  url: httpUrl,
  title,
  transcript: z.optional(z.string().check(z.trim(), z.minLength(1), z.maxLength(MAX_TRANSCRIPT_LENGTH))),
  uploadId: z.optional(z.uuid()),
})
export type AddTranscriptSource = z.infer<typeof AddTranscriptSource>

/** A question-and-answer pair written by the creator ('Answer Provided by the Clone Creator'). */
export const AddQaSource = z.object({
  question: z.string().check(z.trim(), z.minLength(1), z.maxLength(MAX_QA_QUESTION_LENGTH)),
  answer: z.string().check(z.trim(), z.minLength(1), z.maxLength(MAX_QA_ANSWER_LENGTH)),
})
export type AddQaSource = z.infer<typeof AddQaSource>

/** The studio's test box: ask the clone (public or not) and see its answer with citations. */
export const TestQuestion = z.object({
  question: z.string().check(z.trim(), z.minLength(1), z.maxLength(2000)),
})
export type TestQuestion = z.infer<typeof TestQuestion>

export const TestAnswer = z.object({ text: z.string(), citations: z.array(Citation) })
export type TestAnswer = z.infer<typeof TestAnswer>
