import { imageSizeOf } from './image-size'
import { ExtractError, type ExtractOptions, TOO_LARGE_TEXT, UNREADABLE_TEXT } from './limits'
import { readInProcess } from './reader-process'

/**
 * Images larger than this (width times height, as the header declares) are refused before decoding. This is
 * the decompression-bomb guard; the reader process's data limit (READ_LIMITS.processDataMb) bounds what a
 * smaller image still costs (tesseract holds several copies of the picture: about 40 bytes a pixel).
 */
export const MAX_IMAGE_PIXELS = 20_000_000

/**
 * The text in a png or jpeg image, by OCR (tesseract.js with the English data of @tesseract.js-data/eng, in a
 * reader process: reader-process.ts), issue #15 'Every attached file is read'. Throws an ExtractError: not a
 * png or jpeg (unreadable), more than MAX_IMAGE_PIXELS (too large), no text found, or out of time / aborted
 * through options.signal (timed out).
 */
export async function readImageText(bytes: Uint8Array, options: ExtractOptions = {}): Promise<string> {
  const size = imageSizeOf(bytes)
  if (!size) throw new ExtractError(UNREADABLE_TEXT)
  if (size.width * size.height > MAX_IMAGE_PIXELS) throw new ExtractError(TOO_LARGE_TEXT)
  return readInProcess({ kind: 'image', fileName: '', bytes }, options)
}
