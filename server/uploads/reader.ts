import { eq, inArray } from 'drizzle-orm'
import type { FastifyBaseLogger, FastifyInstance } from 'fastify'
import { extensionOf } from '../../contract'
import type { Db } from '../db/client'
import { uploads, uploadTexts } from '../db/schema'
import { ExtractError, type ExtractOptions, extractFileText, READ_LIMITS, readMethodOf } from './extract'
import { TIMED_OUT_TEXT, UNREADABLE_TEXT } from './extract/limits'
import { readHead, type UploadStore } from './store'

/*
 * Issue #15 'Every attached file is read': each chat upload is read once it is complete, off the request
 * path, by a small in-process queue. The text (or the visitor-facing reason it could not be read) is stored
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
  const queue: ReadableUpload[] = []
  /** Uploads queued or being read by this process, with the promise of their end. */
  const pending = new Map<string, { done: Promise<void>; resolve: () => void }>()
  const running = new Set<Promise<void>>()
  const stopping = new AbortController()
  let closed = false

  const settle = (uploadId: string) => {
    pending.get(uploadId)?.resolve()
    pending.delete(uploadId)
  }

  const schedule = (upload: ReadableUpload): Promise<void> => {
    const known = pending.get(upload.id)
    if (known) return known.done
    if (closed) return Promise.resolve()
    let resolve = () => {}
    const done = new Promise<void>((r) => {
      resolve = r
    })
    pending.set(upload.id, { done, resolve })
    queue.push(upload)
    pump()
    return done
  }

  const pump = () => {
    while (!closed && running.size < concurrency && queue.length > 0) {
      const upload = queue.shift()!
      const job: Promise<void> = read(upload)
        .catch((error: unknown) => log.error({ err: error, uploadId: upload.id }, 'reading a file failed'))
        .finally(() => {
          running.delete(job)
          settle(upload.id)
          pump()
        })
      running.add(job)
    }
  }

  const read = async (upload: ReadableUpload) => {
    await db.update(uploadTexts).set({ state: 'reading' }).where(eq(uploadTexts.uploadId, upload.id))
    let outcome: { state: 'ready'; text: string } | { state: 'failed'; error: string }
    try {
      const text = await withinTime(timeoutMs, stopping.signal, async (signal) => {
        const bytes = await readHead(store, upload.fileKey, bytesToRead(upload.fileName, upload.size))
        return extract(upload.fileName, bytes, { signal })
      })
      outcome = { state: 'ready', text: text.slice(0, READ_LIMITS.chars) }
    } catch (error) {
      // Stopping mid-read: the row stays 'reading' and the next start reads the file again.
      if (closed) return
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

  return {
    async enqueue(upload) {
      if (closed) return
      try {
        await record(upload, false)
        void schedule(upload)
      } catch (error) {
        log.error({ err: error, uploadId: upload.id }, 'could not queue a file for reading')
      }
    },

    async whenRead(upload) {
      const known = pending.get(upload.id)
      if (known) return known.done
      const [row] = await db
        .select({ state: uploadTexts.state })
        .from(uploadTexts)
        .where(eq(uploadTexts.uploadId, upload.id))
      if (row?.state === 'ready' || row?.state === 'failed') return
      await record(upload, true)
      return schedule(upload)
    },

    async recover() {
      const left = await db
        .select({ id: uploads.id, fileKey: uploads.fileKey, fileName: uploads.fileName, size: uploads.size })
        .from(uploadTexts)
        .innerJoin(uploads, eq(uploads.id, uploadTexts.uploadId))
        .where(inArray(uploadTexts.state, ['queued', 'reading']))
      for (const upload of left) void schedule(upload)
      return left.length
    },

    async close() {
      closed = true
      stopping.abort(new Error('The server is stopping'))
      queue.length = 0
      await Promise.allSettled([...running])
      for (const uploadId of [...pending.keys()]) settle(uploadId)
    },
  }
}

/**
 * Runs `work` with a signal that fires after `ms` or when `stop` fires; ends with an ExtractError
 * (TIMED_OUT_TEXT) at the time limit even when the work ignores its signal.
 */
async function withinTime<T>(
  ms: number,
  stop: AbortSignal,
  work: (signal: AbortSignal) => Promise<T>,
): Promise<T> {
  const controller = new AbortController()
  const onStop = () => controller.abort(stop.reason)
  if (stop.aborted) onStop()
  else stop.addEventListener('abort', onStop, { once: true })
  const timer = setTimeout(() => controller.abort(new ExtractError(TIMED_OUT_TEXT)), ms)
  timer.unref()
  const aborted = new Promise<never>((_, reject) => {
    const { signal } = controller
    if (signal.aborted) reject(signal.reason)
    else signal.addEventListener('abort', () => reject(signal.reason), { once: true })
  })
  try {
    return await Promise.race([work(controller.signal), aborted])
  } finally {
    clearTimeout(timer)
    stop.removeEventListener('abort', onStop)
  }
}

/**
 * The reader's life with the app's: files a stopped server left unread are re-queued once the app is ready
 * (like recoverInterruptedAnswers, server/chat/answer-store.ts), and it stops when the app closes.
 */
export function startFileReader(app: FastifyInstance, reader: FileReader): void {
  app.addHook('onReady', async () => {
    const count = await reader.recover()
    if (count > 0) app.log.warn({ count }, 'files left unread by a stopped server queued again')
  })
  app.addHook('onClose', () => reader.close())
}
