import { eq, inArray } from 'drizzle-orm'
import type { FastifyBaseLogger, FastifyInstance } from 'fastify'
import { extensionOf } from '../../contract'
import type { Db } from '../db/client'
import { uploads, uploadTexts } from '../db/schema'
import { createReadingQueue, startReader, withinTime } from '../reading-queue'
import { ExtractError, type ExtractOptions, extractFileText, READ_LIMITS, readMethodOf } from './extract'
import { TIMED_OUT_TEXT, UNREADABLE_TEXT } from './extract/limits'
import { readHead, type UploadStore } from './store'

/*
 * Issue #15 'Every attached file is read': each chat upload is read once it is complete, off the request
 * path, by a small in-process queue (server/reading-queue.ts). The text (or the visitor-facing reason it could not be read) is stored
 * in upload_texts; a message that attaches the file waits for it (whenRead) and answers with what is there.
 */

/** Files read at once: reading a document or an image is CPU-bound (a worker thread, OCR). */
export const READER_CONCURRENCY = 2
/** Text-like files are small to read: their first characters are all the clone keeps. */
const TEXT_BYTES = READ_LIMITS.chars * 4
/** html loses its tags when read, so more of it is read. */
const HTML_BYTES = TEXT_BYTES * 4

export type ReadableUpload = Pick<typeof uploads.$inferSelect, 'id' | 'fileKey' | 'fileName' | 'size'>

export type Extract = (fileName: string, bytes: Uint8Array, options: ExtractOptions) => Promise<string>

export interface FileReaderOptions {
  db: Db
  store: UploadStore
  log: Pick<FastifyBaseLogger, 'error' | 'warn'>
  concurrency?: number
  /** The extraction (tests replace it to hold or fail a read); extract/index.ts by default. */
  extract?: Extract
  /** Wall time of one file, READ_LIMITS.timeoutMs by default. */
  timeoutMs?: number
}

export interface FileReader {
  /** Records a complete upload as 'queued' and reads it in the background. Never throws. */
  enqueue(upload: ReadableUpload): Promise<void>
  /**
   * Resolves once the upload has been read (ready or failed), at once when it was read already; an upload
   * with no reading recorded (uploaded before reading existed, or left by a stopped server) is read now.
   */
  whenRead(upload: ReadableUpload): Promise<void>
  /** Re-queues what a stopped server left 'queued' or 'reading'; answers how many. */
  recover(): Promise<number>
  /** Stops: queued files stay 'queued' in the table (the next start reads them), reads in progress end. */
  close(): Promise<void>
}

/** How many bytes of a file are read at all. */
export function bytesToRead(fileName: string, size: number): number {
  if (readMethodOf(fileName) !== 'text') return Math.min(size, READ_LIMITS.bytes)
  return Math.min(size, extensionOf(fileName) === 'html' ? HTML_BYTES : TEXT_BYTES)
}

export function createFileReader({
  db,
  store,
  log,
  concurrency = READER_CONCURRENCY,
  extract = extractFileText,
  timeoutMs = READ_LIMITS.timeoutMs,
}: FileReaderOptions): FileReader {
  const read = async (upload: ReadableUpload, stop: AbortSignal) => {
    await db.update(uploadTexts).set({ state: 'reading' }).where(eq(uploadTexts.uploadId, upload.id))
    let outcome: { state: 'ready'; text: string } | { state: 'failed'; error: string }
    try {
      const text = await withinTime(timeoutMs, stop, readTimedOut, async (signal) => {
        const bytes = await readHead(store, upload.fileKey, bytesToRead(upload.fileName, upload.size))
        return extract(upload.fileName, bytes, { signal })
      })
      outcome = { state: 'ready', text: text.slice(0, READ_LIMITS.chars) }
    } catch (error) {
      // Stopping mid-read: the row stays 'reading' and the next start reads the file again.
      if (stop.aborted) return
      if (!(error instanceof ExtractError)) log.warn({ err: error, uploadId: upload.id }, 'file unreadable')
      outcome = { state: 'failed', error: error instanceof ExtractError ? error.message : UNREADABLE_TEXT }
    }
    await db
      .update(uploadTexts)
      .set({
        state: outcome.state,
        text: outcome.state === 'ready' ? outcome.text : null,
        error: outcome.state === 'failed' ? outcome.error : null,
        readAt: new Date(),
      })
      .where(eq(uploadTexts.uploadId, upload.id))
  }

  const record = async (upload: ReadableUpload, requeue: boolean) => {
    const insert = db
      .insert(uploadTexts)
      .values({ uploadId: upload.id, state: 'queued', method: readMethodOf(upload.fileName) })
    await (requeue
      ? insert.onConflictDoUpdate({ target: uploadTexts.uploadId, set: { state: 'queued' } })
      : insert.onConflictDoNothing())
  }

  const queue = createReadingQueue<ReadableUpload>({
    concurrency,
    keyOf: (upload) => upload.id,
    read,
    onError: (error, upload) => log.error({ err: error, uploadId: upload.id }, 'reading a file failed'),
    // A file is read once: asking again waits for the read in progress.
    whileReading: 'join',
  })

  return {
    async enqueue(upload) {
      if (queue.closed) return
      try {
        await record(upload, false)
        void queue.schedule(upload)
      } catch (error) {
        log.error({ err: error, uploadId: upload.id }, 'could not queue a file for reading')
      }
    },

    async whenRead(upload) {
      const known = queue.pending(upload.id)
      if (known) return known
      const [row] = await db
        .select({ state: uploadTexts.state })
        .from(uploadTexts)
        .where(eq(uploadTexts.uploadId, upload.id))
      if (row?.state === 'ready' || row?.state === 'failed') return
      await record(upload, true)
      return queue.schedule(upload)
    },

    async recover() {
      const left = await db
        .select({ id: uploads.id, fileKey: uploads.fileKey, fileName: uploads.fileName, size: uploads.size })
        .from(uploadTexts)
        .innerJoin(uploads, eq(uploads.id, uploadTexts.uploadId))
        .where(inArray(uploadTexts.state, ['queued', 'reading']))
      for (const upload of left) void queue.schedule(upload)
      return left.length
    },

    close: () => queue.close(),
  }
}

const readTimedOut = () => new ExtractError(TIMED_OUT_TEXT)

/** The reader's life with the app's (server/reading-queue.ts). */
export function startFileReader(app: FastifyInstance, reader: FileReader): void {
  startReader(app, reader, 'files')
}
