import { ExtractError, type ExtractOptions, UNREADABLE_TEXT } from './limits'

/**
 * The text in a png or jpeg image, by OCR (tesseract.js with the English data of @tesseract.js-data/eng).
 * (Seam: implemented by the image part of issue #15.)
 */
export async function readImageText(_bytes: Uint8Array, _options: ExtractOptions = {}): Promise<string> {
  throw new ExtractError(UNREADABLE_TEXT)
}
