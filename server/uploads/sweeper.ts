import { and, eq, lte } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import type { Db } from '../db/client'
import { uploads } from '../db/schema'
import type { UploadStore } from './store'

export const UPLOAD_SWEEP_MS = 60_000

export interface UploadSweepResult {
  uploadsExpired: number
}

/**
 * Upload housekeeping: open uploads past their time (UPLOAD_URL_TTL_MS, the life of their part URLs) can
 * never complete, so they are marked expired and their parts deleted from the store. The rows stay, as
 * the rate-limit ledger.
 */
export async function sweepUploads(db: Db, store: UploadStore, now = new Date()): Promise<UploadSweepResult> {
  const expired = await db
    .update(uploads)
    .set({ status: 'expired' })
    .where(and(eq(uploads.status, 'open'), lte(uploads.expiresAt, now)))
    .returning({ id: uploads.id })
  for (const { id } of expired) await store.deleteParts(id)
  return { uploadsExpired: expired.length }
}

/** Runs sweepUploads once the app is ready and then every `everyMs`, until the app closes. */
export function startUploadSweeper(
  app: FastifyInstance,
  db: Db,
  store: UploadStore,
  everyMs = UPLOAD_SWEEP_MS,
) {
  let timer: NodeJS.Timeout | undefined
  let running: Promise<unknown> = Promise.resolve()
  const sweep = () => {
    running = sweepUploads(db, store).catch((error) => app.log.error({ err: error }, 'upload sweep failed'))
  }
  app.addHook('onReady', async () => {
    sweep()
    timer = setInterval(sweep, everyMs)
    timer.unref()
  })
  app.addHook('onClose', async () => {
    clearInterval(timer)
    await running
  })
}
