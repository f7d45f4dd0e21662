import { randomBytes } from 'node:crypto'
import fs from 'node:fs/promises'
import path from 'node:path'

/**
 * Replaces `file` with `data` so that a crash at any moment leaves either the old file or the new one,
 * never a mix: write a temp file beside it, flush it to disk, then rename over (atomic on one volume).
 */
export async function writeFileAtomic(file: string, data: string, mode = 0o600): Promise<void> {
  await fs.mkdir(path.dirname(file), { recursive: true })
  const temp = `${file}.${randomBytes(6).toString('hex')}.tmp`
  try {
    const handle = await fs.open(temp, 'w', mode)
    try {
      await handle.writeFile(data, 'utf8')
      await handle.sync()
    } finally {
      await handle.close()
    }
    await fs.rename(temp, file)
  } catch (error) {
    await fs.rm(temp, { force: true }).catch(() => undefined)
    throw error
  }
}

/** Removes temp files an earlier crash left beside `file` (never the file itself). */
export async function removeLeftoverTempFiles(file: string): Promise<void> {
  const dir = path.dirname(file)
  const base = path.basename(file)
  let names: string[]
  try {
    names = await fs.readdir(dir)
  } catch {
    return
  }
  const leftover = new RegExp(`^${base.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\.[0-9a-f]+\\.tmp$`)
  await Promise.all(
    names.filter((name) => leftover.test(name)).map((name) => fs.rm(path.join(dir, name), { force: true })),
  )
}
