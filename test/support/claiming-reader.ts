import { eq } from 'drizzle-orm'
import { openDatabase } from '../../server/db/client'
import { uploads } from '../../server/db/schema'
import { createFileReader } from '../../server/uploads/reader'
import { LocalUploadStore } from '../../server/uploads/store'

/*
 * A server's file reader in a process of its own, for test/api/several-servers.test.ts: it claims one queued
 * upload (UPLOAD_ID) on DATABASE_URL with LEASE_MS leases, starts reading it, prints `reading <claimer id>`
 * and never finishes, renewing its claim, until the test kills it (SIGKILL, as a machine dies).
 */

const { DATABASE_URL, UPLOADS_DIR, UPLOAD_ID, LEASE_MS } = process.env
if (!DATABASE_URL || !UPLOADS_DIR || !UPLOAD_ID || !LEASE_MS)
  throw new Error('DATABASE_URL, UPLOADS_DIR, UPLOAD_ID, LEASE_MS')

async function main() {
  const handle = await openDatabase({ DATA_DIR: UPLOADS_DIR!, DATABASE_URL })
  const [upload] = await handle.db.select().from(uploads).where(eq(uploads.id, UPLOAD_ID!))
  if (!upload) throw new Error(`no upload ${UPLOAD_ID}`)
  const claimerId = `claiming-reader:${process.pid}`
  const reader = createFileReader({
    db: handle.db,
    store: new LocalUploadStore(UPLOADS_DIR!),
    log: console,
    claimerId,
    leaseMs: Number(LEASE_MS),
    extract: () => {
      console.log(`reading ${claimerId}`)
      return new Promise<string>(() => {})
    },
  })
  await reader.enqueue(upload)
  // The pool's idle connections close after a while: this keeps the process up until it is killed.
  setInterval(() => {}, 60_000)
}

void main().catch((error: unknown) => {
  console.error(error)
  process.exit(1)
})
