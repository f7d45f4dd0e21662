import { extensionOf, isImageFileName } from '../../../contract'
import { isReadableText } from '../file-types'
import { readDocumentText } from './documents'
import { boundsOf, ExtractError, type ExtractOptions, UNREADABLE_TEXT } from './limits'
import { readImageText } from './ocr'
import { decodeText, plainText, storableText } from './plain-text'

export { ExtractError, type ExtractOptions, READ_LIMITS, type ReadBounds } from './limits'
export { decodeText, storableText } from './plain-text'

export type ReadMethod = 'text' | 'document' | 'ocr'

/** The extensions whose text is read by readDocumentText (documents.ts). */
const DOCUMENT_EXTENSIONS = new Set(['pdf', 'docx', 'pptx', 'xlsx', 'epub', 'rtf'])

/** How a file's text is read, by its (already accepted) name; null for a type the clone cannot read. */
export function readMethodOf(fileName: string): ReadMethod | null {
  if (isReadableText(fileName)) return 'text'
  if (DOCUMENT_EXTENSIONS.has(extensionOf(fileName))) return 'document'
  if (isImageFileName(fileName)) return 'ocr'
  return null
}

/**
 * The readable text of one attached file (issue #15 'Every attached file is read'), at most
 * READ_LIMITS.chars characters (options.bounds may allow more). Text-like files are decoded here; documents are read in a reader process
 * bounded in time, memory, pages and unzipped bytes (documents.ts); images by OCR (ocr.ts). Throws an
 * ExtractError whose message is the visitor-facing reason (too large, too many pages, unreadable).
 */
export async function extractFileText(
  fileName: string,
  bytes: Uint8Array,
  options: ExtractOptions = {},
): Promise<string> {
  const method = readMethodOf(fileName)
  if (method === 'text') {
    const text = storableText(plainText(decodeText(bytes), extensionOf(fileName)))
    return text.slice(0, boundsOf(options).chars)
  }
  if (method === 'document') return storableText(await readDocumentText(fileName, bytes, options))
  if (method === 'ocr') return storableText(await readImageText(bytes, options))
  throw new ExtractError(UNREADABLE_TEXT)
}
