import { createHash, randomBytes, randomUUID } from 'node:crypto'
import { mkdtemp, readdir, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { Readable } from 'node:stream'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { partCount, UPLOAD_PART_BYTES } from '../../contract'
import { type S3TestServer, startS3Server } from '../../scripts/support/s3-server'
import { migrateStorage } from '../../server/uploads/migrate-storage'
import { browserOrigins, s3UploadStore } from '../../server/uploads/s3-store'
import {
  LocalUploadStore,
  type NamedPart,
  type OpenUpload,
  PartsMismatchError,
  readHead,
  type UploadStore,
} from '../../server/uploads/store'
import { newFileKey } from '../../server/uploads/uploads'

/*
 * Issue #24: the upload store's contract, held by the local-disk store and by the S3 store against a real
 * S3-compatible server (s3rver): whole files with ranges, multipart uploads whose parts are checked at
 * completion, and deletes. With S3 the parts go to presigned URLs, as the browser sends them.
 */

const md5 = (bytes: Uint8Array) => createHash('md5').update(bytes).digest('hex')

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = []
  for await (const chunk of stream) chunks.push(Buffer.from(chunk))
  return Buffer.concat(chunks)
}

interface Subject {
  store: UploadStore
  /** Names of every object or file the store holds. */
  listing(): Promise<string[]>
}

let s3: S3TestServer
let localRoot: string
const subjects: Record<'local' | 's3', () => Subject> = {
  local: () => ({
    store: new LocalUploadStore(localRoot),
    listing: async () =>
      (await readdir(path.join(localRoot, 'files')).catch(() => [])).filter((n) => !n.endsWith('.tmp')),
  }),
  s3: () => ({
    store: s3UploadStore(s3.settings),
    listing: () => s3.objectKeys(),
  }),
}

beforeAll(async () => {
  s3 = await startS3Server({ bucket: 'contract' })
  localRoot = await mkdtemp(path.join(tmpdir(), 'clone-talk-local-store-'))
})

afterAll(async () => {
  await s3?.stop()
  await rm(localRoot, { recursive: true, force: true })
})

/** Opens an upload of `bytes` and sends its parts as a client would; answers the parts' ETags. */
async function sendParts(store: UploadStore, bytes: Buffer, expiresAt = new Date(Date.now() + 60_000)) {
  const fileKey = newFileKey()
  const upload: OpenUpload = {
    id: randomUUID(),
    fileKey,
    size: bytes.length,
    partCount: partCount(bytes.length),
    storeUploadId: await store.beginParts(fileKey),
  }
  const urls = await store.partUrls(upload, expiresAt)
  const named: NamedPart[] = []
  for (let n = 1; n <= upload.partCount; n++) {
    const part = bytes.subarray((n - 1) * UPLOAD_PART_BYTES, n * UPLOAD_PART_BYTES)
    if (urls) {
      const response = await fetch(urls[n - 1]!, { method: 'PUT', body: new Uint8Array(part) })
      expect(response.status).toBe(200)
      named.push({ PartNumber: n, ETag: response.headers.get('etag')! })
    } else {
      named.push({ PartNumber: n, ETag: await store.writePart(upload, n, part) })
    }
  }
  return { upload, named, urls }
}

describe.each(['local', 's3'] as const)('the %s upload store', (kind) => {
  let subject: Subject
  beforeAll(() => {
    subject = subjects[kind]()
  })

  it('stores a whole file and reads it back whole and by ranges, then deletes it', async () => {
    const bytes = randomBytes(200_000)
    const fileKey = newFileKey()
    expect(
      await subject.store.writeFile(
        fileKey,
        Readable.from([bytes.subarray(0, 70_000), bytes.subarray(70_000)]),
      ),
    ).toBe(bytes.length)
    expect(md5(await readAll(subject.store.openFile(fileKey)))).toBe(md5(bytes))
    expect(await readAll(subject.store.openFile(fileKey, { start: 10, end: 19 }))).toEqual(
      bytes.subarray(10, 20),
    )
    expect(await readHead(subject.store, fileKey, 4)).toEqual(bytes.subarray(0, 4))
    expect((await subject.listing()).some((name) => name.includes(fileKey))).toBe(true)
    await subject.store.deleteFile(fileKey)
    expect((await subject.listing()).some((name) => name.includes(fileKey))).toBe(false)
    await expect(readAll(subject.store.openFile(fileKey))).rejects.toThrow()
  })

  it('joins parts sent apart, in order, into one file (a full 30 MB part and the rest)', async () => {
    const bytes = randomBytes(UPLOAD_PART_BYTES + 123_457)
    const { upload, named, urls } = await sendParts(subject.store, bytes)
    expect(upload.partCount).toBe(2)
    if (kind === 's3') {
      // Straight to the bucket: the bytes never pass through the server.
      expect(
        urls?.every((url) => url.startsWith(`${s3.endpoint}/${s3.bucket}/files/${upload.fileKey}?`)),
      ).toBe(true)
    } else {
      expect(urls).toBeNull()
    }
    // Quoted or not, in any order: the part numbers say where each goes.
    await subject.store.completeParts(upload, [...named].reverse())
    await subject.store.deleteParts(upload)
    expect(md5(await readAll(subject.store.openFile(upload.fileKey)))).toBe(md5(bytes))
    await subject.store.deleteFile(upload.fileKey)
  })

  it('refuses parts that do not match: one missing, swapped, foreign, named twice; and leaves no file', async () => {
    const bytes = randomBytes(UPLOAD_PART_BYTES + 1_000)
    const { upload, named } = await sendParts(subject.store, bytes)
    const other = await sendParts(subject.store, randomBytes(5_000))
    const attempts: NamedPart[][] = [
      [named[0]!],
      [
        { PartNumber: 1, ETag: named[1]!.ETag },
        { PartNumber: 2, ETag: named[0]!.ETag },
      ],
      [named[0]!, { PartNumber: 2, ETag: other.named[0]!.ETag }],
      [named[0]!, named[0]!],
      [named[0]!, named[1]!, { PartNumber: 3, ETag: named[1]!.ETag }],
    ]
    for (const attempt of attempts) {
      await expect(subject.store.completeParts(upload, attempt)).rejects.toBeInstanceOf(PartsMismatchError)
    }
    expect((await subject.listing()).some((name) => name.includes(upload.fileKey))).toBe(false)
    if (kind === 'local') {
      // The right parts still complete it afterwards (S3 too, which refuses before joining; s3rver joins
      // whatever it holds, and the store then deletes the object that does not match).
      await subject.store.completeParts(upload, named)
      expect(md5(await readAll(subject.store.openFile(upload.fileKey)))).toBe(md5(bytes))
      await subject.store.deleteFile(upload.fileKey)
    }
    await subject.store.deleteParts(other.upload)
  })

  it('drops an open upload’s parts: they never become a file', async () => {
    const { upload, named } = await sendParts(subject.store, randomBytes(1_000))
    await subject.store.deleteParts(upload)
    await subject.store.deleteParts(upload)
    if (kind === 'local') {
      await expect(subject.store.completeParts(upload, named)).rejects.toBeInstanceOf(PartsMismatchError)
    }
    expect((await subject.listing()).some((name) => name.includes(upload.fileKey))).toBe(false)
  })
})

