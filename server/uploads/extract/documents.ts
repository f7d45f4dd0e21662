import { ExtractError, type ExtractOptions, UNREADABLE_TEXT } from './limits'

/**
 * The text of a pdf, docx, pptx, xlsx, epub or rtf file, read in a worker thread within READ_LIMITS.
 * (Seam: implemented by the document-extraction part of issue #15.)
 */
export async function readDocumentText(
  _fileName: string,
  _bytes: Uint8Array,
  _options: ExtractOptions = {},
): Promise<string> {
  throw new ExtractError(UNREADABLE_TEXT)
}
