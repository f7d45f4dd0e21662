import type { FastifyReply, FastifyRequest } from 'fastify'
import { isImageFileName } from '../../contract'
import type { UploadStore } from './store'
import type { UploadRow } from './uploads'

/** Even an html file opened directly cannot run scripts or load anything. */
const FILE_CSP = "sandbox; default-src 'none'"

/**
 * A route's onSend hook for file answers. Route hooks run after the app's: this CSP replaces the page CSP the
 * app gives text/html answers.
 */
export async function fileCsp(_request: FastifyRequest, reply: FastifyReply, payload: unknown) {
  if (reply.statusCode === 200 || reply.statusCode === 206) reply.header('content-security-policy', FILE_CSP)
  return payload
}

/** One satisfiable byte range of a `Range: bytes=...` header, or why not ('none': serve it whole). */
export function byteRange(
  header: string | undefined,
  size: number,
): { start: number; end: number } | 'none' | 'unsatisfiable' {
  const match = /^bytes=(\d*)-(\d*)$/.exec(header?.trim() ?? '')
  // No header, several ranges or another unit: the whole file, as RFC 9110 allows.
  if (!match || (match[1] === '' && match[2] === '')) return 'none'
  if (match[1] === '') {
    // The last N bytes.
    const length = Math.min(Number(match[2]), size)
    return length === 0 ? 'unsatisfiable' : { start: size - length, end: size - 1 }
  }
  const start = Number(match[1])
  const end = match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1)
  if (start >= size || end < start) return 'unsatisfiable'
  return { start, end }
}

/**
 * Sends a complete upload's bytes, or the one range asked for (206; recordings seek). The stored type is
 * served, never sniffed; png and jpeg show inline, every other type downloads as an attachment (spec 1 §5).
 */
export function sendUploadedFile(
  reply: FastifyReply,
  store: UploadStore,
  upload: UploadRow,
  cacheControl: string,
  rangeHeader?: string,
) {
  const disposition = isImageFileName(upload.fileName) ? 'inline' : 'attachment'
  reply
    .header('content-type', upload.contentType)
    .header('content-disposition', contentDisposition(disposition, upload.fileName))
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', cacheControl)
    .header('accept-ranges', 'bytes')
  const range = byteRange(rangeHeader, upload.size)
  if (range === 'unsatisfiable') {
    return reply.code(416).header('content-range', `bytes */${upload.size}`).send()
  }
  if (range === 'none') {
    return reply.header('content-length', upload.size).send(store.openFile(upload.fileKey))
  }
  return reply
    .code(206)
    .header('content-range', `bytes ${range.start}-${range.end}/${upload.size}`)
    .header('content-length', range.end - range.start + 1)
    .send(store.openFile(upload.fileKey, range))
}

/** RFC 6266 with an ASCII fallback: sanitised names may hold any letter ('café.txt'). */
function contentDisposition(kind: 'inline' | 'attachment', fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]|["\\]/g, '_')
  const encoded = encodeURIComponent(fileName).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  )
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encoded}`
}