describe('presigned part URLs of the S3 store', () => {
  let store: UploadStore
  beforeAll(() => {
    store = subjects.s3().store
  })

  it('are refused by the bucket for a body of another size than the part’s', async () => {
    const { upload, urls } = await sendParts(store, randomBytes(10_000))
    const larger = await fetch(urls![0]!, { method: 'PUT', body: new Uint8Array(randomBytes(10_001)) })
    expect(larger.status).toBe(403)
    const smaller = await fetch(urls![0]!, { method: 'PUT', body: new Uint8Array(randomBytes(9_999)) })
    expect(smaller.status).toBe(403)
    await store.deleteParts(upload)
  })

  it('are refused once expired', async () => {
    const fileKey = newFileKey()
    const upload: OpenUpload = {
      id: randomUUID(),
      fileKey,
      size: 100,
      partCount: 1,
      storeUploadId: await store.beginParts(fileKey),
    }
    // Signed two hours ago for one hour.
    const hour = 3_600_000
    const [url] = (await store.partUrls(
      upload,
      new Date(Date.now() - hour),
      new Date(Date.now() - 2 * hour),
    ))!
    const response = await fetch(url!, { method: 'PUT', body: new Uint8Array(randomBytes(100)) })
    expect(await response.text()).toContain('Request has expired')
    expect(response.status).toBe(403)
    await store.deleteParts(upload)
  })
})

describe('storage:migrate', () => {
  it('copies a local store’s files into the bucket under the same keys, and skips them when run again', async () => {
    const root = await mkdtemp(path.join(tmpdir(), 'clone-talk-migrate-'))
    const local = new LocalUploadStore(root)
    const files = [randomBytes(3_000), randomBytes(70_000)]
    const keys = [newFileKey(), newFileKey()]
    for (const [i, bytes] of files.entries()) await local.writeFile(keys[i]!, Readable.from([bytes]))
    // An open upload's parts are not files: they are left behind.
    await local.writePart(
      { id: randomUUID(), fileKey: newFileKey(), size: 10, partCount: 1, storeUploadId: null },
      1,
      randomBytes(10),
    )
    const s3Store = s3UploadStore(s3.settings)
    expect(await migrateStorage(root, s3Store)).toEqual({ copied: 2, skipped: 0, bytes: 73_000 })
    for (const [i, bytes] of files.entries()) {
      expect(md5(await readAll(s3Store.openFile(keys[i]!)))).toBe(md5(bytes))
    }
    expect(await migrateStorage(root, s3Store)).toEqual({ copied: 0, skipped: 2, bytes: 0 })
    for (const key of keys) await s3Store.deleteFile(key)
    await rm(root, { recursive: true, force: true })
  })
})

describe('the bucket’s public address (S3_PUBLIC_ENDPOINT)', () => {
  it('signs part URLs for the address browsers use while the server talks to the bucket by its own', async () => {
    const publicEndpoint = s3.endpoint.replace('127.0.0.1', 'localhost')
    const settings = { ...s3.settings, publicEndpoint }
    const store = s3UploadStore(settings)
    const bytes = randomBytes(2_000)
    const { upload, named, urls } = await sendParts(store, bytes)
    expect(urls?.[0]?.startsWith(`${publicEndpoint}/${s3.bucket}/`)).toBe(true)
    await store.completeParts(upload, named)
    expect(md5(await readAll(store.openFile(upload.fileKey)))).toBe(md5(bytes))
    await store.deleteFile(upload.fileKey)
    expect(browserOrigins(settings)).toEqual([publicEndpoint])
    expect(browserOrigins({ ...settings, publicEndpoint: undefined, forcePathStyle: false })).toEqual([
      s3.endpoint.replace('//', `//${s3.bucket}.`),
    ])
    expect(
      browserOrigins({ ...settings, endpoint: undefined, publicEndpoint: undefined, region: 'eu-west-3' }),
    ).toEqual([`https://${s3.bucket}.s3.eu-west-3.amazonaws.com`, `https://${s3.bucket}.s3.amazonaws.com`])
  })
})
