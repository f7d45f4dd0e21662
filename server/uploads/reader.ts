import { setTimeout as delay } from 'node:timers/promises'
import { and, eq, inArray, sql } from 'drizzle-orm'
import type { FastifyBaseLogger, FastifyInstance } from 'fastify'
import { extensionOf } from '../../contract'
import type { Db } from '../db/client'
import { uploads, uploadTexts } from '../db/schema'
import { jobClaims, UPLOAD_TEXT_CLAIMS } from '../jobs/claims'
import { createReadingQueue, keepClaims, startReader, withinTime } from '../reading-queue'
import { ExtractError, type ExtractOptions, extractFileText, READ_LIMITS, readMethodOf } from './extract'
import { TIMED_OUT_TEXT, UNREADABLE_TEXT } from './extract/limits'
import { readHead, type UploadStore } from './store'

/*
 * Issue #15 'Every attached file is read': each chat upload is read once it is complete, off the request
 * path, by a small in-process queue (server/reading-queue.ts). The text (or the visitor-facing reason it could not be read) is stored
 * in upload_texts; a message that attaches the file waits for it (whenRead) and answers with what is there.
 * With several servers on one database each file is read once, by the server holding its claim (issue #24,
 * server/jobs/claims.ts); a message on another server waits for that read.
 */

/** Files read at once: reading a document or an image is CPU-bound (a reader process: reader-process.ts). */
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
  /** This reader's id in the claims it holds (server/jobs/claims.ts); a new one by default. */
  claimerId?: string
  /** How long its claims last unless renewed (CLAIM_LEASE_MS by default). */
  leaseMs?: number
  /** How often whenRead looks at a file another server is reading. */
  waitPollMs?: number
}

/** How often a message waiting for a file another server reads looks whether it is read. */
export const CLAIM_WAIT_POLL_MS = 250

