import { randomBytes, randomUUID } from 'node:crypto'
import type { Readable } from 'node:stream'
import { and, count, eq, gt, inArray, type SQL } from 'drizzle-orm'
import {
  type CompleteUploadRequest,
  type CompleteUploadResponse,
  MAX_UPLOAD_BYTES,
  type PresignUploadRequest,
  type PresignUploadResponse,
  partCount,
  sanitizeFileName,
  UPLOAD_URL_TTL_MS,
} from '../../contract'
import type { Db } from '../db/client'
import { uploads } from '../db/schema'
import { AppError, badRequest, conflict, notFound } from '../errors'
import {
  contentTypeOf,
  isRecordingType,
  matchesSignature,
  recordingContentTypeOf,
  SIGNATURE_BYTES,
  TYPE_MISMATCH_TEXT,
} from './file-types'
import { partUrl } from './part-links'
import { expectedPartSize, type OpenUpload, PartsMismatchError, readHead, type UploadStore } from './store'

/** Abuse limits: uploads (presigned or bulk) per owner and per IP over a sliding hour. */
export const UPLOAD_RATE_WINDOW_MS = 60 * 60 * 1000
export const UPLOADS_PER_OWNER_PER_WINDOW = 30
export const UPLOADS_PER_IP_PER_WINDOW = 60

export const RATE_LIMITED_TEXT = 'Too many uploads. Please try again later.'
export const UPLOAD_NOT_FOUND_TEXT = 'Upload not found'
export const UPLOAD_CLOSED_TEXT = 'This upload is no longer open'
export const WRONG_PART_SIZE_TEXT = 'This part does not have the expected size'
export const PARTS_MISMATCH_TEXT = 'The uploaded parts do not match'
export const FILE_NAME_MISMATCH_TEXT = 'The file name does not match the upload'
export const FILE_TOO_LARGE_TEXT = 'This file is too large'

export type UploadRow = typeof uploads.$inferSelect

export interface UploadContext {
  db: Db
  store: UploadStore
  /** Signs part URLs (server/auth/auth-settings.ts loadAuthSecret). */
  secret: string
  /** Reads each complete chat attachment off the request path (issue #15, reader.ts FileReader). */
  reader?: { enqueue(upload: UploadRow): Promise<void> }
}

/**
 * Parts come through the server's own part links even with an object store: the desktop app, whose page
 * policy names only its server (main/csp.ts) and cannot know the bucket before it loads.
 */
export interface PartRoute {
  relay: boolean
}

/** Who uploads: the ledger subject (`user:<id>` / `visitor:<id>`) and the keyed hash of the IP. */
export interface Uploader {
  owner: string
  ipHash: string
}

/** A file key: 128 random bits, base64url. It is the bearer secret of the file's URL. */
export const newFileKey = () => randomBytes(16).toString('base64url')
export const FILE_KEY = /^[A-Za-z0-9_-]{22}$/
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** The root-relative address of a complete file: what a message's `files` carries. */
export const fileUrl = (fileKey: string, fileName: string) =>
  `/api/uploads/files/${fileKey}/${encodeURIComponent(fileName)}`

export { expectedPartSize }

/** Refuses (429) an uploader who would pass the owner or IP limit by adding `adding` uploads. */
export async function assertUploadAllowance(db: Db, uploader: Uploader, adding = 1, now = new Date()) {
  const since = new Date(now.getTime() - UPLOAD_RATE_WINDOW_MS)
  const countWhere = async (where: SQL | undefined) =>
    (await db.select({ n: count() }).from(uploads).where(where))[0]?.n ?? 0
  const [byOwner, byIp] = await Promise.all([
    countWhere(and(eq(uploads.owner, uploader.owner), gt(uploads.createdAt, since))),
    countWhere(and(eq(uploads.ipHash, uploader.ipHash), gt(uploads.createdAt, since))),
  ])
  if (byOwner + adding > UPLOADS_PER_OWNER_PER_WINDOW || byIp + adding > UPLOADS_PER_IP_PER_WINDOW) {
    throw new AppError(429, 'rate_limited', RATE_LIMITED_TEXT)
  }
}

/**
 * spec 1 §7 'request a presigned URL': opens an upload and signs one URL per part: the store's own presigned
 * URLs (S3: straight to the bucket, the bytes never pass through the server) or the server's part links
 * (local disk, or `relay`: the server passes each part on to the store).
 */
