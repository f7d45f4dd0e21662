import { createHash, randomBytes } from 'node:crypto'
import { readdir } from 'node:fs/promises'
import path from 'node:path'
import { and, count, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  ApiErrorBody,
  BulkUploadResponse,
  MAX_UPLOAD_BYTES,
  PresignUploadResponse,
  UPLOAD_PART_BYTES,
  UPLOAD_URL_TTL_MS,
} from '../../contract'
import { VISITOR_HEADER } from '../../contract/auth'
import { loadAuthSecret } from '../../server/auth/auth-settings'
import { VISITOR_COOKIE } from '../../server/auth/visitor'
import { DESKTOP_ORIGIN } from '../../server/cors'
import { uploads } from '../../server/db/schema'
import { MALFORMED_FORM_TEXT } from '../../server/routes/uploads'
import { partUrl } from '../../server/uploads/part-links'
import { localUploadStore } from '../../server/uploads/store'
import { sweepUploads, UNATTACHED_UPLOAD_KEEP_MS } from '../../server/uploads/sweeper'
import {
  PARTS_MISMATCH_TEXT,
  RATE_LIMITED_TEXT,
  UPLOADS_PER_IP_PER_WINDOW,
  UPLOADS_PER_OWNER_PER_WINDOW,
  WRONG_PART_SIZE_TEXT,
} from '../../server/uploads/uploads'
import { createTestApp, type TestApp, userWithSession } from './helpers'
import {
  complete,
  multipartForm,
  PNG_BYTES,
  presign,
  putPart,
  uploadDataDir,
  uploadFile,
  visitorHeaders,
} from './upload-helpers'

const errorOf = (body: string) => ApiErrorBody.parse(JSON.parse(body)).error.message
const md5 = (bytes: Buffer) => createHash('md5').update(bytes).digest('hex')
const newVisitor = () => randomBytes(18).toString('base64url')