export interface FileReader {
  /** Records a complete upload as 'queued' and reads it in the background. Never throws. */
  enqueue(upload: ReadableUpload): Promise<void>
  /**
   * Resolves once the upload has been read (ready or failed), at once when it was read already; an upload
   * with no reading recorded (uploaded before reading existed, or left by a stopped server) is read now, and
   * one another server is reading is waited for (read here if that server's claim runs out).
   */
  whenRead(upload: ReadableUpload): Promise<void>
  /**
   * Claims and queues the files nobody holds: left 'queued' or 'reading' by a stopped server (its claims given
   * back or run out); answers how many.
   */
  recover(): Promise<number>
  /**
   * Stops: queued files stay 'queued' in the table, reads in progress end (staying 'reading'), and their
   * claims are given back, so another server or the next start reads them.
   */
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
  claimerId,
  leaseMs,
  waitPollMs = CLAIM_WAIT_POLL_MS,
}: FileReaderOptions): FileReader {
  const claims = jobClaims(db, UPLOAD_TEXT_CLAIMS, { claimerId, leaseMs })

  const read = async (upload: ReadableUpload, stop: AbortSignal) => {
    // Read only under this reader's claim: another server holding the file reads it (whenRead waits for it).
    if (!(await claims.claim(upload.id, { reading: {} }))) return
    let outcome: { state: 'ready'; text: string } | { state: 'failed'; error: string }
    try {
      const text = await withinTime(timeoutMs, stop, readTimedOut, async (signal) => {
        const bytes = await readHead(store, upload.fileKey, bytesToRead(upload.fileName, upload.size))
        return extract(upload.fileName, bytes, { signal })
      })
      outcome = { state: 'ready', text: text.slice(0, READ_LIMITS.chars) }
    } catch (error) {
      // Stopping mid-read (or the claim lost): the row stays 'reading' and is read again by whoever claims it.
      if (stop.aborted) return
      if (!(error instanceof ExtractError)) log.warn({ err: error, uploadId: upload.id }, 'file unreadable')
      outcome = { state: 'failed', error: error instanceof ExtractError ? error.message : UNREADABLE_TEXT }
    }
    // Written only while the claim is still this reader's, and given back with the outcome.
    const save = (result: typeof outcome) =>
      db
        .update(uploadTexts)
        .set({
          state: result.state,
          text: result.state === 'ready' ? result.text : null,
          error: result.state === 'failed' ? result.error : null,
          readAt: new Date(),
          claimedBy: null,
          claimExpiresAt: null,
        })
        .where(and(eq(uploadTexts.uploadId, upload.id), claims.heldByMe))
    try {
      await save(outcome)
    } catch (error) {
      // A text the database refuses is a failed read, not one to try again at every start (issue #27). The
      // log gets the database's reason only: the failed query's message would carry the file's text.
      log.error({ uploadId: upload.id, reason: databaseReason(error) }, 'storing a read file failed')
      await save({ state: 'failed', error: UNREADABLE_TEXT })
    }
  }

  /** Records the upload's reading as 'queued' under this reader's claim; answers whether the claim is ours. */
  const record = async (upload: ReadableUpload): Promise<boolean> => {
    const [inserted] = await db
      .insert(uploadTexts)
      .values({
        uploadId: upload.id,
        state: 'queued',
        method: readMethodOf(upload.fileName),
        claimedBy: claims.claimerId,
        claimExpiresAt: sql`now() + ${claims.leaseMs} * interval '1 millisecond'`,
      })
      .onConflictDoNothing()
      .returning({ uploadId: uploadTexts.uploadId })
    return inserted !== undefined || (await claims.claim(upload.id))
  }

  const queue = createReadingQueue<ReadableUpload>({
    concurrency,
    keyOf: (upload) => upload.id,
    read,
    onError: (error, upload) =>
      log.error({ uploadId: upload.id, reason: databaseReason(error) }, 'reading a file failed'),
    // A file is read once: asking again waits for the read in progress.
    whileReading: 'join',
  })
  const stopRenewing = keepClaims(queue, claims, log)

  return {
    async enqueue(upload) {
      if (queue.closed) return
      try {
        if (await record(upload)) void queue.schedule(upload)
      } catch (error) {
        log.error({ err: error, uploadId: upload.id }, 'could not queue a file for reading')
      }
    },

    async whenRead(upload) {
      const known = queue.pending(upload.id)
      if (known) return known
      while (!queue.closed) {
        const { state, holder } = await claims.status(upload.id)
        if (state === 'ready' || state === 'failed') return
        // Unrecorded (uploaded before reading existed), or waiting with nobody alive on it: read it here.
        if (holder !== 'other' && (await record(upload))) return queue.schedule(upload)
        // Another server is reading it (or took it just now): its outcome lands in the table.
        await delay(waitPollMs)
      }
    },

    async recover() {
      const keys = await claims.claimAvailable()
      if (keys.length === 0) return 0
      const left = await db
        .select({ id: uploads.id, fileKey: uploads.fileKey, fileName: uploads.fileName, size: uploads.size })
        .from(uploads)
        .where(inArray(uploads.id, keys))
      for (const upload of left) void queue.schedule(upload)
      return left.length
    },

    async close() {
      stopRenewing()
      await queue.close()
      // What this reader held goes back at once: another server (or the next start) reads it.
      await claims.releaseAll().catch((error) => log.error({ err: error }, 'giving back file claims failed'))
    },
  }
}

const readTimedOut = () => new ExtractError(TIMED_OUT_TEXT)

/** Why the database refused a write, without the statement's parameters (drizzle puts them in its message). */
export function databaseReason(error: unknown): string {
  const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error
  const message = cause instanceof Error ? cause.message : String(cause)
  return message.startsWith('Failed query') ? 'the database refused the write' : message.slice(0, 200)
}

/** The reader's life with the app's (server/reading-queue.ts). */
export function startFileReader(app: FastifyInstance, reader: FileReader, takeUpWork = true): void {
  startReader(app, reader, 'files', takeUpWork ? undefined : null)
}
