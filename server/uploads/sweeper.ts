import { and, eq, isNull, lte } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import type { Db } from '../db/client'
import { uploads } from '../db/schema'
import { runPeriodically } from '../periodic'
import type { UploadStore } from './store'

export const UPLOAD_SWEEP_MS = 60_000
/** A complete file no stored message carries is kept this long (a draft may wait), then deleted. */
export const UNATTACHED_UPLOAD_KEEP_MS = 24 * 60 * 60 * 1000

export interface UploadSweepResult {
  uploadsExpired: number
  unattachedDeleted: number
}

/**
 * Upload housekeeping: open uploads past their time (UPLOAD_URL_TTL_MS, the life of their part URLs) can
 * never complete, so they are marked expired and their parts deleted from the store (the rows stay, as
 * the rate-limit ledger). Complete files that no stored message took within UNATTACHED_UPLOAD_KEEP_MS
 * (a draft abandoned, a message refused) are deleted, file and row.
 */
export async function sweepUploads(db: Db, store: UploadStore, now = new Date()): Promise<UploadSweepResult> {
  const expired = await db
    .update(uploads)
    .set({ status: 'expired' })
    .where(and(eq(uploads.status, 'open'), lte(uploads.expiresAt, now)))
    .returning({ id: uploads.id, fileKey: uploads.fileKey, storeUploadId: uploads.storeUploadId })
  for (const upload of expired) await store.deleteParts(upload)
  const unattached = await db
    .delete(uploads)
    .where(
      and(
        eq(uploads.status, 'complete'),
        isNull(uploads.attachedAt),
        lte(uploads.completedAt, new Date(now.getTime() - UNATTACHED_UPLOAD_KEEP_MS)),
      ),
    )
    .returning({ fileKey: uploads.fileKey })
  for (const { fileKey } of unattached) await store.deleteFile(fileKey)
  return { uploadsExpired: expired.length, unattachedDeleted: unattached.length }
}

/** Runs sweepUploads once the app is ready and then every `everyMs`, until the app closes. */
export function startUploadSweeper(
  app: FastifyInstance,
  db: Db,
  store: UploadStore,
  everyMs = UPLOAD_SWEEP_MS,
) {
  runPeriodically(app, 'upload sweep', everyMs, () => sweepUploads(db, store))
}
