/**
 * `npm run storage:migrate`: copies the files of DATA_DIR/uploads into the S3-compatible bucket of S3_BUCKET
 * (and the other S3_* settings), under the same keys (server/uploads/migrate-storage.ts). Safe to run again.
 */
import path from 'node:path'
import { loadConfig } from '../server/config'
import { migrateStorage } from '../server/uploads/migrate-storage'
import { s3UploadStore } from '../server/uploads/s3-store'

const config = loadConfig(process.env)
if (!config.S3) {
  console.error(
    'storage:migrate needs S3_BUCKET (and S3_ENDPOINT, S3_REGION, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY as your store wants).',
  )
  process.exit(1)
}
const store = s3UploadStore(config.S3)
const from = path.join(config.DATA_DIR, 'uploads')
try {
  await store.check()
  console.log(`Copying ${from} into s3://${config.S3.bucket}`)
  const result = await migrateStorage(from, store, (line) => console.log(line))
  console.log(
    `Copied ${result.copied} files (${result.bytes} bytes); ${result.skipped} already in the bucket.`,
  )
} catch (error) {
  console.error((error as Error).message)
  process.exit(1)
}
