import {
  type AddQaSource,
  type AddTranscriptSource,
  type AddWebSource,
  MAX_QA_ANSWER_LENGTH,
  MAX_QA_QUESTION_LENGTH,
  MAX_SOURCE_TITLE_LENGTH,
  MAX_SOURCE_URL_LENGTH,
  MAX_TRANSCRIPT_LENGTH,
} from '../../../../contract/studio-knowledge'
import { youtubeVideoId } from '../../lib/youtube'
import { knowledgeStrings as s } from './knowledge.strings'

/*
 * The add-source forms as plain data: what was typed (kept as typed, so nothing is lost on an error), the
 * checks the server makes (contract/studio-knowledge.ts) with errors a person can act on, and the body sent.
 */

export type Reading<Field extends string, Input> =
  | { ok: true; input: Input }
  | { ok: false; errors: Partial<Record<Field, string>> }

const done = <F extends string, I>(errors: Partial<Record<F, string>>, input: () => I): Reading<F, I> =>
  Object.keys(errors).length > 0 ? { ok: false, errors } : { ok: true, input: input() }

/** What is wrong with a web address, or undefined (the contract's httpUrl, in words). */
export function urlProblem(raw: string): string | undefined {
  const url = raw.trim()
  if (!url) return s.form.urlRequired
  if (url.length > MAX_SOURCE_URL_LENGTH) return s.form.urlTooLong(MAX_SOURCE_URL_LENGTH)
  if (!/^https?:\/\//i.test(url) || !URL.canParse(url)) return s.form.urlInvalid
  return undefined
}

export const readWebDraft = (url: string): Reading<'url', AddWebSource> => {
  const problem = urlProblem(url)
  return done(problem ? { url: problem } : {}, () => ({ url: url.trim() }))
}

export interface QaDraft {
  question: string
  answer: string
}

export function readQaDraft(draft: QaDraft): Reading<keyof QaDraft, AddQaSource> {
  const question = draft.question.trim()
  const answer = draft.answer.trim()
  const errors: Partial<Record<keyof QaDraft, string>> = {}
  if (!question) errors.question = s.qa.questionRequired
  else if (question.length > MAX_QA_QUESTION_LENGTH)
    errors.question = s.qa.questionTooLong(MAX_QA_QUESTION_LENGTH)
  if (!answer) errors.answer = s.qa.answerRequired
  else if (answer.length > MAX_QA_ANSWER_LENGTH) errors.answer = s.qa.answerTooLong(MAX_QA_ANSWER_LENGTH)
  return done(errors, () => ({ question, answer }))
}

/** A transcript file read in the browser: .srt and .vtt are text, sent as the transcript itself. */
export interface TranscriptFile {
  name: string
  text: string
}

export interface TranscriptDraft {
  type: AddTranscriptSource['type']
  url: string
  title: string
  from: 'paste' | 'file'
  pasted: string
  file: TranscriptFile | null
}

export type TranscriptField = 'url' | 'title' | 'transcript'

export const emptyTranscriptDraft = (): TranscriptDraft => ({
  type: 'Youtube',
  url: '',
  title: '',
  from: 'paste',
  pasted: '',
  file: null,
})

export const TRANSCRIPT_FILE_EXTENSIONS = ['srt', 'vtt'] as const
export const isTranscriptFileName = (name: string) => /\.(srt|vtt)$/i.test(name)

export function readTranscriptDraft(draft: TranscriptDraft): Reading<TranscriptField, AddTranscriptSource> {
  const errors: Partial<Record<TranscriptField, string>> = {}
  const url = draft.url.trim()
  const title = draft.title.trim()
  const urlError = urlProblem(url)
  if (urlError) errors.url = urlError
  // A YouTube citation without a video id cannot be shown (features/citations): refuse it here.
  else if (draft.type === 'Youtube' && !youtubeVideoId(url)) errors.url = s.transcript.youtubeUrlInvalid
  if (!title) errors.title = s.form.titleRequired
  else if (title.length > MAX_SOURCE_TITLE_LENGTH) errors.title = s.form.titleTooLong(MAX_SOURCE_TITLE_LENGTH)
  const transcript = (draft.from === 'paste' ? draft.pasted : (draft.file?.text ?? '')).trim()
  if (draft.from === 'file' && !draft.file) errors.transcript = s.transcript.fileRequired
  else if (!transcript) errors.transcript = s.transcript.transcriptRequired
  else if (transcript.length > MAX_TRANSCRIPT_LENGTH)
    errors.transcript = s.transcript.transcriptTooLong(MAX_TRANSCRIPT_LENGTH)
  return done(errors, () => ({ type: draft.type, url, title, transcript }))
}