describe('uploads (spec 1 §5 Attachments, §7 Uploads)', () => {
  let t: TestApp
  let data: Awaited<ReturnType<typeof uploadDataDir>>
  let secret: string
  beforeAll(async () => {
    data = await uploadDataDir()
    t = await createTestApp({ env: { DATA_DIR: data.dir } })
    secret = await loadAuthSecret(t.db, t.config)
  })
  afterAll(async () => {
    await t.close()
    await data.remove()
  })

  describe('presign, parts and complete', () => {
    it('uploads a file and serves it back byte for byte', async () => {
      const res = await presign(
        t.app,
        {},
        { fileName: 'My Sleep Notes!.TXT', fileSize: 11, contentType: 'x/evil' },
      )
      expect(res.statusCode, res.body).toBe(200)
      // An anonymous uploader gets a visitor cookie: the upload is theirs.
      const visitor = res.cookies.find((c) => c.name === VISITOR_COOKIE)!.value
      const { uploadId, fileKey, partUrls } = PresignUploadResponse.parse(res.json())
      expect(fileKey).toMatch(/^[A-Za-z0-9_-]{22}$/)
      expect(partUrls).toHaveLength(1)
      expect(partUrls[0]).toMatch(
        new RegExp(`^/api/uploads/${uploadId}/parts/1\\?expires=\\d+&signature=[0-9a-f]{64}$`),
      )
      const expires = Number(new URL(partUrls[0]!, 'http://x').searchParams.get('expires'))
      expect(expires - Date.now()).toBeGreaterThan(UPLOAD_URL_TTL_MS - 60_000)
      expect(expires - Date.now()).toBeLessThanOrEqual(UPLOAD_URL_TTL_MS)

      const bytes = Buffer.from('hello world')
      // The browser sends a slice of the file with the file's own type: it is raw bytes all the same.
      const put = await putPart(t.app, partUrls[0]!, bytes, 'text/plain')
      expect(put.statusCode, put.body).toBe(200)
      expect(put.headers.etag).toBe(`"${md5(bytes)}"`)

      const done = await complete(t.app, visitorHeaders(visitor), {
        fileKey,
        uploadId,
        fileName: 'My Sleep Notes!.TXT',
        partETags: [{ PartNumber: 1, ETag: String(put.headers.etag) }],
      })
      expect(done.statusCode, done.body).toBe(200)
      expect(done.json()).toEqual({ presignedUrl: `/api/uploads/files/${fileKey}/my-sleep-notes.txt` })

      const file = await t.app.inject({ method: 'GET', url: done.json().presignedUrl })
      expect(file.statusCode).toBe(200)
      expect(file.rawPayload.equals(bytes)).toBe(true)
      // The type comes from the extension, never from the client's contentType.
      expect(file.headers['content-type']).toBe('text/plain; charset=utf-8')

      const [row] = await t.db.select().from(uploads).where(eq(uploads.id, uploadId))
      expect(row).toMatchObject({
        fileName: 'my-sleep-notes.txt',
        contentType: 'text/plain; charset=utf-8',
        size: 11,
        partCount: 1,
        owner: `visitor:${visitor}`,
        status: 'complete',
      })
      expect(row!.completedAt).toBeInstanceOf(Date)
      expect(row!.ipHash).not.toContain('127.0.0.1')
      // The parts are gone once assembled.
      expect(await readdir(path.join(data.dir, 'uploads', 'parts')).catch(() => [])).not.toContain(uploadId)
    })

    it('uploads a two-part file (UPLOAD_PART_BYTES + 1 bytes) and joins the parts in order', async () => {
      const visitor = newVisitor()
      const bytes = randomBytes(UPLOAD_PART_BYTES + 1)
      const presigned = await presign(t.app, visitorHeaders(visitor), {
        fileName: 'big.pdf',
        fileSize: bytes.length,
      })
      const { uploadId, fileKey, partUrls } = PresignUploadResponse.parse(presigned.json())
      expect(partUrls).toHaveLength(2)
      expect(partUrls[1]).toContain(`/api/uploads/${uploadId}/parts/2?`)
      // Parts may arrive in any order (the client sends several at once).
      const second = await putPart(t.app, partUrls[1]!, bytes.subarray(UPLOAD_PART_BYTES))
      const first = await putPart(t.app, partUrls[0]!, bytes.subarray(0, UPLOAD_PART_BYTES))
      expect([first.statusCode, second.statusCode]).toEqual([200, 200])
      expect(second.headers.etag).toBe(`"${md5(bytes.subarray(UPLOAD_PART_BYTES))}"`)

      const done = await complete(t.app, visitorHeaders(visitor), {
        fileKey,
        uploadId,
        fileName: 'big.pdf',
        partETags: [
          { PartNumber: 2, ETag: String(second.headers.etag) },
          { PartNumber: 1, ETag: String(first.headers.etag) },
        ],
      })
      expect(done.statusCode, done.body).toBe(200)
      const file = await t.app.inject({ method: 'GET', url: done.json().presignedUrl })
      expect(file.statusCode).toBe(200)
      expect(Number(file.headers['content-length'])).toBe(bytes.length)
      expect(md5(file.rawPayload)).toBe(md5(bytes))
    })

    it('answers the same address when complete is sent again', async () => {
      const visitor = newVisitor()
      const url = await uploadFile(t.app, visitorHeaders(visitor), 'again.md', Buffer.from('# hi'))
      const [row] = await t.db
        .select()
        .from(uploads)
        .where(eq(uploads.owner, `visitor:${visitor}`))
      const again = await complete(t.app, visitorHeaders(visitor), {
        fileKey: row!.fileKey,
        uploadId: row!.id,
        fileName: 'again.md',
        partETags: [{ PartNumber: 1, ETag: md5(Buffer.from('# hi')) }],
      })
      expect(again.statusCode).toBe(200)
      expect(again.json().presignedUrl).toBe(url)
    })

    it('takes an empty file as one empty part', async () => {
      const url = await uploadFile(t.app, visitorHeaders(newVisitor()), 'empty.txt', Buffer.alloc(0))
      const file = await t.app.inject({ method: 'GET', url })
      expect(file.statusCode).toBe(200)
      expect(file.rawPayload.length).toBe(0)
    })

    it('refuses a forged, altered or expired part link (403) before storing anything', async () => {
      const visitor = newVisitor()
      const presigned = await presign(t.app, visitorHeaders(visitor), { fileName: 'a.txt', fileSize: 3 })
      const { uploadId, partUrls } = PresignUploadResponse.parse(presigned.json())
      const good = new URL(partUrls[0]!, 'http://x')
      const expires = Number(good.searchParams.get('expires'))
      const links = [
        // Wrong signature.
        `/api/uploads/${uploadId}/parts/1?expires=${expires}&signature=${'0'.repeat(64)}`,
        // A later expiry than signed.
        `/api/uploads/${uploadId}/parts/1?expires=${expires + 1}&signature=${good.searchParams.get('signature')}`,
        // Another part number than signed.
        `/api/uploads/${uploadId}/parts/2?expires=${expires}&signature=${good.searchParams.get('signature')}`,
        // Signed by us, but expired.
        partUrl(secret, uploadId, 1, Date.now() - 1000),
        // No signature at all, or a malformed one.
        `/api/uploads/${uploadId}/parts/1`,
        `/api/uploads/${uploadId}/parts/1?expires=${expires}&signature=zz`,
      ]
      for (const link of links) {
        const res = await putPart(t.app, link, Buffer.from('abc'))
        expect(res.statusCode, link).toBe(403)
        expect(errorOf(res.body)).toBe('This upload link is not valid')
      }
      expect(await readdir(path.join(data.dir, 'uploads', 'parts')).catch(() => [])).not.toContain(uploadId)
    })

    it('refuses a part of the wrong size (400)', async () => {
      const presigned = await presign(t.app, visitorHeaders(newVisitor()), {
        fileName: 'two.csv',
        fileSize: UPLOAD_PART_BYTES + 10,
      })
      const { partUrls } = PresignUploadResponse.parse(presigned.json())
      // The last part holds the rest (10 bytes) and every other part exactly UPLOAD_PART_BYTES.
      for (const [url, size] of [
        [partUrls[1]!, 9],
        [partUrls[1]!, 11],
        [partUrls[0]!, 10],
      ] as const) {
        const res = await putPart(t.app, url, Buffer.alloc(size))
        expect(res.statusCode).toBe(400)
        expect(errorOf(res.body)).toBe(WRONG_PART_SIZE_TEXT)
      }
      expect((await putPart(t.app, partUrls[1]!, Buffer.alloc(10))).statusCode).toBe(200)
    })

    it('refuses to complete with a wrong or missing ETag (400)', async () => {
      const visitor = newVisitor()
      const presigned = await presign(t.app, visitorHeaders(visitor), { fileName: 'n.txt', fileSize: 5 })
      const { uploadId, fileKey, partUrls } = PresignUploadResponse.parse(presigned.json())
      const base = { uploadId, fileKey, fileName: 'n.txt' }

      const missing = await complete(t.app, visitorHeaders(visitor), {
        ...base,
        partETags: [{ PartNumber: 1, ETag: `"${md5(Buffer.from('hello'))}"` }],
      })
      expect(missing.statusCode).toBe(400)
      expect(errorOf(missing.body)).toBe(PARTS_MISMATCH_TEXT)

      await putPart(t.app, partUrls[0]!, Buffer.from('hello'))
      for (const partETags of [
        [{ PartNumber: 1, ETag: `"${md5(Buffer.from('HELLO'))}"` }],
        [{ PartNumber: 2, ETag: `"${md5(Buffer.from('hello'))}"` }],
        [
          { PartNumber: 1, ETag: `"${md5(Buffer.from('hello'))}"` },
          { PartNumber: 1, ETag: `"${md5(Buffer.from('hello'))}"` },
        ],
      ]) {
        const res = await complete(t.app, visitorHeaders(visitor), { ...base, partETags })
        expect(res.statusCode).toBe(400)
        expect(errorOf(res.body)).toBe(PARTS_MISMATCH_TEXT)
      }
      const ok = await complete(t.app, visitorHeaders(visitor), {
        ...base,
        partETags: [{ PartNumber: 1, ETag: md5(Buffer.from('hello')) }],
      })
      expect(ok.statusCode).toBe(200)
    })

    it('completes by the upload id and file key presign answered, not by the cookie (404 otherwise)', async () => {
      const owner = newVisitor()
      const presigned = await presign(t.app, visitorHeaders(owner), { fileName: 'mine.txt', fileSize: 4 })
      const { uploadId, fileKey, partUrls } = PresignUploadResponse.parse(presigned.json())
      const put = await putPart(t.app, partUrls[0]!, Buffer.from('mine'))
      const body = {
        uploadId,
        fileKey,
        fileName: 'mine.txt',
        partETags: [{ PartNumber: 1, ETag: String(put.headers.etag) }],
      }
      // A guessed file key with the real upload id, or an unknown id, is refused.
      const wrongKey = await complete(t.app, visitorHeaders(owner), { ...body, fileKey: 'A'.repeat(22) })
      expect(wrongKey.statusCode).toBe(404)
      expect(errorOf(wrongKey.body)).toBe('Upload not found')
      const unknown = await complete(t.app, visitorHeaders(owner), { ...body, uploadId: 'not-a-uuid' })
      expect(unknown.statusCode).toBe(404)
      // A new visitor's parallel first uploads can end up under another visitor cookie: the pair is enough.
      expect((await complete(t.app, visitorHeaders(newVisitor()), body)).statusCode).toBe(200)
    })

    it('records a signed-in user as the uploader, and lets the desktop app use its visitor header', async () => {
      const user = await userWithSession(t.db, 'uploader@likeness.test', 'bearer')
      const bearer = { authorization: `Bearer ${user.token}` }
      const presigned = await presign(t.app, bearer, { fileName: 'u.txt', fileSize: 1 })
      expect(presigned.cookies.find((c) => c.name === VISITOR_COOKIE)).toBeUndefined()
      const { uploadId, fileKey, partUrls } = PresignUploadResponse.parse(presigned.json())
      const put = await putPart(t.app, partUrls[0]!, Buffer.from('u'))
      const body = {
        uploadId,
        fileKey,
        fileName: 'u.txt',
        partETags: [{ PartNumber: 1, ETag: String(put.headers.etag) }],
      }
      expect((await complete(t.app, bearer, body)).statusCode).toBe(200)
      const [row] = await t.db.select().from(uploads).where(eq(uploads.id, uploadId))
      expect(row!.owner).toBe(`user:${user.id}`)

      const desktop = { [VISITOR_HEADER]: newVisitor(), origin: DESKTOP_ORIGIN }
      const url = await uploadFile(t.app, desktop, 'desk.txt', Buffer.from('from the app'))
      expect(url).toMatch(/^\/api\/uploads\/files\/[A-Za-z0-9_-]{22}\/desk\.txt$/)
    })

    it('refuses unsupported types, oversized files and a file name that does not match', async () => {
      for (const fileName of ['virus.exe', 'script.js', 'noextension', 'archive.tar.gz', '.png']) {
        const res = await presign(t.app, visitorHeaders(newVisitor()), { fileName, fileSize: 10 })
        expect(res.statusCode, fileName).toBe(400)
        expect(errorOf(res.body)).toBe('This file type is not supported')
      }
      const tooBig = await presign(t.app, visitorHeaders(newVisitor()), {
        fileName: 'huge.pdf',
        fileSize: MAX_UPLOAD_BYTES + 1,
      })
      expect(tooBig.statusCode).toBe(400)
      expect(errorOf(tooBig.body)).toMatch(/fileSize/)
      const wrongBucket = await t.app.inject({
        method: 'POST',
        url: '/api/uploads/presign',
        payload: { fileName: 'a.txt', fileSize: 1, contentType: 'text/plain', bucketType: 'creator' },
      })
      expect(wrongBucket.statusCode).toBe(400)

      const visitor = newVisitor()
      const presigned = await presign(t.app, visitorHeaders(visitor), { fileName: 'name.txt', fileSize: 1 })
      const { uploadId, fileKey, partUrls } = PresignUploadResponse.parse(presigned.json())
      const put = await putPart(t.app, partUrls[0]!, Buffer.from('n'))
      const renamed = await complete(t.app, visitorHeaders(visitor), {
        uploadId,
        fileKey,
        fileName: 'other.txt',
        partETags: [{ PartNumber: 1, ETag: String(put.headers.etag) }],
      })
      expect(renamed.statusCode).toBe(400)
      expect(errorOf(renamed.body)).toBe('The file name does not match the upload')
    })

    it('checks that an image is what its extension says (PNG and JPEG magic bytes)', async () => {
      const visitor = newVisitor()
      const presigned = await presign(t.app, visitorHeaders(visitor), { fileName: 'fake.png', fileSize: 20 })
      const { uploadId, fileKey, partUrls } = PresignUploadResponse.parse(presigned.json())
      const html = Buffer.from('<script>alert(1)</script>'.slice(0, 20))
      const put = await putPart(t.app, partUrls[0]!, html)
      const res = await complete(t.app, visitorHeaders(visitor), {
        uploadId,
        fileKey,
        fileName: 'fake.png',
        partETags: [{ PartNumber: 1, ETag: String(put.headers.etag) }],
      })
      expect(res.statusCode).toBe(400)
      expect(errorOf(res.body)).toBe('The file does not match its type')
      expect(
        (await t.app.inject({ method: 'GET', url: `/api/uploads/files/${fileKey}/fake.png` })).statusCode,
      ).toBe(404)

      const png = await uploadFile(t.app, visitorHeaders(visitor), 'real.png', PNG_BYTES)
      expect((await t.app.inject({ method: 'GET', url: png })).rawPayload.equals(PNG_BYTES)).toBe(true)
      const jpeg = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46])
      expect(await uploadFile(t.app, visitorHeaders(visitor), 'photo.JPEG', jpeg)).toMatch(/photo\.jpeg$/)
      // Other types are not sniffed: they download as attachments whatever they hold.
      expect(await uploadFile(t.app, visitorHeaders(visitor), 'notes.txt', PNG_BYTES)).toMatch(/notes\.txt$/)
    })
  })

  describe('GET /api/uploads/files/:fileKey/:fileName', () => {
    it('downloads documents as attachments, sandboxed and never sniffed', async () => {
      const url = await uploadFile(
        t.app,
        visitorHeaders(newVisitor()),
        'Page.html',
        Buffer.from('<h1>Hi</h1>'),
      )
      // Anyone with the address may read it: no cookie, no session.
      const res = await t.app.inject({ method: 'GET', url })
      expect(res.statusCode).toBe(200)
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8')
      expect(res.headers['content-disposition']).toBe(
        `attachment; filename="page.html"; filename*=UTF-8''page.html`,
      )
      expect(res.headers['x-content-type-options']).toBe('nosniff')
      // Not the page CSP of the app: an html upload may run nothing and load nothing.
      expect(res.headers['content-security-policy']).toBe("sandbox; default-src 'none'")
      expect(res.headers['cache-control']).toBe('private, max-age=31536000, immutable')
      const head = await t.app.inject({ method: 'HEAD', url })
      expect(head.statusCode).toBe(200)
      expect(head.headers['content-length']).toBe('11')
      expect(head.body).toBe('')
    })

    it('shows png and jpeg inline, with the same protections', async () => {
      const url = await uploadFile(t.app, visitorHeaders(newVisitor()), 'pic.png', PNG_BYTES)
      const res = await t.app.inject({ method: 'GET', url })
      expect(res.headers['content-type']).toBe('image/png')
      expect(res.headers['content-disposition']).toBe(`inline; filename="pic.png"; filename*=UTF-8''pic.png`)
      expect(res.headers['x-content-type-options']).toBe('nosniff')
      expect(res.headers['content-security-policy']).toBe("sandbox; default-src 'none'")
    })

    it('names files with any letters safely', async () => {
      const url = await uploadFile(t.app, visitorHeaders(newVisitor()), 'Café Menü.txt', Buffer.from('x'))
      expect(url).toMatch(/\/caf%C3%A9-men%C3%BC\.txt$/)
      const res = await t.app.inject({ method: 'GET', url })
      expect(res.statusCode).toBe(200)
      expect(res.headers['content-disposition']).toBe(
        `attachment; filename="caf_-men_.txt"; filename*=UTF-8''caf%C3%A9-men%C3%BC.txt`,
      )
    })

    it('serves files whose encoded name is far longer than 100 characters (CJK)', async () => {
      // 250 CJK characters: 2,250 characters once percent-encoded in the address.
      const name = `${'睡眠と時差ぼけの記録'.repeat(25)}.txt`
      expect(name.length).toBe(254)
      const bytes = Buffer.from('夜はよく眠れました。')
      const url = await uploadFile(t.app, visitorHeaders(newVisitor()), name, bytes)
      const encoded = url.split('/').at(-1)!
      expect(encoded).toBe(encodeURIComponent(name))
      expect(encoded.length).toBeGreaterThan(2000)

      const res = await t.app.inject({ method: 'GET', url })
      expect(res.statusCode, res.body).toBe(200)
      expect(res.rawPayload).toEqual(bytes)
      expect(res.headers['content-disposition']).toBe(
        `attachment; filename="${'_'.repeat(250)}.txt"; filename*=UTF-8''${encoded}`,
      )
    })

    it('answers 404 for a wrong name, an unknown key or an unfinished upload', async () => {
      const url = await uploadFile(t.app, visitorHeaders(newVisitor()), 'real.txt', Buffer.from('x'))
      const key = url.split('/')[4]!
      const presigned = await presign(t.app, visitorHeaders(newVisitor()), {
        fileName: 'open.txt',
        fileSize: 1,
      })
      const open = PresignUploadResponse.parse(presigned.json())
      for (const wrong of [
        `/api/uploads/files/${key}/other.txt`,
        `/api/uploads/files/${'B'.repeat(22)}/real.txt`,
        `/api/uploads/files/..%2F..%2Fetc/passwd`,
        `/api/uploads/files/${open.fileKey}/open.txt`,
      ]) {
        const res = await t.app.inject({ method: 'GET', url: wrong })
        expect(res.statusCode, wrong).toBe(404)
        expect(errorOf(res.body)).toBe('File not found')
      }
    })
  })

  describe('POST /api/upload (bulk form)', () => {
    it('stores up to three small files at once, complete', async () => {
      const visitor = newVisitor()
      const form = await multipartForm({ bucket: 'consumer' }, [
        { name: 'files', fileName: 'One.txt', bytes: Buffer.from('first file'), type: 'text/plain' },
        { name: 'files', fileName: 'two.png', bytes: PNG_BYTES, type: 'image/png' },
      ])
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/upload',
        payload: form.payload,
        headers: { ...form.headers, ...visitorHeaders(visitor) },
      })
      expect(res.statusCode, res.body).toBe(200)
      const { files } = BulkUploadResponse.parse(res.json())
      expect(files.map((f) => f.fileName)).toEqual(['one.txt', 'two.png'])
      for (const file of files)
        expect(file.url).toMatch(/^\/api\/uploads\/files\/[A-Za-z0-9_-]{22}\/[a-z.]+$/)
      expect((await t.app.inject({ method: 'GET', url: files[0]!.url })).body).toBe('first file')
      expect((await t.app.inject({ method: 'GET', url: files[1]!.url })).rawPayload.equals(PNG_BYTES)).toBe(
        true,
      )
      const rows = await t.db
        .select()
        .from(uploads)
        .where(eq(uploads.owner, `visitor:${visitor}`))
      expect(rows.map((r) => r.status)).toEqual(['complete', 'complete'])
    })

    it('keeps none of the files of a form that fails (type, image check, bucket, count)', async () => {
      const visitor = newVisitor()
      const good = { name: 'files', fileName: 'ok.txt', bytes: Buffer.from('ok') }
      const cases = [
        {
          form: await multipartForm({ bucket: 'consumer' }, [good, { ...good, fileName: 'bad.exe' }]),
          status: 400,
          message: 'This file type is not supported',
        },
        {
          form: await multipartForm({ bucket: 'consumer' }, [good, { ...good, fileName: 'fake.png' }]),
          status: 400,
          message: 'The file does not match its type',
        },
        {
          form: await multipartForm({ bucket: 'creator' }, [good]),
          status: 400,
          message: /^Invalid form: bucket/,
        },
        { form: await multipartForm({}, [good]), status: 400, message: /^Invalid form: bucket/ },
        {
          form: await multipartForm({ bucket: 'consumer' }, []),
          status: 400,
          message: 'Invalid form: files: Choose at least one file',
        },
        {
          form: await multipartForm({ bucket: 'consumer' }, [good, good, good, good]),
          status: 413,
          message: 'At most 3 files can be uploaded at once',
        },
      ]
      for (const [i, { form, status, message }] of cases.entries()) {
        const res = await t.app.inject({
          method: 'POST',
          url: '/api/upload',
          payload: form.payload,
          headers: { ...form.headers, ...visitorHeaders(visitor) },
        })
        expect(res.statusCode, `case ${i}: ${res.body}`).toBe(status)
        expect(errorOf(res.body)).toMatch(message)
      }
      const [kept] = await t.db
        .select({ n: count() })
        .from(uploads)
        .where(and(eq(uploads.owner, `visitor:${visitor}`), eq(uploads.status, 'complete')))
      expect(kept!.n).toBe(0)
      // No temporary file is left behind either.
      const stored = await readdir(path.join(data.dir, 'uploads', 'files'))
      expect(stored.filter((name) => name.endsWith('.tmp'))).toEqual([])
    })

    it('refuses a file over UPLOAD_PART_BYTES (413) and a body that is not a form', async () => {
      const form = await multipartForm({ bucket: 'consumer' }, [
        { name: 'files', fileName: 'big.txt', bytes: Buffer.alloc(UPLOAD_PART_BYTES + 1, 97) },
      ])
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/upload',
        payload: form.payload,
        headers: { ...form.headers, ...visitorHeaders(newVisitor()) },
      })
      expect(res.statusCode).toBe(413)
      expect(errorOf(res.body)).toBe('This file is too large')
      const json = await t.app.inject({ method: 'POST', url: '/api/upload', payload: { files: [] } })
      expect(json.statusCode).toBe(400)
      expect(errorOf(json.body)).toBe('Send the files as a multipart form')
    })

    it('answers a form that breaks off or is not a form at all with 400, keeping none of it', async () => {
      const visitor = newVisitor()
      const whole = await multipartForm({ bucket: 'consumer' }, [
        { name: 'files', fileName: 'notes.txt', bytes: Buffer.from('hello there') },
      ])
      // Cut inside the file's bytes, before the closing boundary.
      const cut = whole.payload.subarray(0, whole.payload.indexOf('hello') + 3)
      for (const payload of [cut, Buffer.from('garbage')]) {
        const res = await t.app.inject({
          method: 'POST',
          url: '/api/upload',
          payload,
          headers: { ...whole.headers, ...visitorHeaders(visitor) },
        })
        expect(res.statusCode, res.body).toBe(400)
        expect(errorOf(res.body)).toBe(MALFORMED_FORM_TEXT)
      }
      const [kept] = await t.db
        .select({ n: count() })
        .from(uploads)
        .where(and(eq(uploads.owner, `visitor:${visitor}`), eq(uploads.status, 'complete')))
      expect(kept!.n).toBe(0)
    })
  })

  describe('rate limits', () => {
    it(`allows ${UPLOADS_PER_OWNER_PER_WINDOW} uploads per owner an hour, presigned or bulk (429 after)`, async () => {
      const visitor = newVisitor()
      const remoteAddress = '10.1.0.1'
      for (let i = 0; i < UPLOADS_PER_OWNER_PER_WINDOW; i++) {
        const res = await t.app.inject({
          method: 'POST',
          url: '/api/uploads/presign',
          remoteAddress,
          headers: visitorHeaders(visitor),
          payload: { fileName: `f${i}.txt`, fileSize: 1, contentType: 'text/plain', bucketType: 'consumer' },
        })
        expect(res.statusCode).toBe(200)
      }
      const over = await t.app.inject({
        method: 'POST',
        url: '/api/uploads/presign',
        remoteAddress,
        headers: visitorHeaders(visitor),
        payload: { fileName: 'one-more.txt', fileSize: 1, contentType: 'text/plain', bucketType: 'consumer' },
      })
      expect(over.statusCode).toBe(429)
      expect(ApiErrorBody.parse(over.json()).error).toEqual({
        code: 'rate_limited',
        message: RATE_LIMITED_TEXT,
      })
      const form = await multipartForm({ bucket: 'consumer' }, [
        { name: 'files', fileName: 'bulk.txt', bytes: Buffer.from('x') },
      ])
      const bulk = await t.app.inject({
        method: 'POST',
        url: '/api/upload',
        remoteAddress,
        payload: form.payload,
        headers: { ...form.headers, ...visitorHeaders(visitor) },
      })
      expect(bulk.statusCode).toBe(429)
      // Another visitor on the same address is still welcome.
      const other = await t.app.inject({
        method: 'POST',
        url: '/api/uploads/presign',
        remoteAddress,
        headers: visitorHeaders(newVisitor()),
        payload: { fileName: 'a.txt', fileSize: 1, contentType: 'text/plain', bucketType: 'consumer' },
      })
      expect(other.statusCode).toBe(200)
    })

    it(`allows ${UPLOADS_PER_IP_PER_WINDOW} uploads per IP an hour, whoever asks`, async () => {
      const remoteAddress = '10.2.0.2'
      const send = () =>
        t.app.inject({
          method: 'POST',
          url: '/api/uploads/presign',
          remoteAddress,
          headers: visitorHeaders(newVisitor()),
          payload: { fileName: 'a.txt', fileSize: 1, contentType: 'text/plain', bucketType: 'consumer' },
        })
      for (let i = 0; i < UPLOADS_PER_IP_PER_WINDOW; i++) expect((await send()).statusCode).toBe(200)
      const over = await send()
      expect(over.statusCode).toBe(429)
      expect(errorOf(over.body)).toBe(RATE_LIMITED_TEXT)
    })
  })

  describe('housekeeping', () => {
    it('expires open uploads past their time and deletes their parts', async () => {
      const visitor = newVisitor()
      const presigned = await presign(t.app, visitorHeaders(visitor), { fileName: 'late.txt', fileSize: 4 })
      const { uploadId, fileKey, partUrls } = PresignUploadResponse.parse(presigned.json())
      const put = await putPart(t.app, partUrls[0]!, Buffer.from('late'))
      expect(await readdir(path.join(data.dir, 'uploads', 'parts'))).toContain(uploadId)
      const finished = await uploadFile(t.app, visitorHeaders(visitor), 'done.txt', Buffer.from('done'))

      const store = localUploadStore(data.dir)
      // Not yet: nothing changes.
      expect((await sweepUploads(t.db, store)).uploadsExpired).toBe(0)
      const later = new Date(Date.now() + UPLOAD_URL_TTL_MS + 1000)
      const swept = await sweepUploads(t.db, store, later)
      expect(swept.uploadsExpired).toBeGreaterThanOrEqual(1)
      const [row] = await t.db.select().from(uploads).where(eq(uploads.id, uploadId))
      expect(row!.status).toBe('expired')
      expect(await readdir(path.join(data.dir, 'uploads', 'parts'))).not.toContain(uploadId)

      // An expired upload takes no more parts and cannot complete; complete files stay.
      const again = await putPart(t.app, partUrls[0]!, Buffer.from('late'))
      expect(again.statusCode).toBe(409)
      expect(errorOf(again.body)).toBe('This upload is no longer open')
      const done = await complete(t.app, visitorHeaders(visitor), {
        uploadId,
        fileKey,
        fileName: 'late.txt',
        partETags: [{ PartNumber: 1, ETag: String(put.headers.etag) }],
      })
      expect(done.statusCode).toBe(404)
      expect((await t.app.inject({ method: 'GET', url: finished })).body).toBe('done')
    })

    it('deletes complete files no message took within a day, and keeps attached ones', async () => {
      const visitor = newVisitor()
      const abandoned = await uploadFile(t.app, visitorHeaders(visitor), 'abandoned.txt', Buffer.from('left'))
      const kept = await uploadFile(t.app, visitorHeaders(visitor), 'kept.txt', Buffer.from('sent'))
      const sent = await t.app.inject({
        method: 'POST',
        url: '/api/clone/talk/messages/stream',
        headers: visitorHeaders(visitor),
        payload: { slug: 'lena-hart', text: 'Here are my notes', files: [kept] },
      })
      expect(sent.statusCode).toBe(200)

      const store = localUploadStore(data.dir)
      const dayLater = new Date(Date.now() + UNATTACHED_UPLOAD_KEEP_MS + 60_000)
      expect((await sweepUploads(t.db, store)).unattachedDeleted).toBe(0)
      expect((await sweepUploads(t.db, store, dayLater)).unattachedDeleted).toBeGreaterThanOrEqual(1)
      expect((await t.app.inject({ method: 'GET', url: abandoned })).statusCode).toBe(404)
      expect((await t.app.inject({ method: 'GET', url: kept })).body).toBe('sent')
    })
  })

  describe('desktop CORS', () => {
    it('lets app://renderer PUT a part and read its ETag', async () => {
      const preflight = await t.app.inject({
        method: 'OPTIONS',
        url: '/api/uploads/00000000-0000-4000-8000-000000000000/parts/1?expires=1&signature=x',
        headers: {
          origin: DESKTOP_ORIGIN,
          'access-control-request-method': 'PUT',
          'access-control-request-headers': 'content-type',
        },
      })
      expect(preflight.statusCode).toBe(204)
      expect(preflight.headers['access-control-allow-methods']).toMatch(/PUT/)
      expect(preflight.headers['access-control-allow-headers']).toMatch(/content-type/)

      const headers = { [VISITOR_HEADER]: newVisitor() }
      const presigned = await presign(t.app, headers, { fileName: 'cors.txt', fileSize: 2 })
      const { partUrls } = PresignUploadResponse.parse(presigned.json())
      const put = await t.app.inject({
        method: 'PUT',
        url: partUrls[0]!,
        payload: Buffer.from('ok'),
        headers: { origin: DESKTOP_ORIGIN, 'content-type': 'text/plain' },
      })
      expect(put.statusCode).toBe(200)
      expect(put.headers['access-control-allow-origin']).toBe(DESKTOP_ORIGIN)
      expect(put.headers['access-control-expose-headers']).toMatch(/\betag\b/i)
      expect(put.headers.etag).toBe(`"${md5(Buffer.from('ok'))}"`)
    })
  })
})
