import { createHash, randomBytes } from 'node:crypto'
import { createReadStream, createWriteStream } from 'node:fs'
import { mkdir, rename, rm, stat, writeFile } from 'node:fs/promises'
import path from 'node:path'
import type { Readable } from 'node:stream'
import { finished, pipeline } from 'node:stream/promises'

/** What the store knows of one stored part: its size and S3-style ETag value (MD5, hex). */
export interface StoredPart {
  size: number
  etag: string
}

/**
 * Where upload bytes live: parts while an upload is open, one file once complete. Local disk is the
 * embedded default; an object store (S3 multipart uploads) can implement the same calls later.
 * Ids and keys are ours (a uuid, a base64url key), never client text.
 */
export interface UploadStore {
  /** Stores (or replaces, as S3 does) part `partNumber` of an upload; answers its ETag value. */
  writePart(uploadId: string, partNumber: number, bytes: Uint8Array): Promise<string>
  /** A stored part's size and ETag value, or null when it was never sent. */
  part(uploadId: string, partNumber: number): Promise<StoredPart | null>
  /** Joins parts 1..partCount, in order, into the file `fileKey`. */
  assemble(uploadId: string, partCount: number, fileKey: string): Promise<void>
  /** Stores a whole file at once (the bulk form); answers its size. */
  writeFile(fileKey: string, source: Readable): Promise<number>
  /** Reads a complete file, or its bytes `start..end` (inclusive, like HTTP ranges). */
  openFile(fileKey: string, range?: { start: number; end: number }): Readable
  deleteParts(uploadId: string): Promise<void>
  deleteFile(fileKey: string): Promise<void>
}

const SAFE_NAME = /^[A-Za-z0-9_-]{1,100}$/

/** Refuses anything that could step out of the store's folder (ids and keys are ours, but cheaply checked). */
function safe(name: string): string {
  if (!SAFE_NAME.test(name)) throw new Error(`Unsafe upload store name: ${name}`)
  return name
}

/** A sibling temporary path: files appear under their real name only once fully written (rename is atomic). */
const temporaryPath = (target: string) => `${target}.${randomBytes(6).toString('hex')}.tmp`

/** Writes through a temporary file, removing it when the write fails. */
async function writeAtomically(target: string, write: (temporary: string) => Promise<void>): Promise<void> {
  await mkdir(path.dirname(target), { recursive: true })
  const temporary = temporaryPath(target)
  try {
    await write(temporary)
    await rename(temporary, target)
  } catch (error) {
    await rm(temporary, { force: true })
    throw error
  }
}

const md5Hex = (bytes: Uint8Array) => createHash('md5').update(bytes).digest('hex')

async function md5OfFile(file: string): Promise<string> {
  const hash = createHash('md5')
  await pipeline(createReadStream(file), hash)
  return hash.digest('hex')
}

/** The local-disk store: `<root>/parts/<uploadId>/<n>` while open, `<root>/files/<fileKey>` once complete. */
export class LocalUploadStore implements UploadStore {
  constructor(private readonly root: string) {}

  private partsDir(uploadId: string) {
    return path.join(this.root, 'parts', safe(uploadId))
  }

  private partPath(uploadId: string, partNumber: number) {
    return path.join(this.partsDir(uploadId), String(partNumber))
  }

  private filePath(fileKey: string) {
    return path.join(this.root, 'files', safe(fileKey))
  }

  async writePart(uploadId: string, partNumber: number, bytes: Uint8Array): Promise<string> {
    await writeAtomically(this.partPath(uploadId, partNumber), (temporary) => writeFile(temporary, bytes))
    return md5Hex(bytes)
  }

  async part(uploadId: string, partNumber: number): Promise<StoredPart | null> {
    const file = this.partPath(uploadId, partNumber)
    const info = await stat(file).catch(() => null)
    if (!info?.isFile()) return null
    return { size: info.size, etag: await md5OfFile(file) }
  }

  async assemble(uploadId: string, partCount: number, fileKey: string): Promise<void> {
    await writeAtomically(this.filePath(fileKey), async (temporary) => {
      const out = createWriteStream(temporary)
      // A failing part destroys `out` with it (pipeline's own cleanup); the temporary file is then removed.
      for (let n = 1; n <= partCount; n++) {
        await pipeline(createReadStream(this.partPath(uploadId, n)), out, { end: false })
      }
      out.end()
      await finished(out)
    })
  }

  async writeFile(fileKey: string, source: Readable): Promise<number> {
    const target = this.filePath(fileKey)
    await writeAtomically(target, (temporary) => pipeline(source, createWriteStream(temporary)))
    return (await stat(target)).size
  }

  openFile(fileKey: string, range?: { start: number; end: number }): Readable {
    return createReadStream(this.filePath(fileKey), range)
  }

  async deleteParts(uploadId: string): Promise<void> {
    await rm(this.partsDir(uploadId), { recursive: true, force: true })
  }

  async deleteFile(fileKey: string): Promise<void> {
    await rm(this.filePath(fileKey), { force: true })
  }
}

/** The first `bytes` bytes of a complete file (fewer when it is shorter): type checks, attachment text. */
export async function readHead(store: UploadStore, fileKey: string, bytes: number): Promise<Buffer> {
  if (bytes <= 0) return Buffer.alloc(0)
  const chunks: Buffer[] = []
  for await (const chunk of store.openFile(fileKey, { start: 0, end: bytes - 1 })) {
    chunks.push(Buffer.from(chunk))
  }
  return Buffer.concat(chunks)
}

/** The store under DATA_DIR (server/app.ts). */
export const localUploadStore = (dataDir: string): UploadStore =>
  new LocalUploadStore(path.join(dataDir, 'uploads'))
