import { mkdtemp, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { expect } from 'vitest'
import { CompleteUploadResponse, PresignUploadResponse, UPLOAD_PART_BYTES } from '../../contract'
import type { App } from '../../server/app'
import { VISITOR_COOKIE } from '../../server/auth/visitor'

/** A DATA_DIR of its own per test file, so uploads on disk never mix between files. */
export async function uploadDataDir(): Promise<{ dir: string; remove(): Promise<void> }> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'likeness-uploads-'))
  return { dir, remove: () => rm(dir, { recursive: true, force: true }) }
}

/** A visitor: a cookie value that ownerOf accepts (16-64 url-safe characters). */
export const visitorHeaders = (visitor: string) => ({ cookie: `${VISITOR_COOKIE}=${visitor}` })

/** The smallest real PNG header (signature and IHDR start): enough for the server's type check. */
export const PNG_BYTES = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex')

export async function presign(
  app: App,
  headers: Record<string, string>,
  body: { fileName: string; fileSize: number; contentType?: string; bucketType?: 'consumer' | 'recording' },
) {
  return app.inject({
    method: 'POST',
    url: '/api/uploads/presign',
    headers,
    payload: { contentType: 'application/octet-stream', bucketType: 'consumer', ...body },
  })
}

/**
 * PUTs a part to its URL as the browser does: the server's own part link through the app, or an object store's
 * presigned URL (absolute, issue #24) over HTTP. Answers what inject would.
 */
export async function putPart(
  app: App,
  url: string,
  bytes: Buffer,
  contentType = 'application/octet-stream',
): Promise<{ statusCode: number; body: string; headers: Record<string, string | undefined> }> {
  if (/^https?:\/\//.test(url)) {
    const response = await fetch(url, { method: 'PUT', body: new Uint8Array(bytes) })
    return {
      statusCode: response.status,
      body: await response.text(),
      headers: { etag: response.headers.get('etag') ?? undefined },
    }
  }
  const response = await app.inject({
    method: 'PUT',
    url,
    payload: bytes,
    headers: { 'content-type': contentType },
  })
  return {
    statusCode: response.statusCode,
    body: response.body,
    headers: { etag: response.headers.etag as string },
  }
}

export async function complete(
  app: App,
  headers: Record<string, string>,
  body: {
    fileKey: string
    uploadId: string
    fileName: string
    partETags: { PartNumber: number; ETag: string }[]
  },
) {
  return app.inject({ method: 'POST', url: '/api/uploads/complete', headers, payload: body })
}

/** Uploads a file the way the client does (presign, PUT each part, complete) and answers its URL. */
export async function uploadFile(
  app: App,
  headers: Record<string, string>,
  fileName: string,
  bytes: Buffer,
): Promise<string> {
  const presigned = await presign(app, headers, { fileName, fileSize: bytes.length })
  expect(presigned.statusCode, presigned.body).toBe(200)
  const { uploadId, fileKey, partUrls } = PresignUploadResponse.parse(presigned.json())
  const partETags = []
  for (const [i, url] of partUrls.entries()) {
    const part = bytes.subarray(i * UPLOAD_PART_BYTES, (i + 1) * UPLOAD_PART_BYTES)
    const res = await putPart(app, url, part)
    expect(res.statusCode, res.body).toBe(200)
    partETags.push({ PartNumber: i + 1, ETag: String(res.headers.etag) })
  }
  const completed = await complete(app, headers, { fileKey, uploadId, fileName, partETags })
  expect(completed.statusCode, completed.body).toBe(200)
  return CompleteUploadResponse.parse(completed.json()).presignedUrl
}

/** A multipart form as a browser's FormData sends it. */
export async function multipartForm(
  fields: Record<string, string>,
  files: { name: string; fileName: string; bytes: Buffer; type?: string }[],
): Promise<{ payload: Buffer; headers: Record<string, string> }> {
  const form = new FormData()
  for (const file of files) {
    form.append(
      file.name,
      new Blob([new Uint8Array(file.bytes)], { type: file.type ?? 'application/octet-stream' }),
      file.fileName,
    )
  }
  for (const [name, value] of Object.entries(fields)) form.append(name, value)
  const request = new Request('http://localhost/api/upload', { method: 'POST', body: form })
  return {
    payload: Buffer.from(await request.arrayBuffer()),
    headers: { 'content-type': request.headers.get('content-type')! },
  }
}
