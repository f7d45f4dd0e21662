import { createReadStream } from 'node:fs'
import { readdir, stat } from 'node:fs/promises'
import path from 'node:path'
import type { S3UploadStore } from './s3-store'

/** What a storage migration did. */
export interface StorageMigration {
  copied: number
  /** Already in the bucket with the same size (a migration run again, or resumed). */
  skipped: number
  bytes: number
}

const FILE_KEY = /^[A-Za-z0-9_-]{1,100}$/

/**
 * `npm run storage:migrate` (issue #24): copies every complete file of a local store (`<DATA_DIR>/uploads/files`)
 * into the bucket under the same key, so the rows that name them keep working once S3_BUCKET is set. Files
 * already there with the same size are skipped, so it can be run again or resumed; parts of open uploads are
 * not copied (they expire). The local files stay: remove DATA_DIR/uploads once the server runs on the bucket.
 */
export async function migrateStorage(
  uploadsDir: string,
  store: S3UploadStore,
  progress: (line: string) => void = () => {},
): Promise<StorageMigration> {
  const filesDir = path.join(uploadsDir, 'files')
  const names = (await readdir(filesDir).catch(() => [] as string[])).filter((name) => FILE_KEY.test(name))
  const result: StorageMigration = { copied: 0, skipped: 0, bytes: 0 }
  for (const [i, name] of names.entries()) {
    const file = path.join(filesDir, name)
    const info = await stat(file)
    if (!info.isFile()) continue
    if ((await store.objectSize(name)) === info.size) {
      result.skipped += 1
      continue
    }
    await store.writeFile(name, createReadStream(file))
    result.copied += 1
    result.bytes += info.size
    progress(`${i + 1}/${names.length} ${name} (${info.size} bytes)`)
  }
  return result
}
