import { and, count, desc, eq, inArray, isNull, ne, sql } from 'drizzle-orm'
import { ErrorCode, extensionOf } from '../../../contract'
import { CREATOR_ANSWER_TITLE } from '../../../contract/knowledge'
import type {
  AddDocumentSource,
  AddQaSource,
  AddTranscriptSource,
  KnowledgeSource,
} from '../../../contract/studio-knowledge'
import { documentContentHash } from '../../brain/chunk'
import { revisionText } from '../../brain/revisions'
import type { CloneRow } from '../../clones/queries'
import type { Db } from '../../db/client'
import { documentChunks, documents, uploads } from '../../db/schema'
import { AppError, badRequest, notFound } from '../../errors'
import { readMethodOf } from '../../uploads/extract'
import { bumpedUpdatedAt, type DocumentRow, type SourceRow, toKnowledgeSource } from './source-view'

/** Sources waiting to be read per clone: a burst of adds waits its turn instead of growing without end. */
export const MAX_WAITING_SOURCES = 50
export const TOO_MANY_WAITING_TEXT = 'Many sources are still waiting to be read. Add more once they are read.'
export const UPLOAD_NOT_YOURS_TEXT = 'This file is not a finished upload of yours. Upload it again.'
export const NOT_A_TRANSCRIPT_TEXT = 'A transcript file must be a .srt, .vtt or .txt file.'
export const ONE_TRANSCRIPT_TEXT = 'Paste the transcript or upload its file (one of the two).'
export const SEEDED_SOURCE_TEXT = 'Only sources added in the studio can be read again.'
const SOURCE_NOT_FOUND = 'Source not found'

const passages = sql<number>`(select count(*)::int from ${documentChunks} where ${documentChunks.documentId} = ${documents.id})`

const sourceColumns = {
  id: documents.id,
  sourceKind: documents.sourceKind,
  type: documents.type,
  title: documents.title,
  url: documents.url,
  state: documents.state,
  error: documents.error,
  characters: sql<number>`length(${documents.text})::int`,
  qaText: sql<string | null>`case when ${documents.sourceKind} = 'qa' then ${documents.text} end`,
  createdAt: documents.createdAt,
  readAt: documents.readAt,
  fileName: uploads.fileName,
  passages,
}

async function selectSources(db: Db, cloneId: string, id?: string): Promise<SourceRow[]> {
  return db
    .select(sourceColumns)
    .from(documents)
    .leftJoin(uploads, eq(uploads.id, documents.uploadId))
    .where(id ? and(eq(documents.cloneId, cloneId), eq(documents.id, id)) : eq(documents.cloneId, cloneId))
    .orderBy(desc(documents.createdAt), desc(documents.id))
}

/** Every source of the clone (the seed's and revisions' too), newest first. */
export async function listSources(db: Db, cloneId: string): Promise<KnowledgeSource[]> {
  return (await selectSources(db, cloneId)).map(toKnowledgeSource)
}

/** One of the clone's sources; a source of another clone is the same 404 as none. */
export async function findSource(db: Db, cloneId: string, id: string): Promise<KnowledgeSource> {
  const [row] = await selectSources(db, cloneId, id)
  if (!row) throw notFound(SOURCE_NOT_FOUND)
  return toKnowledgeSource(row)
}

async function assertRoomToWait(db: Db, cloneId: string): Promise<void> {
  const [row] = await db
    .select({ n: count() })
    .from(documents)
    .where(and(eq(documents.cloneId, cloneId), inArray(documents.state, ['queued', 'reading'])))
  if ((row?.n ?? 0) >= MAX_WAITING_SOURCES)
    throw new AppError(429, ErrorCode.rateLimited, TOO_MANY_WAITING_TEXT)
}

/** The caller's complete upload, marked attached so the upload sweeper keeps it (it is a source now). */
async function claimUpload(db: Db, userId: string, uploadId: string) {
  const [upload] = await db
    .select()
    .from(uploads)
    .where(and(eq(uploads.id, uploadId), eq(uploads.owner, `user:${userId}`), eq(uploads.status, 'complete')))
  if (!upload) throw badRequest(UPLOAD_NOT_YOURS_TEXT)
  await db
    .update(uploads)
    .set({ attachedAt: new Date() })
    .where(and(eq(uploads.id, upload.id), isNull(uploads.attachedAt)))
  return upload
}

type NewSource = Pick<DocumentRow, 'type' | 'title' | 'url' | 'sourceKind'> &
  Partial<Pick<DocumentRow, 'text' | 'uploadId'>>

