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
  if (reply.statusCode === 200) reply.header('content-security-policy', FILE_CSP)
  return payload
}

/**
 * Sends a complete upload's bytes. The stored type is served, never sniffed; png and jpeg show inline, every
 * other type downloads as an attachment (spec 1 §5).
 */
export function sendUploadedFile(
  reply: FastifyReply,
  store: UploadStore,
  upload: UploadRow,
  cacheControl: string,
) {
  const disposition = isImageFileName(upload.fileName) ? 'inline' : 'attachment'
  return reply
    .header('content-type', upload.contentType)
    .header('content-length', upload.size)
    .header('content-disposition', contentDisposition(disposition, upload.fileName))
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', cacheControl)
    .send(store.openFile(upload.fileKey))
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
