import { ApiErrorBody } from '../../../contract/errors'
import {
  CompleteUploadRequest,
  CompleteUploadResponse,
  PresignUploadRequest,
  PresignUploadResponse,
  partCount,
  sanitizeFileName,
  UPLOAD_PARALLEL_PARTS,
  UPLOAD_PART_BYTES,
} from '../../../contract/uploads'
import { ApiError, apiRequest, authRequestInit, ClientErrorCode, resolveApiUrl } from './client'

/** spec 1 §7 'Uploads': presign, PUT each part and read its ETag, complete. */

const UPLOADS = '/api/uploads'

export const presignUpload = (request: PresignUploadRequest, signal?: AbortSignal) =>
  apiRequest({
    path: `${UPLOADS}/presign`,
    method: 'POST',
    body: PresignUploadRequest.parse(request),
    schema: PresignUploadResponse,
    signal,
  })

/** Answers the file's address (root-relative): what a message's `files` carries. */
export const completeUpload = async (request: CompleteUploadRequest, signal?: AbortSignal) =>
  (
    await apiRequest({
      path: `${UPLOADS}/complete`,
      method: 'POST',
      body: CompleteUploadRequest.parse(request),
      schema: CompleteUploadResponse,
      signal,
    })
  ).presignedUrl

/**
 * PUTs one part's bytes to its signed URL and answers the part's ETag. Failures throw ApiError. A root-relative
 * URL is the API's own part link (same origin and credentials as every other call); an absolute one is the
 * object store's presigned URL (issue #24), which carries its own signature: no cookie, no token, no headers.
 */
export async function putUploadPart(url: string, part: Blob, signal?: AbortSignal): Promise<string> {
  let response: Response
  try {
    const toStore = /^https?:\/\//i.test(url)
    const auth = toStore ? null : await authRequestInit()
    response = await fetch(resolveApiUrl(url), {
      method: 'PUT',
      credentials: auth ? auth.credentials : 'omit',
      headers: auth ? { ...auth.headers, 'Content-Type': 'application/octet-stream' } : undefined,
      body: part,
      signal,
    })
  } catch (cause) {
    if (signal?.aborted) throw cause
    throw new ApiError(0, ClientErrorCode.network, 'Could not reach the server. Check your connection.', {
      cause,
    })
  }
  if (!response.ok) throw await partError(response)
  const etag = response.headers.get('ETag')
  if (!etag) {
    throw new ApiError(response.status, ClientErrorCode.invalidResponse, 'The upload part has no ETag.')
  }
  return etag
}

async function partError(response: Response): Promise<ApiError> {
  const body: unknown = await response.json().catch(() => undefined)
  const parsed = ApiErrorBody.safeParse(body)
  return parsed.success
    ? new ApiError(response.status, parsed.data.error.code, parsed.data.error.message)
    : new ApiError(
        response.status,
        ClientErrorCode.invalidResponse,
        `Upload part refused (${response.status})`,
      )
}

export interface UploadFileOptions {
  signal?: AbortSignal
  /** Called as parts finish, with the bytes sent so far (fetch reports no progress within a part). */
  onProgress?: (sentBytes: number) => void
}

/**
 * Uploads a file in parts of UPLOAD_PART_BYTES (spec 1 §9), never more than UPLOAD_PARALLEL_PARTS in
 * flight, and answers its address. One failed part fails the upload and stops the others; aborting
 * `signal` stops everything and rejects with its reason.
 */
export async function uploadFile(file: File, options: UploadFileOptions = {}): Promise<string> {
  return (await uploadParts(file, 'consumer', options)).url
}

/**
 * A file the creator studio hands on by its upload id (issue #16): the same consumer upload as a chat
 * attachment, answering its id and address. POST /api/studio/{slug}/sources/document names a knowledge
 * document by it, and PATCH /api/studio/{slug}/settings a portrait.
 */
export const uploadFileWithId = (file: File, options: UploadFileOptions = {}) =>
  uploadParts(file, 'consumer', options)

/**
 * A video call's recording (bucket 'recording', contract/uploads.ts): answers the upload's id, which
 * POST /api/calls/video/:callId/recording attaches to the call (api/video.ts attachVideoRecording).
 */
export const uploadRecording = (file: File, options: UploadFileOptions = {}) =>
  uploadParts(file, 'recording', options)

async function uploadParts(
  file: File,
  bucketType: PresignUploadRequest['bucketType'],
  { signal, onProgress }: UploadFileOptions,
): Promise<{ uploadId: string; url: string }> {
  signal?.throwIfAborted()
  const fileName = sanitizeFileName(file.name)
  const { uploadId, fileKey, partUrls } = await presignUpload(
    {
      fileName,
      fileSize: file.size,
      contentType: file.type || 'application/octet-stream',
      bucketType,
    },
    signal,
  )
  if (partUrls.length !== partCount(file.size)) {
    throw new ApiError(200, ClientErrorCode.invalidResponse, 'The server signed the wrong number of parts.')
  }

  // One controller for the parts: the visitor's abort and the first failure both stop the rest.
  const parts = new AbortController()
  const forwardAbort = () => parts.abort(signal?.reason)
  signal?.addEventListener('abort', forwardAbort, { once: true })
  let sentBytes = 0
  try {
    const partETags = await inPool(partUrls.length, UPLOAD_PARALLEL_PARTS, parts, async (index) => {
      const bytes = file.slice(index * UPLOAD_PART_BYTES, (index + 1) * UPLOAD_PART_BYTES)
      const etag = await putUploadPart(partUrls[index] as string, bytes, parts.signal)
      sentBytes += bytes.size
      onProgress?.(sentBytes)
      return { PartNumber: index + 1, ETag: etag }
    })
    const url = await completeUpload({ fileKey, uploadId, partETags, fileName }, signal)
    return { uploadId, url }
  } catch (error) {
    parts.abort()
    throw signal?.aborted ? signal.reason : error
  } finally {
    signal?.removeEventListener('abort', forwardAbort)
  }
}

/**
 * Runs task(0..count-1) with at most `limit` in flight, answering results in index order. A small pool
 * rather than batches: a slow part never holds back the next ones. The first failure aborts `controller`
 * at once, so no new task starts and those in flight stop.
 */
async function inPool<T>(
  count: number,
  limit: number,
  controller: AbortController,
  task: (index: number) => Promise<T>,
): Promise<T[]> {
  const results: T[] = new Array(count)
  let next = 0
  const worker = async () => {
    while (next < count && !controller.signal.aborted) {
      const index = next
      next += 1
      try {
        results[index] = await task(index)
      } catch (error) {
        controller.abort(error)
        throw error
      }
    }
  }
  await Promise.all(Array.from({ length: Math.min(limit, count) }, worker))
  controller.signal.throwIfAborted()
  return results
}
