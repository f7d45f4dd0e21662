import type { ExtractOptions } from './limits'
import { readInProcess } from './reader-process'

/**
 * The text of a pdf, docx, pptx, xlsx, epub or rtf file (issue #15 'Every attached file is read'), read in a
 * reader process (reader-process.ts) bounded in heap, data segment and wall time (or the caller's bounds:
 * characters, pages, time). A process that runs out of time or memory, crashes or is aborted is ended: the
 * file gets an ExtractError (TIMED_OUT_TEXT, TOO_LARGE_TEXT, UNREADABLE_TEXT) and the server carries on.
 */
export function readDocumentText(
  fileName: string,
  bytes: Uint8Array,
  options: ExtractOptions = {},
): Promise<string> {
  return readInProcess({ kind: 'document', fileName, bytes }, options)
}
