import { eq } from 'drizzle-orm'
import type { FastifyBaseLogger, FastifyInstance } from 'fastify'
import { documentContentHash } from '../../brain/chunk'
import { writeDocumentChunks } from '../../brain/document-chunks'
import type { Db } from '../../db/client'
import { documentChunks, documents } from '../../db/schema'
import { DOCUMENT_CLAIMS, jobClaims } from '../../jobs/claims'
import { createReadingQueue, keepClaims, startReader, withinTime } from '../../reading-queue'
import { extractFileText } from '../../uploads/extract'
import { databaseReason } from '../../uploads/reader'
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
 * with the app. Each source is read by the one server holding its claim (issue #24, server/jobs/claims.ts).
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
  /** This reader's id in the claims it holds (server/jobs/claims.ts); a new one by default. */
  claimerId?: string
  /** How long its claims last unless renewed (CLAIM_LEASE_MS by default). */
  leaseMs?: number
}

export interface KnowledgeReader {
  /**
   * Claims a 'queued' source and reads it in the background (again after the read in progress, when there is
   * one); a source another server holds is left to it.
   */
  enqueue(documentId: string): void
  /** Stops reading a source (re-read or removed); its row says what happens next. */
  cancel(documentId: string): void
  /** Claims and queues the sources nobody holds (left by a stopped server); answers how many. */
  recover(): Promise<number>
  /**
   * Stops: reads in progress end and their sources stay 'reading', their claims given back, read again by
   * another server or on the next start.
   */
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
  claimerId,
  leaseMs,
}: KnowledgeReaderOptions): KnowledgeReader {
  const claims = jobClaims(db, DOCUMENT_CLAIMS, { claimerId, leaseMs })

  const read = async (id: string, signal: AbortSignal) => {
    // Read only under this reader's claim: a removed or finished source, or one another server holds, is left.
    if (!(await claims.claim(id, { reading: { clearError: true } }))) return
    const [row] = await db.select().from(documents).where(eq(documents.id, id))
    if (!row) return
    let outcome: { content: SourceContent } | { error: string }
    try {
      const content = await withinTime(timeoutMs, signal, readTimedOut, (inner) =>
        readSource(row, { db, store, extract, web, signal: inner }),
      )
      outcome = { content }
    } catch (error) {
      // Stopped (server closing, re-read, removed, claim lost): the row says what comes next.
      if (signal.aborted) return
      if (!(error instanceof SourceReadError)) log.warn({ err: error, documentId: id }, 'source unreadable')
      outcome = { error: error instanceof SourceReadError ? error.message : SOURCE_TEXTS.unreadable }
    }
    await settle(db, id, row.cloneId, outcome, claims.claimerId)
  }

  const queue = createReadingQueue<string>({
    concurrency,
    keyOf: (id) => id,
    read,
    onError: (error, id) =>
      log.error({ documentId: id, reason: databaseReason(error) }, 'reading a knowledge source failed'),
    // A source changed while being read (re-read) is read once more after.
    whileReading: 'again',
  })
  const stopRenewing = keepClaims(queue, claims, log)
  /** Claims being taken by enqueue, awaited when closing. */
  const enqueuing = new Set<Promise<void>>()

  return {
    enqueue(id) {
      if (queue.closed) return
      const claiming = claims
        .claim(id)
        .then((claimed) => {
          // Not claimed: another server holds it (and reads it), or it is no longer queued.
          if (claimed) void queue.schedule(id)
        })
        .catch((error: unknown) => log.error({ err: error, documentId: id }, 'could not queue a source'))
        .finally(() => enqueuing.delete(claiming))
      enqueuing.add(claiming)
    },
    cancel(id) {
      queue.cancel(id, new Error('The source was changed'))
    },
    async recover() {
      const keys = await claims.claimAvailable()
      for (const id of keys) void queue.schedule(id)
      return keys.length
    },
    async close() {
      stopRenewing()
      await Promise.allSettled([...enqueuing])
      await queue.close()
      // What this reader held goes back at once: another server (or the next start) reads it.
      await claims
        .releaseAll()
        .catch((error) => log.error({ err: error }, 'giving back source claims failed'))
    },
  }
}

/**
 * Writes a read's outcome if the source is still the one that was read, under this reader's claim ('reading'
 * and claimed by `claimerId`; a re-read made it 'queued', a removal deleted it, another server took it): its
 * chunks and 'ready' together, or 'failed' with the reason and no chunks. The claim is given back with it.
 */
async function settle(
  db: Db,
  id: string,
  cloneId: string,
  outcome: { content: SourceContent } | { error: string },
  claimerId: string,
): Promise<void> {
  await db.transaction(async (tx) => {
    const [current] = await tx
      .select({ state: documents.state, claimedBy: documents.claimedBy })
      .from(documents)
      .where(eq(documents.id, id))
      .for('update')
    if (current?.state !== 'reading' || current.claimedBy !== claimerId) return
    const now = new Date()
    const unclaimed = { claimedBy: null, claimExpiresAt: null }
    if ('error' in outcome) {
      await tx.delete(documentChunks).where(eq(documentChunks.documentId, id))
      await tx
        .update(documents)
        .set({ state: 'failed', error: outcome.error, readAt: now, ...unclaimed })
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
        ...unclaimed,
      })
      .where(eq(documents.id, id))
  })
}

const readTimedOut = () => new SourceReadError(SOURCE_TEXTS.readTimedOut)

/** The reader's life with the app's: recovered once the app is ready, stopped when it closes. */
export function startKnowledgeReader(app: FastifyInstance, reader: KnowledgeReader, takeUpWork = true): void {
  startReader(app, reader, 'knowledge sources', takeUpWork ? undefined : null)
}
