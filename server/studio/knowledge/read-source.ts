import { eq } from 'drizzle-orm'
import { extensionOf } from '../../../contract'
import { MAX_TRANSCRIPT_LENGTH } from '../../../contract/studio-knowledge'
import { documentText } from '../../brain/chunk'
import type { Db } from '../../db/client'
import { type TimedSegment, uploads } from '../../db/schema'
import {
  decodeText,
  ExtractError,
  type ExtractOptions,
  type ReadBounds,
  readMethodOf,
  storableText,
} from '../../uploads/extract'
import { readHead, type UploadStore } from '../../uploads/store'
import { SOURCE_TEXTS, SourceReadError } from './source-error'
import type { DocumentRow } from './source-view'
import { parseTranscript } from './transcript'
import { fetchWebPage, readWebPage, type WebFetchOptions } from './web-page'

/**
 * How much of a source is read (issue #16): a knowledge source may be a book, so far more than a chat
 * attachment's 20,000 characters; the hostile-file protections (worker heap, unzipped bytes, image pixels) stay.
 */
export const SOURCE_READ_BOUNDS: ReadBounds = { chars: 1_000_000, pages: 2_000, timeoutMs: 120_000 }
/** Bytes of an uploaded file read at all: text-like files need about four per character at most. */
const TEXT_BYTES = SOURCE_READ_BOUNDS.chars * 4
const DOCUMENT_BYTES = 100 * 1024 * 1024

export type Extract = (fileName: string, bytes: Uint8Array, options: ExtractOptions) => Promise<string>

export interface SourceReadContext {
  db: Db
  store: UploadStore
  extract: Extract
  web: Pick<WebFetchOptions, 'allowAddress' | 'resolve'>
  signal: AbortSignal
}

export interface SourceContent {
  text: string
  segments: TimedSegment[] | null
  /** A web page's own title replaces its address. */
  title?: string
}

/** Reads one source by its kind; throws a SourceReadError with the creator-facing reason. */
export async function readSource(row: DocumentRow, context: SourceReadContext): Promise<SourceContent> {
  const content = await contentOf(row, context)
  const text = content.text.trim().slice(0, SOURCE_READ_BOUNDS.chars)
  if (!text && !content.segments?.length) throw new SourceReadError(SOURCE_TEXTS.noText)
  return { ...content, text }
}

async function contentOf(row: DocumentRow, context: SourceReadContext): Promise<SourceContent> {
  switch (row.sourceKind) {
    case 'document': {
      const { fileName, bytes } = await uploadedFile(row, context)
      try {
        const text = await context.extract(fileName, bytes, {
          signal: context.signal,
          bounds: SOURCE_READ_BOUNDS,
        })
        return { text, segments: null }
      } catch (error) {
        if (error instanceof ExtractError) throw new SourceReadError(error.message)
        throw error
      }
    }
    case 'web': {
      const page = await fetchWebPage(row.url ?? '', { ...context.web, signal: context.signal })
      const { title, text } = await readWebPage(page)
      return { text: storableText(text), segments: null, title }
    }
    case 'transcript': {
      // Read before: its cues are kept (a re-read chunks them again).
      if (row.segments?.length) return { text: documentText(row), segments: row.segments }
      const raw = row.uploadId ? storableText(decodeText((await uploadedFile(row, context)).bytes)) : row.text
      const parsed = parseTranscript(raw.slice(0, MAX_TRANSCRIPT_LENGTH))
      return { text: parsed.text, segments: parsed.segments }
    }
    default:
      // A Q&A pair (and anything else) is its text already.
      return { text: row.text, segments: row.segments?.length ? row.segments : null }
  }
}

async function uploadedFile(row: DocumentRow, { db, store }: SourceReadContext) {
  const [upload] = row.uploadId ? await db.select().from(uploads).where(eq(uploads.id, row.uploadId)) : []
  if (upload?.status !== 'complete') throw new SourceReadError(SOURCE_TEXTS.uploadGone)
  const textLike = readMethodOf(upload.fileName) === 'text' || extensionOf(upload.fileName) === 'vtt'
  const limit = Math.min(upload.size, textLike ? TEXT_BYTES : DOCUMENT_BYTES)
  try {
    return { fileName: upload.fileName, bytes: await readHead(store, upload.fileKey, limit) }
  } catch {
    throw new SourceReadError(SOURCE_TEXTS.uploadGone)
  }
}
