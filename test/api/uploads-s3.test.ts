import { randomBytes, randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { BulkUploadResponse, PresignUploadResponse, UPLOAD_PART_BYTES } from '../../contract'
import { VISITOR_HEADER } from '../../contract/auth'
import { type S3TestServer, startS3Server } from '../../scripts/support/s3-server'
import { DESKTOP_ORIGIN } from '../../server/cors'
import { uploads, uploadTexts } from '../../server/db/schema'
import { s3UploadStore } from '../../server/uploads/s3-store'
import { sweepUploads } from '../../server/uploads/sweeper'
import { eventually } from '../support/eventually'
import { sendChatMessage } from './chat-helpers'
import { studio } from './embed-helpers'
import { createTestApp, type TestApp, userWithSession } from './helpers'
import {
  complete,
  multipartForm,
  PNG_BYTES,
  presign,
  putPart,
  uploadFile,
  visitorHeaders,
} from './upload-helpers'

/*
 * Issue #24: with S3_* set, every stored file is an object of the bucket (a real S3-compatible server here,
 * s3rver). The browser sends parts straight to the bucket; the server checks them at completion, serves
 * files after its own access checks (ranges included), reads attachments from the bucket, and deletes
 * objects with what owns them.
 */

const newVisitor = () => visitorHeaders(randomBytes(18).toString('base64url'))

describe('uploads in an S3-compatible bucket', () => {
  let s3: S3TestServer
  let t: TestApp
  beforeAll(async () => {
    s3 = await startS3Server({ bucket: 'uploads-api' })
    t = await createTestApp({ env: s3.env })
  })
  afterAll(async () => {
    await t?.close()
    await s3?.stop()
  })

  const objectOf = async (fileKey: string) => (await s3.objectKeys()).includes(`files/${fileKey}`)

  it('presigns parts on the bucket, takes them from there, and serves the file back, whole and by range', async () => {
    const visitor = newVisitor()
    const bytes = randomBytes(UPLOAD_PART_BYTES + 4_321)
    const presigned = PresignUploadResponse.parse(
      (await presign(t.app, visitor, { fileName: 'big.pdf', fileSize: bytes.length })).json(),
    )
    expect(presigned.partUrls).toHaveLength(2)
    for (const url of presigned.partUrls) {
      expect(url.startsWith(`${s3.endpoint}/${s3.bucket}/files/${presigned.fileKey}?`)).toBe(true)
      expect(new URL(url).searchParams.get('X-Amz-SignedHeaders')).toContain('content-length')
    }
    const partETags = []
    for (const [i, url] of presigned.partUrls.entries()) {
      const sent = await putPart(
        t.app,
        url,
        bytes.subarray(i * UPLOAD_PART_BYTES, (i + 1) * UPLOAD_PART_BYTES),
      )
      expect(sent.statusCode).toBe(200)
      partETags.push({ PartNumber: i + 1, ETag: sent.headers.etag! })
    }
    const body = { fileKey: presigned.fileKey, uploadId: presigned.uploadId, fileName: 'big.pdf', partETags }
    const done = await complete(t.app, visitor, body)
    expect(done.statusCode, done.body).toBe(200)
    const url = done.json().presignedUrl as string
    expect(await objectOf(presigned.fileKey)).toBe(true)
    // A retried completion answers the same address.
    expect((await complete(t.app, visitor, body)).json().presignedUrl).toBe(url)

    const whole = await t.app.inject({ method: 'GET', url })
    expect(whole.statusCode).toBe(200)
    expect(whole.rawPayload.equals(bytes)).toBe(true)
    const range = await t.app.inject({ method: 'GET', url, headers: { range: 'bytes=31457270-31457289' } })
    expect(range.statusCode).toBe(206)
    expect(range.headers['content-range']).toBe(`bytes 31457270-31457289/${bytes.length}`)
    expect(range.rawPayload.equals(bytes.subarray(31_457_270, 31_457_290))).toBe(true)
    const outside = await t.app.inject({ method: 'GET', url, headers: { range: `bytes=${bytes.length}-` } })
    expect(outside.statusCode).toBe(416)
  })

  it('relays the desktop app’s parts through the server to the bucket (its page may reach only its server)', async () => {
    const desktop = { [VISITOR_HEADER]: randomBytes(18).toString('base64url'), origin: DESKTOP_ORIGIN }
    const bytes = Buffer.from('notes from the desktop app')
    const presigned = PresignUploadResponse.parse(
      (await presign(t.app, desktop, { fileName: 'desk.txt', fileSize: bytes.length })).json(),
    )
    expect(presigned.partUrls[0]).toMatch(/^\/api\/uploads\/[0-9a-f-]+\/parts\/1\?/)
    const sent = await putPart(t.app, presigned.partUrls[0]!, bytes)
    expect(sent.statusCode, sent.body).toBe(200)
    const done = await complete(t.app, desktop, {
      fileKey: presigned.fileKey,
      uploadId: presigned.uploadId,
      fileName: 'desk.txt',
      partETags: [{ PartNumber: 1, ETag: sent.headers.etag! }],
    })
    expect(done.statusCode, done.body).toBe(200)
    expect(await objectOf(presigned.fileKey)).toBe(true)
    expect((await t.app.inject({ method: 'GET', url: done.json().presignedUrl })).body).toBe(bytes.toString())
  })

  it('refuses parts that do not match with the API’s error shape, and leaves nothing in the bucket', async () => {
    const visitor = newVisitor()
    const bytes = randomBytes(UPLOAD_PART_BYTES + 10)
    const presigned = PresignUploadResponse.parse(
      (await presign(t.app, visitor, { fileName: 'notes.txt', fileSize: bytes.length })).json(),
    )
    const etags: string[] = []
    for (const [i, url] of presigned.partUrls.entries()) {
      const part = bytes.subarray(i * UPLOAD_PART_BYTES, (i + 1) * UPLOAD_PART_BYTES)
      etags.push((await putPart(t.app, url, part)).headers.etag!)
    }
    // A part larger than it may be is refused by the bucket itself (the size is in the signature).
    const larger = await putPart(t.app, presigned.partUrls[1]!, randomBytes(11))
    expect(larger.statusCode).toBe(403)
    const base = { fileKey: presigned.fileKey, uploadId: presigned.uploadId, fileName: 'notes.txt' }
    const swapped = await complete(t.app, visitor, {
      ...base,
      partETags: [
        { PartNumber: 1, ETag: etags[1]! },
        { PartNumber: 2, ETag: etags[0]! },
      ],
    })
    expect(swapped.statusCode).toBe(400)
    expect(swapped.json()).toEqual({
      error: { code: 'bad_request', message: 'The uploaded parts do not match' },
    })
    const missing = await complete(t.app, visitor, {
      ...base,
      partETags: [{ PartNumber: 1, ETag: etags[0]! }],
    })
    expect(missing.statusCode).toBe(400)
    expect(await objectOf(presigned.fileKey)).toBe(false)
    // Another upload's key with this upload's id: not found.
    const other = PresignUploadResponse.parse(
      (await presign(t.app, visitor, { fileName: 'other.txt', fileSize: 5 })).json(),
    )
    const foreign = await complete(t.app, visitor, {
      ...base,
      fileKey: other.fileKey,
      partETags: etags.map((ETag, i) => ({ PartNumber: i + 1, ETag })),
    })
    expect(foreign.statusCode).toBe(404)
    expect(foreign.json().error.code).toBe('not_found')
  })

  it('expires an upload left open: its multipart upload is dropped and it can no longer complete', async () => {
    const visitor = newVisitor()
    const presigned = PresignUploadResponse.parse(
      (await presign(t.app, visitor, { fileName: 'late.txt', fileSize: 5 })).json(),
    )
    const later = new Date(Date.now() + 2 * 60 * 60 * 1000)
    const swept = await sweepUploads(t.db, s3UploadStore(t.config.S3!), later)
    expect(swept.uploadsExpired).toBeGreaterThanOrEqual(1)
    const [row] = await t.db.select().from(uploads).where(eq(uploads.id, presigned.uploadId))
    expect(row?.status).toBe('expired')
    const done = await complete(t.app, visitor, {
      fileKey: presigned.fileKey,
      uploadId: presigned.uploadId,
      fileName: 'late.txt',
      partETags: [{ PartNumber: 1, ETag: 'x' }],
    })
    expect(done.statusCode).toBe(404)
    expect(await objectOf(presigned.fileKey)).toBe(false)
  })

  it('stores the bulk form’s files in the bucket and reads an attachment’s text from there', async () => {
    const visitor = newVisitor()
    const form = await multipartForm({ bucket: 'consumer' }, [
      { name: 'files', fileName: 'plan.txt', bytes: Buffer.from('The ferry leaves at noon from pier 4.') },
      { name: 'files', fileName: 'dot.png', bytes: PNG_BYTES },
    ])
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/upload',
      headers: { ...visitor, ...form.headers },
      payload: form.payload,
    })
    expect(res.statusCode, res.body).toBe(200)
    const stored = BulkUploadResponse.parse(res.json())
    for (const file of stored.files) {
      const fileKey = file.url.split('/')[4]!
      expect(await objectOf(fileKey)).toBe(true)
    }
    const [row] = await t.db
      .select()
      .from(uploads)
      .where(eq(uploads.fileKey, stored.files[0]!.url.split('/')[4]!))
    await eventually(async () => {
      const [text] = await t.db.select().from(uploadTexts).where(eq(uploadTexts.uploadId, row!.id))
      expect(text?.state).toBe('ready')
      expect(text?.text).toContain('pier 4')
    })
  })

  it('deletes an account’s objects with the account', async () => {
    const email = `s3-${randomUUID()}@example.com`
    const user = await userWithSession(t.db, email)
    const url = await uploadFile(t.app, { cookie: user.cookie }, 'mine.txt', Buffer.from('only mine'))
    const fileKey = url.split('/')[4]!
    expect(await objectOf(fileKey)).toBe(true)
    const [row] = await t.db.select().from(uploads).where(eq(uploads.fileKey, fileKey))
    expect(row?.owner).toBe(`user:${user.id}`)
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: '/api/me',
      headers: { cookie: user.cookie },
      payload: { email },
    })
    expect(deleted.statusCode, deleted.body).toBe(200)
    expect(await objectOf(fileKey)).toBe(false)
  })

  it('deletes a clone’s files with the clone: portrait and attachments, but not a file another chat still holds', async () => {
    const email = `maker-${randomUUID()}@example.com`
    const maker = await userWithSession(t.db, email)
    const slug = `gone-${randomBytes(4).toString('hex')}`
    expect(
      (await studio(t.app, 'POST', '/api/studio/clones', maker.cookie, { name: 'Gone Soon', slug }))
        .statusCode,
    ).toBe(201)
    const owner = { cookie: maker.cookie }
    const portrait = await uploadFile(t.app, owner, 'face.png', PNG_BYTES)
    const [portraitRow] = await t.db
      .select()
      .from(uploads)
      .where(eq(uploads.fileKey, portrait.split('/')[4]!))
    const patched = await studio(t.app, 'PATCH', `/api/studio/${slug}/settings`, maker.cookie, {
      portraitUploadId: portraitRow!.id,
      public: true,
    })
    expect(patched.statusCode, patched.body).toBe(200)
    const visitor = randomBytes(18).toString('base64url')
    const onlyHere = await uploadFile(
      t.app,
      visitorHeaders(visitor),
      'only-here.txt',
      Buffer.from('kept by one chat'),
    )
    const shared = await uploadFile(
      t.app,
      visitorHeaders(visitor),
      'shared.txt',
      Buffer.from('kept by two chats'),
    )
    await sendChatMessage(t.app, { slug, text: 'Read these', files: [onlyHere, shared] }, visitor)
    await sendChatMessage(t.app, { slug: 'lena-hart', text: 'And this one', files: [shared] }, visitor)
    const keyOf = (url: string) => url.split('/')[4]!

    const deleted = await studio(t.app, 'DELETE', `/api/studio/${slug}`, maker.cookie, { confirmSlug: slug })
    expect(deleted.statusCode, deleted.body).toBe(200)
    // The sweeper deletes released files a day after they were uploaded.
    await sweepUploads(t.db, s3UploadStore(t.config.S3!), new Date(Date.now() + 25 * 60 * 60 * 1000))
    expect(await objectOf(keyOf(portrait))).toBe(false)
    expect(await objectOf(keyOf(onlyHere))).toBe(false)
    expect(await objectOf(keyOf(shared))).toBe(true)
    expect((await t.app.inject({ method: 'GET', url: shared })).body).toBe('kept by two chats')
  })
})
