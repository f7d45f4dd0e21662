import { Readable } from 'node:stream'
import { sql } from 'drizzle-orm'
import type { Db } from '../../server/db/client'
import { uploads, uploadTexts } from '../../server/db/schema'
import { rowsOf } from '../../server/jobs/claims'
import type { ReadableUpload } from '../../server/uploads/reader'
import type { LocalUploadStore } from '../../server/uploads/store'
import { newFileKey } from '../../server/uploads/uploads'

/* Rows of background work for the claim suites (server/jobs/claims.ts, issue #24). */

/**
 * `count` complete text uploads (written to `store` when given) whose reading is recorded 'queued' and held by
 * nobody, as a server that died before reading them leaves them.
 */
export async function queuedUploads(
  db: Db,
  count: number,
  {
    store,
    text = (i: number) => `file ${i}`,
  }: { store?: LocalUploadStore; text?: (i: number) => string } = {},
): Promise<ReadableUpload[]> {
  const rows: ReadableUpload[] = []
  for (let i = 0; i < count; i += 1) {
    const fileKey = newFileKey()
    const bytes = Buffer.from(text(i))
    const size = store ? await store.writeFile(fileKey, Readable.from([bytes])) : bytes.length
    const now = new Date()
    const [row] = await db
      .insert(uploads)
      .values({
        fileKey,
        fileName: `job-${i}.txt`,
        contentType: 'text/plain',
        size,
        partCount: 1,
        owner: 'visitor:claims-test',
        ipHash: 'x',
        status: 'complete',
        expiresAt: new Date(now.getTime() + 60_000),
        completedAt: now,
      })
      .returning()
    await db.insert(uploadTexts).values({ uploadId: row!.id, state: 'queued', method: 'text' })
    rows.push(row!)
  }
  return rows
}

/** Whether the database's clock has passed a row's claim expiry (the claims are timed by the database). */
export async function claimExpired(db: Db, uploadId: string): Promise<boolean> {
  const [row] = rowsOf<{ expired: boolean }>(
    await db.execute(
      sql`select claim_expires_at <= now() as expired from upload_texts where upload_id = ${uploadId}`,
    ),
  )
  return row?.expired === true
}

/** Who holds a file's reading, and in what state it is. */
export async function claimOf(db: Db, uploadId: string) {
  const [row] = rowsOf<{ state: string; claimed_by: string | null }>(
    await db.execute(sql`select state, claimed_by from upload_texts where upload_id = ${uploadId}`),
  )
  return row
}