async function insertSource(db: Db, clone: CloneRow, userId: string, source: NewSource): Promise<string> {
  const now = new Date()
  const text = source.text ?? ''
  const [row] = await db
    .insert(documents)
    .values({
      cloneId: clone.id,
      // No key: the seed never removes what the studio added.
      key: null,
      ...source,
      text,
      // Until it is read a source has no chunks; its hash is of what it holds now.
      contentHash: documentContentHash({ text }),
      state: 'queued',
      addedBy: userId,
      publishedAt: now,
      createdAt: now,
      updatedAt: now,
    })
    .returning({ id: documents.id })
  return row!.id
}

export async function addDocumentSource(db: Db, clone: CloneRow, userId: string, body: AddDocumentSource) {
  await assertRoomToWait(db, clone.id)
  const upload = await claimUpload(db, userId, body.uploadId)
  if (!readMethodOf(upload.fileName)) throw badRequest('This file type cannot be read.')
  return insertSource(db, clone, userId, {
    sourceKind: 'document',
    type: 'File',
    title: body.title ?? upload.fileName,
    url: null,
    uploadId: upload.id,
  })
}

/** A web page: its title is its address until the page is read. */
export async function addWebSource(db: Db, clone: CloneRow, userId: string, url: string) {
  await assertRoomToWait(db, clone.id)
  const parsed = new URL(url)
  return insertSource(db, clone, userId, {
    sourceKind: 'web',
    type: 'Website',
    title: `${parsed.hostname}${parsed.pathname === '/' ? '' : parsed.pathname}`.slice(0, 200),
    url: parsed.href,
  })
}

export async function addTranscriptSource(
  db: Db,
  clone: CloneRow,
  userId: string,
  body: AddTranscriptSource,
) {
  if (Boolean(body.transcript) === Boolean(body.uploadId)) throw badRequest(ONE_TRANSCRIPT_TEXT)
  await assertRoomToWait(db, clone.id)
  let uploadId: string | null = null
  if (body.uploadId) {
    const upload = await claimUpload(db, userId, body.uploadId)
    if (!['srt', 'vtt', 'txt'].includes(extensionOf(upload.fileName))) throw badRequest(NOT_A_TRANSCRIPT_TEXT)
    uploadId = upload.id
  }
  return insertSource(db, clone, userId, {
    sourceKind: 'transcript',
    type: body.type,
    title: body.title,
    url: body.url,
    // What was pasted waits here until the reader parses it (SRT, WebVTT or plain).
    text: body.transcript ?? '',
    uploadId,
  })
}

/** A creator's Q&A pair, written as a revised answer is (brain/revisions.ts), so it is retrieved and cited alike. */
export async function addQaSource(db: Db, clone: CloneRow, userId: string, body: AddQaSource) {
  await assertRoomToWait(db, clone.id)
  const question = body.question.replace(/\s+/g, ' ')
  return insertSource(db, clone, userId, {
    sourceKind: 'qa',
    type: 'File',
    title: CREATOR_ANSWER_TITLE,
    url: null,
    text: revisionText({ cloneName: clone.name, question, idealResponse: body.answer }),
  })
}

/**
 * Back to 'queued' to be read again. Its chunks go at once, in the same transaction: the clone stops citing
 * what it read before until the new read succeeds (the index holds only 'ready' sources, and only a 'ready'
 * source has chunks). updated_at moves, so the clone's index is rebuilt without it.
 */
export async function requeueSource(db: Db, cloneId: string, id: string): Promise<void> {
  const source = await findSource(db, cloneId, id)
  if (!source.kind) throw badRequest(SEEDED_SOURCE_TEXT)
  await db.transaction(async (tx) => {
    await tx.delete(documentChunks).where(eq(documentChunks.documentId, id))
    await tx
      .update(documents)
      // Unclaimed: the reader of the old text (on any server) loses its claim and stops; the next claim reads it.
      .set({
        state: 'queued',
        error: null,
        updatedAt: bumpedUpdatedAt(new Date()),
        claimedBy: null,
        claimExpiresAt: null,
      })
      .where(and(eq(documents.id, id), eq(documents.cloneId, cloneId)))
  })
}

/**
 * Removes a source and its chunks (the clone stops citing it on its next answer). Its upload, when no other
 * source reads it, is released to the upload sweeper, which deletes the file.
 */
export async function removeSource(db: Db, cloneId: string, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [removed] = await tx
      .delete(documents)
      .where(and(eq(documents.id, id), eq(documents.cloneId, cloneId)))
      .returning({ uploadId: documents.uploadId })
    if (!removed) throw notFound(SOURCE_NOT_FOUND)
    if (!removed.uploadId) return
    const [other] = await tx
      .select({ id: documents.id })
      .from(documents)
      .where(and(eq(documents.uploadId, removed.uploadId), ne(documents.id, id)))
      .limit(1)
    if (!other) await tx.update(uploads).set({ attachedAt: null }).where(eq(uploads.id, removed.uploadId))
  })
}