export async function startUpload(
  { db, store, secret }: UploadContext,
  request: Pick<PresignUploadRequest, 'fileName' | 'fileSize'> & {
    bucketType?: PresignUploadRequest['bucketType']
  },
  uploader: Uploader,
  now = new Date(),
  { relay }: PartRoute = { relay: false },
): Promise<PresignUploadResponse> {
  const fileName = sanitizeFileName(request.fileName)
  const recording = request.bucketType === 'recording'
  const contentType = recording ? recordingContentTypeOf(fileName) : contentTypeOf(fileName)
  // The schema allows a recording's size; a chat attachment keeps its own limit (the same 400 as before).
  if (!recording && request.fileSize > MAX_UPLOAD_BYTES) throw badRequest(`fileSize: ${FILE_TOO_LARGE_TEXT}`)
  await assertUploadAllowance(db, uploader, 1, now)
  const parts = partCount(request.fileSize)
  const expiresAt = new Date(now.getTime() + UPLOAD_URL_TTL_MS)
  const fileKey = newFileKey()
  const storeUploadId = await store.beginParts(fileKey)
  const [row] = await db
    .insert(uploads)
    .values({
      id: randomUUID(),
      fileKey,
      fileName,
      contentType,
      size: request.fileSize,
      partCount: parts,
      storeUploadId,
      owner: uploader.owner,
      ipHash: uploader.ipHash,
      createdAt: now,
      expiresAt,
    })
    .returning()
  const upload = row!
  const expires = expiresAt.getTime()
  const partUrls =
    (relay ? null : await store.partUrls(upload, expiresAt, now)) ??
    Array.from({ length: parts }, (_, i) => partUrl(secret, upload.id, i + 1, expires))
  return { uploadId: upload.id, fileKey: upload.fileKey, partUrls }
}

async function findUpload(db: Db, uploadId: string): Promise<UploadRow | undefined> {
  // Not a uuid: no such upload (and PostgreSQL would refuse the comparison).
  if (!UUID.test(uploadId)) return undefined
  const [row] = await db.select().from(uploads).where(eq(uploads.id, uploadId)).limit(1)
  return row
}

const isOpen = (upload: UploadRow, now: Date) => upload.status === 'open' && upload.expiresAt > now

/**
 * Stores one part sent to its signed URL (the link was checked already) and answers its ETag value.
 * Every part is UPLOAD_PART_BYTES except the last, which holds the rest.
 */
export async function receivePart(
  { db, store }: UploadContext,
  uploadId: string,
  partNumber: number,
  bytes: Uint8Array,
  now = new Date(),
): Promise<string> {
  const upload = await findUpload(db, uploadId)
  if (!upload) throw notFound(UPLOAD_NOT_FOUND_TEXT)
  if (!isOpen(upload, now)) throw conflict(UPLOAD_CLOSED_TEXT)
  if (partNumber > upload.partCount || bytes.length !== expectedPartSize(upload.size, partNumber)) {
    throw badRequest(WRONG_PART_SIZE_TEXT)
  }
  return store.writePart(upload, partNumber, bytes)
}

/** Checks and joins the parts in the store: parts that do not match refuse the completion (400). */
async function joinParts(store: UploadStore, upload: OpenUpload, named: CompleteUploadRequest['partETags']) {
  try {
    await store.completeParts(upload, named)
  } catch (error) {
    if (error instanceof PartsMismatchError) throw badRequest(PARTS_MISMATCH_TEXT)
    throw error
  }
}

/** Refuses (400) and deletes a stored file whose first bytes contradict its image type. */
async function assertStoredTypeMatches(store: UploadStore, fileKey: string, fileName: string) {
  if (matchesSignature(fileName, await readHead(store, fileKey, SIGNATURE_BYTES))) return
  await store.deleteFile(fileKey)
  throw badRequest(TYPE_MISMATCH_TEXT)
}

/**
 * spec 1 §7 'complete': checks the parts against the ETags the client read, joins them, checks an image's
 * type, and marks the upload complete. Like a presigned upload, the credential is what presign answered:
 * the upload id and the file key together (both random, known only to the uploader), not the cookie. A
 * new visitor's first uploads presign in parallel and each may be given a different visitor cookie, the
 * last one winning: an owner check here would fail all but one of them. Completing a complete upload
 * again answers the same address (a client may retry after a lost answer).
 */
