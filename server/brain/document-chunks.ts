import { eq } from 'drizzle-orm'
import type { Db } from '../db/client'
import { documentChunks } from '../db/schema'
import { type ChunkableDocument, chunkDocument } from './chunk'

/** Rows per INSERT: a book is thousands of chunks, well under PostgreSQL's bind-parameter limit per batch. */
const CHUNK_INSERT_BATCH = 500

export interface DocumentToChunk {
  documentId: string
  cloneId: string
  doc: ChunkableDocument
  /** A stable id per chunk (the seed's, so seeding twice writes the same rows); random otherwise. */
  chunkIdOf?: (index: number) => string
}

/**
 * The one way a knowledge source's retrieval chunks are written (issue #16: the seed's documents and the
 * studio's sources alike): the document's earlier chunks are replaced by those of `doc`. Run it in the
 * transaction that also marks the document readable, so the clone never answers from half a source.
 * Answers how many chunks were written.
 */
export async function writeDocumentChunks(
  db: Db,
  { documentId, cloneId, doc, chunkIdOf }: DocumentToChunk,
): Promise<number> {
  await db.delete(documentChunks).where(eq(documentChunks.documentId, documentId))
  const rows = chunkDocument(doc).map((c) => ({
    ...(chunkIdOf ? { id: chunkIdOf(c.index) } : {}),
    documentId,
    cloneId,
    index: c.index,
    text: c.text,
    timestampMs: c.timestampMs,
    tokenCount: c.tokenCount,
  }))
  for (let i = 0; i < rows.length; i += CHUNK_INSERT_BATCH) {
    await db.insert(documentChunks).values(rows.slice(i, i + CHUNK_INSERT_BATCH))
  }
  return rows.length
}
