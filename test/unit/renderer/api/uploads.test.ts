import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { ApiError } from '../../../../renderer/src/api/client'
import { uploadFile, uploadFileWithId, uploadRecording } from '../../../../renderer/src/api/uploads'
import { setPlatform } from '../../../../renderer/src/platform'
import { createMemoryStorage, createWebPlatform } from '../../../../renderer/src/platform/web'
import { eventually } from '../../../support/eventually'

// Parts of 10 bytes: with the real 30 MB parts and the 100 MB cap a file has at most 4 parts, too few
// to fill the pool of 5. Everything else (the pool size, the schemas) is the contract's own.
vi.mock('../../../../contract/uploads', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../../../contract/uploads')>()
  return { ...actual, UPLOAD_PART_BYTES: 10, partCount: (size: number) => Math.max(1, Math.ceil(size / 10)) }
})

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } })

interface PartCall {
  url: string
  init: RequestInit
  bytes: string
  signal: AbortSignal
  answer: (response: Response) => void
  fail: (error: unknown) => void
}

/**
 * A fake upload API. Presign signs one part URL per 10 bytes; each PUT waits until the test answers it
 * (or answers at once with `autoAnswer`); complete echoes the address.
 */
function fakeUploadApi({ autoAnswer = false, partBase = '' } = {}) {
  const parts: PartCall[] = []
  const presigned: unknown[] = []
  const completed: unknown[] = []
  let inFlight = 0
  let maxInFlight = 0
  const fetch = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> => {
    const url = String(input)
    if (url.endsWith('/api/uploads/presign')) {
      const body = JSON.parse(String(init.body))
      presigned.push(body)
      const count = Math.max(1, Math.ceil(body.fileSize / 10))
      return json(200, {
        uploadId: 'up-1',
        fileKey: 'key-1',
        partUrls: Array.from(
          { length: count },
          (_, i) => `${partBase}/api/uploads/up-1/parts/${i + 1}?signature=s`,
        ),
      })
    }
    if (url.endsWith('/api/uploads/complete')) {
      const body = JSON.parse(String(init.body))
      completed.push(body)
      return json(200, { presignedUrl: `/api/uploads/files/key-1/${body.fileName}` })
    }
    const bytes = await (init.body as Blob).text()
    const signal = init.signal as AbortSignal
    inFlight += 1
    maxInFlight = Math.max(maxInFlight, inFlight)
    return new Promise<Response>((resolve, reject) => {
      const onAbort = () => call.fail(signal.reason)
      const settle = () => {
        inFlight -= 1
        signal.removeEventListener('abort', onAbort)
      }
      const call: PartCall = {
        url,
        init,
        bytes,
        signal,
        answer: (response) => {
          settle()
          resolve(response)
        },
        fail: (error) => {
          settle()
          reject(error)
        },
      }
      signal.addEventListener('abort', onAbort, { once: true })
      parts.push(call)
      if (autoAnswer) call.answer(etagFor(call))
    })
  })
  return { fetch, parts, presigned, completed, maxInFlight: () => maxInFlight }
}

const partNumberOf = (call: PartCall) => Number(call.url.match(/parts\/(\d+)/)?.[1])
const etagFor = (call: PartCall) =>
  new Response(null, { status: 200, headers: { ETag: `"e${partNumberOf(call)}"` } })
const fileOf = (size: number, name = 'Quarterly Report (final).PDF') =>
  new File([Array.from({ length: size }, (_, i) => String.fromCharCode(97 + (i % 26))).join('')], name, {
    type: 'application/pdf',
  })

/** Lets pending promise callbacks run (the pool starts the next part from a resolved one). */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0))

beforeEach(() => {
  setPlatform(createWebPlatform(createMemoryStorage()))
})

afterEach(() => {
  vi.unstubAllGlobals()
})

