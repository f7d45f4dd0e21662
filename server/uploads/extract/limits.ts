/**
 * Bounds on reading an attached file (issue #15): a hostile file (zip bomb, 5,000-page PDF, malformed XML)
 * is refused with a clear reason within these limits and never takes the server down.
 */
export const READ_LIMITS = {
  /** Characters of text kept of one file: enough for notes, a chapter or a transcript; bounded for the prompt. */
  chars: 20_000,
  /** Bytes of an upload read at all (spec 1 §5 allows large uploads; the clone reads the first part). */
  bytes: 50 * 1024 * 1024,
  /** PDF pages read; a longer document is read up to here (its first pages), not refused. */
  pages: 200,
  /** Total bytes inflated from a zip-based document (docx, pptx, xlsx, epub) before it is refused. */
  unzippedBytes: 100 * 1024 * 1024,
  /** Wall time for one document or image. */
  timeoutMs: 20_000,
  /** JavaScript heap of a reader process (reader-process.ts). */
  workerHeapMb: 256,
  /**
   * Memory a reader process may write at all (its data segment: heap, array buffers, WebAssembly), so a
   * document that inflates or an image that decodes past it fails inside that process (issue #27).
   */
  processDataMb: 1024,
} as const

/** How much of one file is read: READ_LIMITS by default (a chat attachment); a knowledge source reads more. */
export interface ReadBounds {
  /** Characters of text kept. */
  chars: number
  /** PDF pages read. */
  pages: number
  /** Wall time for one document or image. */
  timeoutMs: number
}

export interface ExtractOptions {
  signal?: AbortSignal
  /**
   * Larger bounds than a chat attachment's (issue #16: a knowledge source may be a book). The hostile-file
   * protections stay as they are: the worker's heap, the unzipped-bytes budget and the image-pixel limit.
   */
  bounds?: Partial<ReadBounds>
}

/** READ_LIMITS with a caller's bounds over them. */
export const boundsOf = (options: ExtractOptions = {}): ReadBounds => ({
  chars: options.bounds?.chars ?? READ_LIMITS.chars,
  pages: options.bounds?.pages ?? READ_LIMITS.pages,
  timeoutMs: options.bounds?.timeoutMs ?? READ_LIMITS.timeoutMs,
})

/** Visitor-facing reasons (issue #15; the spec has none). */
export const UNREADABLE_TEXT = 'This file could not be read'
export const TOO_LARGE_TEXT = 'This file is too large to read'
export const TIMED_OUT_TEXT = 'Reading this file took too long'
/** A document with no text layer (a scanned PDF) or nothing but blanks. */
export const NO_TEXT_TEXT = 'This file has no readable text'
export const NO_TEXT_IN_IMAGE_TEXT = 'This image has no readable text'

/** A file that cannot be read; `message` is shown to the visitor and stored with the upload. */
export class ExtractError extends Error {
  override name = 'ExtractError'
}
