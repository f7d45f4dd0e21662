import { createHash, randomBytes } from 'node:crypto'
import { createReadStream, createWriteStream } from 'node:fs'
import { mkdir, rename, rm, stat, writeFile } from 'node:fs/promises'
import path from 'node:path'
import type { Readable } from 'node:stream'
import { finished, pipeline } from 'node:stream/promises'
import { UPLOAD_PART_BYTES } from '../../contract'

/** An open upload as the store sees it: its ids, size and parts (server/db/uploads-schema.ts). */
export interface OpenUpload {
  id: string
  fileKey: string
  size: number
  partCount: number
  /** The store's own id of the multipart upload (S3's UploadId), from beginParts. */
  storeUploadId: string | null
}

/** The parts a client names at completion, with the ETags the store answered for them. */
export interface NamedPart {
  PartNumber: number
  ETag: string
}

/** The parts named do not match what was stored (missing, foreign, reordered, wrong size): a 400. */
export class PartsMismatchError extends Error {
  constructor(reason: string) {
    super(`Upload parts do not match: ${reason}`)
  }
}

/** The size part `partNumber` (1-based) of a file of `size` bytes must have: full parts, then the rest. */
export const expectedPartSize = (size: number, partNumber: number) =>
  Math.min(UPLOAD_PART_BYTES, size - (partNumber - 1) * UPLOAD_PART_BYTES)

/** S3 quotes ETags; clients send them back quoted or not. */
export const unquoted = (etag: string) => etag.trim().replace(/^W\//, '').replace(/^"|"$/g, '')

/**
 * Where every stored file lives (issue #24): chat attachments, knowledge documents, portraits, call
 * recordings. Parts while an upload is open, one file once complete. Local disk (`LocalUploadStore`) is the
 * embedded default; an S3-compatible bucket (`S3UploadStore`, s3-store.ts) when configured, where the
 * browser sends parts straight to the bucket by presigned URLs and the server only checks and completes.
 * Ids and keys are ours (a uuid, a base64url key), never client text.
 */
export interface UploadStore {
  /** 'local' or 's3', for logs and the README's checks. */
  readonly kind: 'local' | 's3'
  /** Opens a multipart upload of `fileKey`; answers the store's own id of it, or null when it keeps none. */
  beginParts(fileKey: string): Promise<string | null>
  /**
   * Presigned URLs of parts 1..partCount straight to the store, each for exactly its expected size, valid
   * until `expiresAt` (signed at `now`); null when parts come through the server's own signed part links (part-links.ts).
   */
  partUrls(upload: OpenUpload, expiresAt: Date, now?: Date): Promise<string[] | null>
  /** Stores (or replaces, as S3 does) part `partNumber` sent through the server; answers its ETag value. */
  writePart(upload: OpenUpload, partNumber: number, bytes: Uint8Array): Promise<string>
  /**
   * Checks the parts named (every part 1..partCount once, stored with its expected size and the ETag named)
   * and joins them, in order, into the file `upload.fileKey`. Throws PartsMismatchError when they differ.
   */
  completeParts(upload: OpenUpload, named: readonly NamedPart[]): Promise<void>
  /** Drops an open upload's parts (S3: aborts the multipart upload). Nothing to drop is not an error. */
  deleteParts(upload: Pick<OpenUpload, 'id' | 'fileKey' | 'storeUploadId'>): Promise<void>
  /** Stores a whole file at once (the bulk form); answers its size. */
  writeFile(fileKey: string, source: Readable): Promise<number>
  /** Reads a complete file, or its bytes `start..end` (inclusive, like HTTP ranges). */
  openFile(fileKey: string, range?: { start: number; end: number }): Readable
  deleteFile(fileKey: string): Promise<void>
}

/** Every part 1..partCount named exactly once: the check every store makes before looking at its parts. */
export function namedByNumber(upload: OpenUpload, named: readonly NamedPart[]): Map<number, string> {
  const byNumber = new Map(named.map((p) => [p.PartNumber, unquoted(p.ETag)]))
  const everyPart = [...byNumber.keys()].every((n) => Number.isInteger(n) && n >= 1 && n <= upload.partCount)
  if (named.length !== upload.partCount || byNumber.size !== upload.partCount || !everyPart) {
    throw new PartsMismatchError('not every part named once')
  }
  return byNumber
}

/** What the local store knows of one stored part: its size and S3-style ETag value (MD5, hex). */
interface StoredPart {
  size: number
  etag: string
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

  readonly kind = 'local'

  async beginParts(): Promise<null> {
    return null
  }

  async partUrls(): Promise<null> {
    return null
  }

  async writePart(upload: OpenUpload, partNumber: number, bytes: Uint8Array): Promise<string> {
    await writeAtomically(this.partPath(upload.id, partNumber), (temporary) => writeFile(temporary, bytes))
    return md5Hex(bytes)
  }

  private async part(uploadId: string, partNumber: number): Promise<StoredPart | null> {
    const file = this.partPath(uploadId, partNumber)
    const info = await stat(file).catch(() => null)
    if (!info?.isFile()) return null
    return { size: info.size, etag: await md5OfFile(file) }
  }

  async completeParts(upload: OpenUpload, named: readonly NamedPart[]): Promise<void> {
    const byNumber = namedByNumber(upload, named)
    for (let n = 1; n <= upload.partCount; n++) {
      const stored = await this.part(upload.id, n)
      if (!stored) throw new PartsMismatchError(`part ${n} was never sent`)
      if (stored.size !== expectedPartSize(upload.size, n)) throw new PartsMismatchError(`part ${n}'s size`)
      if (stored.etag !== byNumber.get(n)) throw new PartsMismatchError(`part ${n}'s ETag`)
    }
    await writeAtomically(this.filePath(upload.fileKey), async (temporary) => {
      const out = createWriteStream(temporary)
      // A failing part destroys `out` with it (pipeline's own cleanup); the temporary file is then removed.
      for (let n = 1; n <= upload.partCount; n++) {
        await pipeline(createReadStream(this.partPath(upload.id, n)), out, { end: false })
      }
      out.end()
      await finished(out)
    })
  }

  async deleteParts(upload: Pick<OpenUpload, 'id'>): Promise<void> {
    await rm(this.partsDir(upload.id), { recursive: true, force: true })
  }

  async writeFile(fileKey: string, source: Readable): Promise<number> {
    const target = this.filePath(fileKey)
    await writeAtomically(target, (temporary) => pipeline(source, createWriteStream(temporary)))
    return (await stat(target)).size
  }

  openFile(fileKey: string, range?: { start: number; end: number }): Readable {
    return createReadStream(this.filePath(fileKey), range)
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

/** The store under DATA_DIR (server/app.ts) when no bucket is configured. */
export const localUploadStore = (dataDir: string): LocalUploadStore =>
  new LocalUploadStore(path.join(dataDir, 'uploads'))