describe('uploadFile', () => {
  it('presigns, PUTs each slice to its part URL and completes with the ETags in part order', async () => {
    const api = fakeUploadApi()
    vi.stubGlobal('fetch', api.fetch)
    const file = fileOf(25)
    const progress: number[] = []
    const uploading = uploadFile(file, { onProgress: (sent) => progress.push(sent) })
    await eventually(() => expect(api.parts).toHaveLength(3))
    expect(api.presigned).toEqual([
      {
        fileName: 'quarterly-report-final.pdf',
        fileSize: 25,
        contentType: 'application/pdf',
        bucketType: 'consumer',
      },
    ])
    // Slices of 10 bytes, the last one the rest, each to its own URL.
    expect(api.parts.map((p) => [partNumberOf(p), p.bytes])).toEqual([
      [1, 'abcdefghij'],
      [2, 'klmnopqrst'],
      [3, 'uvwxy'],
    ])
    for (const part of api.parts) {
      expect(part.init).toMatchObject({
        method: 'PUT',
        credentials: 'include',
        headers: { 'Content-Type': 'application/octet-stream' },
      })
    }
    // Parts finish out of order; the ETags still go in part order.
    const [first, second, third] = api.parts as [PartCall, PartCall, PartCall]
    third.answer(etagFor(third))
    first.answer(etagFor(first))
    second.answer(etagFor(second))
    await expect(uploading).resolves.toBe('/api/uploads/files/key-1/quarterly-report-final.pdf')
    expect(api.completed).toEqual([
      {
        fileKey: 'key-1',
        uploadId: 'up-1',
        fileName: 'quarterly-report-final.pdf',
        partETags: [
          { PartNumber: 1, ETag: '"e1"' },
          { PartNumber: 2, ETag: '"e2"' },
          { PartNumber: 3, ETag: '"e3"' },
        ],
      },
    ])
    expect(progress).toEqual([5, 15, 25])
  })

  it('sends an empty file as one empty part', async () => {
    const api = fakeUploadApi({ autoAnswer: true })
    vi.stubGlobal('fetch', api.fetch)
    await expect(uploadFile(fileOf(0, 'empty.txt'))).resolves.toBe('/api/uploads/files/key-1/empty.txt')
    expect(api.parts.map((p) => p.bytes)).toEqual([''])
  })

  it('keeps at most 5 parts in flight, starting the next as soon as one finishes', async () => {
    const api = fakeUploadApi()
    vi.stubGlobal('fetch', api.fetch)
    const uploading = uploadFile(fileOf(123))
    await eventually(() => expect(api.parts).toHaveLength(5))
    await settle()
    expect(api.parts.map(partNumberOf)).toEqual([1, 2, 3, 4, 5])
    // A pool, not batches: part 6 starts while 2 to 5 are still going.
    const firstPart = api.parts[0] as PartCall
    firstPart.answer(etagFor(firstPart))
    await eventually(() => expect(api.parts).toHaveLength(6))
    // Then answer whatever is in flight until all 13 parts are done.
    let answered = 1
    while (answered < 13) {
      await eventually(() => expect(api.parts.length).toBeGreaterThan(answered))
      const next = api.parts[answered] as PartCall
      next.answer(etagFor(next))
      answered += 1
    }
    await expect(uploading).resolves.toContain('/api/uploads/files/key-1/')
    expect(api.maxInFlight()).toBe(5)
    expect(api.parts.map(partNumberOf)).toEqual(Array.from({ length: 13 }, (_, i) => i + 1))
    expect((api.completed[0] as { partETags: unknown[] }).partETags).toHaveLength(13)
  })

  it('fails the whole upload when one part fails: the others stop, no more start, nothing completes', async () => {
    const api = fakeUploadApi()
    vi.stubGlobal('fetch', api.fetch)
    const uploading = uploadFile(fileOf(123))
    await eventually(() => expect(api.parts).toHaveLength(5))
    const failing = api.parts[2] as PartCall
    failing.answer(json(500, { error: { code: 'internal', message: 'Disk full' } }))
    const error = await uploading.catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ApiError)
    expect(error).toMatchObject({ status: 500, code: 'internal', message: 'Disk full' })
    expect(api.parts.filter((p) => p !== failing).every((p) => p.signal.aborted)).toBe(true)
    await settle()
    expect(api.parts).toHaveLength(5)
    expect(api.completed).toEqual([])
  })

  it('fails when a part is answered without an ETag', async () => {
    const api = fakeUploadApi()
    vi.stubGlobal('fetch', api.fetch)
    const uploading = uploadFile(fileOf(5))
    await eventually(() => expect(api.parts).toHaveLength(1))
    ;(api.parts[0] as PartCall).answer(new Response(null, { status: 200 }))
    await expect(uploading).rejects.toBeInstanceOf(ApiError)
    expect(api.completed).toEqual([])
  })

  it('stops every part and rejects with the abort reason when aborted', async () => {
    const api = fakeUploadApi()
    vi.stubGlobal('fetch', api.fetch)
    const controller = new AbortController()
    const uploading = uploadFile(fileOf(123), { signal: controller.signal })
    await eventually(() => expect(api.parts).toHaveLength(5))
    controller.abort(new DOMException('Removed', 'AbortError'))
    await expect(uploading).rejects.toMatchObject({ name: 'AbortError' })
    expect(api.parts.every((p) => p.signal.aborted)).toBe(true)
    await settle()
    expect(api.parts).toHaveLength(5)
    expect(api.completed).toEqual([])
  })

  it('turns a refused presign into the server’s typed error', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        json(400, { error: { code: 'bad_request', message: 'This file type is not accepted' } }),
      ),
    )
    await expect(uploadFile(fileOf(5))).rejects.toMatchObject({
      code: 'bad_request',
      message: 'This file type is not accepted',
    })
  })

  it('on desktop, sends parts to the server origin with the bearer token', async () => {
    setPlatform({
      ...createWebPlatform(createMemoryStorage()),
      kind: 'desktop',
      apiBaseUrl: 'http://127.0.0.1:8787',
      auth: {
        tokenKey: null,
        requestInit: async () => ({ credentials: 'omit', headers: { Authorization: 'Bearer t0k' } }),
      },
    })
    const api = fakeUploadApi({ autoAnswer: true })
    vi.stubGlobal('fetch', api.fetch)
    await uploadFile(fileOf(5))
    const part = api.parts[0] as PartCall
    expect(part.url).toBe('http://127.0.0.1:8787/api/uploads/up-1/parts/1?signature=s')
    expect(part.init).toMatchObject({
      credentials: 'omit',
      headers: { Authorization: 'Bearer t0k', 'Content-Type': 'application/octet-stream' },
    })
  })
})

