import { inArray } from 'drizzle-orm'
import { isImageFileName } from '../../contract'
import type { Attachment } from '../brain/answerer'
import type { Db } from '../db/client'
import { uploadTexts } from '../db/schema'
import { READ_LIMITS, TIMED_OUT_TEXT } from './extract/limits'
import { imageOf } from './image-parts'
import type { FileReader } from './reader'
import type { UploadStore } from './store'
import { fileUrl, type UploadRow } from './uploads'

/** How long a message waits for its files beyond one file's reading time (READ_LIMITS.timeoutMs). */
export const READ_WAIT_MARGIN_MS = 5_000
/** The reason given for a file that was read but holds no text (an empty page, a blank image). */
export const EMPTY_FILE_TEXT = 'No text was found in this file'

/**
 * What the clone gets of each attached file (issue #15 'Every attached file is read'): its text as the
 * reader stored it, or null with the reason it could not be read. A file still being read is waited for,
 * at most `waitMs`; one still unread then is answered as unreadable (it took too long).
 */
export async function readAttachments(
  db: Db,
  reader: FileReader,
  attached: readonly UploadRow[],
  {
    waitMs = READ_LIMITS.timeoutMs + READ_WAIT_MARGIN_MS,
    signal,
    imagesFrom,
  }: {
    waitMs?: number
    signal?: AbortSignal
    /** Where to read png and jpeg files from as images for a vision model (BrainSetup.vision); unset: none. */
    imagesFrom?: UploadStore
  } = {},
): Promise<Attachment[]> {
  if (attached.length === 0) return []
  let timer: NodeJS.Timeout | undefined
  let stopWaiting = () => {}
  // Waiting ends early when the visitor leaves (nothing will be answered) or at the time limit.
  const waited = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, waitMs)
    stopWaiting = resolve
    signal?.addEventListener('abort', stopWaiting, { once: true })
  })
  try {
    await Promise.race([Promise.all(attached.map((upload) => reader.whenRead(upload))), waited])
  } finally {
    clearTimeout(timer)
    signal?.removeEventListener('abort', stopWaiting)
  }
  const ids = attached.map((upload) => upload.id)
  const rows = await db.select().from(uploadTexts).where(inArray(uploadTexts.uploadId, ids))
  const byId = new Map(rows.map((row) => [row.uploadId, row]))
  return Promise.all(
    attached.map(async (upload) => {
      const row = byId.get(upload.id)
      const text = row?.state === 'ready' && row.text?.trim() ? row.text : null
      const error = row?.state === 'ready' ? EMPTY_FILE_TEXT : (row?.error ?? TIMED_OUT_TEXT)
      const attachment: Attachment = {
        uploadId: upload.id,
        fileName: upload.fileName,
        url: fileUrl(upload.fileKey, upload.fileName),
        text,
        error: text === null ? error : null,
      }
      // Issue #15: a vision-capable model also sees the image itself (server/uploads/image-parts.ts).
      if (imagesFrom && isImageFileName(upload.fileName)) {
        const image = await imageOf(imagesFrom, upload).catch(() => null)
        if (image) attachment.image = image
      }
      return attachment
    }),
  )
}
