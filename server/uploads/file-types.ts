import { ACCEPTED_EXTENSIONS, type AcceptedExtension, extensionOf, isImageFileName } from '../../contract'
import { badRequest } from '../errors'

/** spec 1 §5 'Accepted types'; the server's own answer to 'what is this file', by extension only. */
const CONTENT_TYPES: Record<AcceptedExtension, string> = {
  pdf: 'application/pdf',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  html: 'text/html; charset=utf-8',
  txt: 'text/plain; charset=utf-8',
  srt: 'application/x-subrip',
  epub: 'application/epub+zip',
  md: 'text/markdown; charset=utf-8',
  rtf: 'application/rtf',
  csv: 'text/csv; charset=utf-8',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
}

export const UNSUPPORTED_TYPE_TEXT = 'This file type is not supported'
export const TYPE_MISMATCH_TEXT = 'The file does not match its type'

const isAcceptedExtension = (ext: string): ext is AcceptedExtension =>
  (ACCEPTED_EXTENSIONS as readonly string[]).includes(ext)

/** The stored content type of an accepted file name; a 400 for any other (the client's type is ignored). */
export function contentTypeOf(fileName: string): string {
  const ext = extensionOf(fileName)
  if (!isAcceptedExtension(ext)) throw badRequest(UNSUPPORTED_TYPE_TEXT)
  return CONTENT_TYPES[ext]
}

/** A video call's recording (contract RECORDING_EXTENSIONS), by extension like the rest. */
const RECORDING_TYPES: Record<string, string> = { webm: 'video/webm', mp4: 'video/mp4' }

/** The stored content type of a recording's file name; a 400 for any other. */
export function recordingContentTypeOf(fileName: string): string {
  const type = RECORDING_TYPES[extensionOf(fileName)]
  if (!type) throw badRequest(UNSUPPORTED_TYPE_TEXT)
  return type
}

/** Recordings are read only through their call (owner) or its share, never by the file's own address. */
export const isRecordingType = (contentType: string): boolean =>
  Object.values(RECORDING_TYPES).includes(contentType)

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])
const JPEG_SIGNATURE = Buffer.from([0xff, 0xd8, 0xff])
/** How many leading bytes matchesSignature needs. */
export const SIGNATURE_BYTES = PNG_SIGNATURE.length

/**
 * Images are shown inline, so a .png must really be a PNG (and a .jpg a JPEG): a script or HTML page
 * renamed to .png is refused. Other types download as attachments and are not sniffed.
 */
export function matchesSignature(fileName: string, head: Uint8Array): boolean {
  if (!isImageFileName(fileName)) return true
  const signature = extensionOf(fileName) === 'png' ? PNG_SIGNATURE : JPEG_SIGNATURE
  return head.length >= signature.length && signature.equals(head.subarray(0, signature.length))
}

/** Types whose text the clone can read (html after its tags are stripped). */
const TEXT_EXTENSIONS = new Set(['txt', 'md', 'csv', 'srt', 'html'])
export const isReadableText = (fileName: string): boolean => TEXT_EXTENSIONS.has(extensionOf(fileName))