describe('uploadFile to an object store (issue #24)', () => {
  it('sends parts straight to the bucket’s presigned URLs with no cookie, token or headers of ours', async () => {
    setPlatform({
      ...createWebPlatform(createMemoryStorage()),
      kind: 'desktop',
      apiBaseUrl: 'http://127.0.0.1:8787',
      auth: {
        tokenKey: null,
        requestInit: async () => ({ credentials: 'omit', headers: { Authorization: 'Bearer t0k' } }),
      },
    })
    const api = fakeUploadApi({ autoAnswer: true, partBase: 'https://bucket.s3.example.com' })
    vi.stubGlobal('fetch', api.fetch)
    await uploadFile(fileOf(15))
    expect(api.parts.map((p) => p.url)).toEqual([
      'https://bucket.s3.example.com/api/uploads/up-1/parts/1?signature=s',
      'https://bucket.s3.example.com/api/uploads/up-1/parts/2?signature=s',
    ])
    for (const part of api.parts) {
      expect(part.init.credentials).toBe('omit')
      expect(part.init.headers).toBeUndefined()
    }
    expect(api.completed).toHaveLength(1)
  })
})

describe('uploadRecording', () => {
  it("uploads a call's recording in bucket 'recording' and answers its upload id for the call", async () => {
    const api = fakeUploadApi({ autoAnswer: true })
    vi.stubGlobal('fetch', api.fetch)
    const recording = new File(['webm bytes'], 'call.webm', { type: 'video/webm' })
    await expect(uploadRecording(recording)).resolves.toEqual({
      uploadId: 'up-1',
      url: '/api/uploads/files/key-1/call.webm',
    })
    expect(api.presigned).toEqual([
      { fileName: 'call.webm', fileSize: 10, contentType: 'video/webm', bucketType: 'recording' },
    ])
    expect(api.completed).toEqual([
      expect.objectContaining({
        uploadId: 'up-1',
        fileName: 'call.webm',
        partETags: [{ PartNumber: 1, ETag: '"e1"' }],
      }),
    ])
  })
})

describe('uploadFileWithId', () => {
  it('uploads a knowledge document as a consumer file, reporting progress, and answers its upload id', async () => {
    const api = fakeUploadApi({ autoAnswer: true })
    vi.stubGlobal('fetch', api.fetch)
    const progress: number[] = []
    await expect(
      uploadFileWithId(fileOf(25, 'Sleep Handbook.pdf'), { onProgress: (sent) => progress.push(sent) }),
    ).resolves.toEqual({ uploadId: 'up-1', url: '/api/uploads/files/key-1/sleep-handbook.pdf' })
    expect(api.presigned).toEqual([
      {
        fileName: 'sleep-handbook.pdf',
        fileSize: 25,
        contentType: 'application/pdf',
        bucketType: 'consumer',
      },
    ])
    expect(progress.at(-1)).toBe(25)
  })
})