export async function completeUpload(
  { db, store, reader }: UploadContext,
  request: CompleteUploadRequest,
  now = new Date(),
): Promise<CompleteUploadResponse> {
  const upload = await findUpload(db, request.uploadId)
  if (!upload || upload.fileKey !== request.fileKey) {
    throw notFound(UPLOAD_NOT_FOUND_TEXT)
  }
  if (sanitizeFileName(request.fileName) !== upload.fileName) throw badRequest(FILE_NAME_MISMATCH_TEXT)
  if (upload.status === 'complete') return { presignedUrl: fileUrl(upload.fileKey, upload.fileName) }
  if (!isOpen(upload, now)) throw notFound(UPLOAD_NOT_FOUND_TEXT)

  await joinParts(store, upload, request.partETags)
  await assertStoredTypeMatches(store, upload.fileKey, upload.fileName)
  const [marked] = await db
    .update(uploads)
    .set({ status: 'complete', completedAt: now })
    .where(and(eq(uploads.id, upload.id), eq(uploads.status, 'open')))
    .returning({ id: uploads.id })
  if (!marked) return settleLostRace(db, store, upload)
  await store.deleteParts(upload)
  // Issue #15: read as soon as it is complete, so a message that attaches it seldom waits.
  if (!isRecordingType(upload.contentType)) await reader?.enqueue(upload)
  return { presignedUrl: fileUrl(upload.fileKey, upload.fileName) }
}

/**
 * The upload was no longer open when marked: another request completed it (same parts, same file, same
 * answer) or the sweeper expired it meanwhile, whose assembled file must not stay behind.
 */
async function settleLostRace(
  db: Db,
  store: UploadStore,
  upload: UploadRow,
): Promise<CompleteUploadResponse> {
  const current = await findUpload(db, upload.id)
  if (current?.status === 'complete') return { presignedUrl: fileUrl(upload.fileKey, upload.fileName) }
  await store.deleteFile(upload.fileKey)
  throw notFound(UPLOAD_NOT_FOUND_TEXT)
}

/** A file of the bulk form, streamed from the request. */
export interface WholeFile {
  fileName: string
  source: Readable
  /** Whether the source was cut at its size limit (busboy's `truncated`), read once it has ended. */
  truncated(): boolean
}

/**
 * spec 1 §7 'POST /api/upload': stores a small file at once, complete, with the checks of the presigned
 * form (type, size, owner and rate limits). Answers its address.
 */
export async function storeWholeFile(
  { db, store, reader }: UploadContext,
  file: WholeFile,
  uploader: Uploader,
  now = new Date(),
): Promise<{ fileName: string; url: string; fileKey: string }> {
  const fileName = sanitizeFileName(file.fileName)
  const contentType = contentTypeOf(fileName)
  await assertUploadAllowance(db, uploader, 1, now)
  const fileKey = newFileKey()
  const size = await store.writeFile(fileKey, file.source)
  if (file.truncated()) {
    await store.deleteFile(fileKey)
    throw new AppError(413, 'bad_request', FILE_TOO_LARGE_TEXT)
  }
  await assertStoredTypeMatches(store, fileKey, fileName)
  const [stored] = await db
    .insert(uploads)
    .values({
      fileKey,
      fileName,
      contentType,
      size,
      partCount: partCount(size),
      owner: uploader.owner,
      ipHash: uploader.ipHash,
      status: 'complete',
      createdAt: now,
      expiresAt: new Date(now.getTime() + UPLOAD_URL_TTL_MS),
      completedAt: now,
    })
    .returning()
  await reader?.enqueue(stored!)
  return { fileName, url: fileUrl(fileKey, fileName), fileKey }
}

/**
 * Takes back files stored by a bulk form that failed later on: their files are deleted and their rows
 * expire (kept, so they still count against the rate limits).
 */
export async function discardStored(
  { db, store }: UploadContext,
  fileKeys: readonly string[],
): Promise<void> {
  if (fileKeys.length === 0) return
  await db
    .update(uploads)
    .set({ status: 'expired' })
    .where(inArray(uploads.fileKey, [...fileKeys]))
  for (const fileKey of fileKeys) await store.deleteFile(fileKey)
}

/**
 * A complete upload by the parts of its address; the name must match too (no guessing by key alone). Never
 * a recording: those are read through their call or its share only (server/routes/video-recordings.ts), so
 * neither this address nor a chat attachment naming it reaches one.
 */
export async function findCompleteFile(
  db: Db,
  fileKey: string,
  fileName: string,
): Promise<UploadRow | undefined> {
  if (!FILE_KEY.test(fileKey)) return undefined
  const [row] = await db
    .select()
    .from(uploads)
    .where(and(eq(uploads.fileKey, fileKey), eq(uploads.status, 'complete')))
    .limit(1)
  return row?.fileName === fileName && !isRecordingType(row.contentType) ? row : undefined
}
