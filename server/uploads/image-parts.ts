import type { Attachment } from '../brain/answerer'
import { imageSizeOf } from './extract/image-size'
import { readHead, type UploadStore } from './store'
import type { UploadRow } from './uploads'

/**
 * The largest image sent to the language model as an image (issue #15): providers cap an image near 20 MB and
 * bill it by size; a larger one goes as its OCR text only. Base64 makes it a third larger in the request.
 */
export const IMAGE_PART_BYTES = 5 * 1024 * 1024

const CONTENT_TYPES = { png: 'image/png', jpeg: 'image/jpeg' } as const

/**
 * An attached png or jpeg as a base64 data URL, for the image_url part of a vision-capable model's turn
 * (server/brain/prompt.ts). null for anything else: another type, a file whose bytes are not a png or jpeg
 * whatever its name, or one over IMAGE_PART_BYTES.
 */
export async function imageOf(
  store: UploadStore,
  upload: Pick<UploadRow, 'fileKey' | 'size'>,
): Promise<NonNullable<Attachment['image']> | null> {
  if (upload.size <= 0 || upload.size > IMAGE_PART_BYTES) return null
  const bytes = await readHead(store, upload.fileKey, upload.size)
  const size = imageSizeOf(bytes)
  if (!size) return null
  const contentType = CONTENT_TYPES[size.type]
  return { contentType, dataUrl: `data:${contentType};base64,${bytes.toString('base64')}` }
}
