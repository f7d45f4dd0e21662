import { and, eq, inArray } from 'drizzle-orm'
import type { FastifyBaseLogger, FastifyInstance } from 'fastify'
import { documentContentHash } from '../../brain/chunk'
import { writeDocumentChunks } from '../../brain/document-chunks'
import type { Db } from '../../db/client'
import { documentChunks, documents } from '../../db/schema'
import { createReadingQueue, startReader, withinTime } from '../../reading-queue'
import { extractFileText } from '../../uploads/extract'
import type { UploadStore } from '../../uploads/store'
import { type Extract, readSource, SOURCE_READ_BOUNDS, type SourceContent } from './read-source'
import { SOURCE_TEXTS, SourceReadError } from './source-error'
import { bumpedUpdatedAt } from './source-view'
import type { WebFetchOptions } from './web-page'

/*
 * The knowledge base's reading queue (issue #16 'Teach it'): each source the studio adds is read off the
 * request path by a small in-process queue, queued -> reading -> ready | failed (with the creator-facing
 * reason). A source's chunks are written with its 'ready' state in one transaction, so a failed or stopped
 * read leaves none. The queue is the attachment reader's (server/reading-queue.ts): bounded concurrency, a
 * time limit per source, what a stopped server left 'queued' or 'reading' queued again at start, stopped
 * with the app.
 */

/** Sources read at once (documents and OCR have their own worker limits below this). */
export const KNOWLEDGE_READER_CONCURRENCY = 2

export interface KnowledgeReaderOptions {
  db: Db
  store: UploadStore
  log: Pick<FastifyBaseLogger, 'error' | 'warn'>
  web: Pick<WebFetchOptions, 'allowAddress' | 'resolve'>
  concurrency?: number
  /** The document extraction (tests replace it to hold or fail a read); extract/index.ts by default. */
  extract?: Extract
  /** Wall time of one source. */
  timeoutMs?: number
}

export interface KnowledgeReader {
  /** Reads a 'queued' source in the background (again after the read in progress, when there is one). */
  enqueue(documentId: string): void
  /** Stops reading a source (re-read or removed); its row says what happens next. */
  cancel(documentId: string): void
  /** Queues again what a stopped server left 'queued' or 'reading'; answers how many. */
  recover(): Promise<number>
  /** Stops: reads in progress end and their sources stay 'reading', read again on the next start. */
  close(): Promise<void>
}

export function createKnowledgeReader({
  db,
  store,
  log,
  web,
  concurrency = KNOWLEDGE_READER_CONCURRENCY,
  extract = extractFileText,
  timeoutMs = SOURCE_READ_BOUNDS.timeoutMs,
}: KnowledgeReaderOptions): KnowledgeReader {
  const read = async (id: string, signal: AbortSignal) => {
    // Claimed only if still queued: a removed source, or one another server took, is left alone.
    const [row] = await db
      .update(documents)
      .set({ state: 'reading', error: null })
      .where(and(eq(documents.id, id), eq(documents.state, 'queued')))
      .returning()
    if (!row) return
    let outcome: { content: SourceContent } | { error: string }
    try {
      const content = await withinTime(timeoutMs, signal, readTimedOut, (inner) =>
        readSource(row, { db, store, extract, web, signal: inner }),
      )
      outcome = { content }
    } catch (error) {
      // Stopped (server closing, re-read, removed): the row says what comes next.
      if (signal.aborted) return
      if (!(error instanceof SourceReadError)) log.warn({ err: error, documentId: id }, 'source unreadable')
      outcome = { error: error instanceof SourceReadError ? error.message : SOURCE_TEXTS.unreadable }
    }
    await settle(db, id, row.cloneId, outcome)
  }

  const queue = createReadingQueue<string>({
    concurrency,
    keyOf: (id) => id,
    read,
    onError: (error, id) => log.error({ err: error, documentId: id }, 'reading a knowledge source failed'),
    // A source changed while being read (re-read) is read once more after.
    whileReading: 'again',
  })

  return {
    enqueue(id) {
      void queue.schedule(id)
    },
    cancel(id) {
      queue.cancel(id, new Error('The source was changed'))
    },
    async recover() {
      const left = await db
        .update(documents)
        .set({ state: 'queued' })
        .where(inArray(documents.state, ['queued', 'reading']))
        .returning({ id: documents.id })
      for (const { id } of left) void queue.schedule(id)
      return left.length
    },
    close: () => queue.close(),
  }
}

/**
 * Writes a read's outcome if the source is still the one that was read ('reading'; a re-read made it 'queued',
 * a removal deleted it): its chunks and 'ready' together, or 'failed' with the reason and no chunks.
 */
async function settle(
  db: Db,
  id: string,
  cloneId: string,
  outcome: { content: SourceContent } | { error: string },
): Promise<void> {
  await db.transaction(async (tx) => {
    const [current] = await tx
      .select({ state: documents.state })
      .from(documents)
      .where(eq(documents.id, id))
      .for('update')
    if (current?.state !== 'reading') return
    const now = new Date()
    if ('error' in outcome) {
      await tx.delete(documentChunks).where(eq(documentChunks.documentId, id))
      await tx
        .update(documents)
        .set({ state: 'failed', error: outcome.error, readAt: now })
        .where(eq(documents.id, id))
      return
    }
    const { text, segments, title } = outcome.content
    const doc = { text, segments }
    await writeDocumentChunks(tx, { documentId: id, cloneId, doc })
    await tx
      .update(documents)
      .set({
        state: 'ready',
        error: null,
        text,
        segments,
        contentHash: documentContentHash(doc),
        ...(title ? { title } : {}),
        readAt: now,
        // The clone's index is rebuilt when its documents' latest update moves (brain/knowledge-index.ts).
        updatedAt: bumpedUpdatedAt(now),
      })
      .where(eq(documents.id, id))
  })
}

const readTimedOut = () => new SourceReadError(SOURCE_TEXTS.readTimedOut)

/** The reader's life with the app's: recovered once the app is ready, stopped when it closes. */
export function startKnowledgeReader(app: FastifyInstance, reader: KnowledgeReader): void {
  startReader(app, reader, 'knowledge sources')
}
