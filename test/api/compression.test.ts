import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { preferredEncoding } from '../../server/web'
import { parseStreamEvents } from './chat-helpers'
import { createTestApp, type TestApp } from './helpers'
import { uploadDataDir, uploadFile, visitorHeaders } from './upload-helpers'

/** Text big enough to be worth compressing, and compressible. */
const BIG_JS = `console.log(${JSON.stringify('the clone answers '.repeat(400))})`
const BIG_HTML = `<!doctype html><html><head><title>Likeness</title></head><body><div id="root"></div><!--${'shell '.repeat(400)}--></body></html>`
/** The build's copies (maximum quality): sent byte for byte, never compressed again per request. */
const PRECOMPRESSED = { br: brotliCompressSync(BIG_JS), gzip: gzipSync(BIG_JS, { level: 9 }) }
const page = { accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' }

const decoded = (body: Buffer, encoding: string | undefined) =>
  encoding === 'br' ? brotliDecompressSync(body) : encoding === 'gzip' ? gunzipSync(body) : body

describe('compression', () => {
  let t: TestApp
  let webDist: string
  let data: Awaited<ReturnType<typeof uploadDataDir>>

  beforeAll(async () => {
    webDist = await mkdtemp(path.join(os.tmpdir(), 'likeness-web-'))
    await mkdir(path.join(webDist, 'assets'))
    await writeFile(path.join(webDist, 'index.html'), BIG_HTML)
    // What the web build writes (pwa/precompress-plugin.ts): the file and its brotli and gzip copies.
    const asset = path.join(webDist, 'assets', 'index-3f9a1c.js')
    await writeFile(asset, BIG_JS)
    await writeFile(`${asset}.br`, PRECOMPRESSED.br)
    await writeFile(`${asset}.gz`, PRECOMPRESSED.gzip)
    data = await uploadDataDir()
    t = await createTestApp({
      env: { WEB_DIST: webDist, DATA_DIR: data.dir },
      providers: {
        tts: {
          name: 'fake',
          synthesize: async () => ({ audio: Buffer.alloc(4096, 7), contentType: 'audio/wav' }),
        },
      },
    })
  })
  afterAll(async () => {
    await t.close()
    await rm(webDist, { recursive: true, force: true })
    await data.remove()
  })

  const get = (url: string, headers: Record<string, string>) => t.app.inject({ method: 'GET', url, headers })

  it('sends the pre-compressed copy of a built file that the browser accepts, else the file itself', async () => {
    for (const [acceptEncoding, expected] of [
      ['gzip, deflate, br, zstd', 'br'],
      ['gzip', 'gzip'],
      ['br;q=0.5, gzip', 'gzip'],
      ['identity', undefined],
    ] as const) {
      const res = await get('/assets/index-3f9a1c.js', { 'accept-encoding': acceptEncoding })
      expect(res.statusCode, acceptEncoding).toBe(200)
      expect(res.headers['content-encoding'], acceptEncoding).toBe(expected)
      expect(res.headers['content-type']).toMatch(/javascript/)
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable')
      expect(res.headers.vary).toMatch(/accept-encoding/i)
      expect(decoded(res.rawPayload, expected).toString()).toBe(BIG_JS)
      if (expected) expect(res.rawPayload).toEqual(PRECOMPRESSED[expected])
    }
  })

  it('compresses the app shell of every page for browsers that accept it', async () => {
    const res = await get('/lena-hart/talk', { ...page, 'accept-encoding': 'gzip, deflate, br' })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-encoding']).toBe('br')
    expect(res.headers['content-type']).toMatch(/^text\/html/)
    expect(res.headers.vary).toMatch(/accept-encoding/i)
    const plain = await get('/lena-hart/talk', page)
    expect(plain.headers['content-encoding']).toBeUndefined()
    // A clone page carries its own head and first screen (server/web/page-head.ts), in either form.
    expect(plain.body).toContain('<title>Dr. Lena Hart | Likeness</title>')
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(plain.body)

    const other = await get('/explore', { ...page, 'accept-encoding': 'gzip' })
    expect(other.headers['content-encoding']).toBe('gzip')
    expect(gunzipSync(other.rawPayload).toString()).toBe(BIG_HTML)
  })

  it('compresses JSON answers from 1 KB up, with brotli or gzip', async () => {
    const plain = await get('/api/clones/lena-hart', {})
    expect(plain.headers['content-encoding']).toBeUndefined()
    expect(plain.body.length).toBeGreaterThan(2048)
    for (const encoding of ['br', 'gzip'] as const) {
      const res = await get('/api/clones/lena-hart', { 'accept-encoding': encoding })
      expect(res.statusCode).toBe(200)
      expect(res.headers['content-encoding']).toBe(encoding)
      expect(res.headers['content-type']).toMatch(/^application\/json/)
      expect(res.rawPayload.length).toBeLessThan(plain.body.length / 2)
      expect(JSON.parse(decoded(res.rawPayload, encoding).toString())).toEqual(plain.json())
    }
    const small = await get('/api/health', { 'accept-encoding': 'br' })
    expect(small.headers['content-encoding']).toBeUndefined()
    expect(small.json()).toMatchObject({ ok: true })
  })

  it('never compresses the chat stream', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/clone/talk/messages/stream',
      payload: { slug: 'lena-hart', text: 'What temperature should my bedroom be for sleep?' },
      headers: { 'accept-encoding': 'br, gzip' },
    })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toBe('text/event-stream; charset=utf-8')
    expect(res.headers['content-encoding']).toBeUndefined()
    const events = parseStreamEvents(res.body)
    expect(events.at(-1)).toHaveProperty('message')
  })

  it('never compresses audio or uploaded binary files', async () => {
    const audio = await t.app.inject({
      method: 'POST',
      url: '/api/tts',
      payload: { slug: 'lena-hart', text: 'Stop caffeine by noon.' },
      headers: { 'accept-encoding': 'br, gzip' },
    })
    expect(audio.statusCode).toBe(200)
    expect(audio.headers['content-type']).toBe('audio/wav')
    expect(audio.headers['content-encoding']).toBeUndefined()
    expect(audio.rawPayload).toEqual(Buffer.alloc(4096, 7))

    const pdf = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(8192, 32)])
    const url = await uploadFile(t.app, visitorHeaders('compression-visitor-0001'), 'notes.pdf', pdf)
    const file = await get(new URL(url, 'http://localhost').pathname, { 'accept-encoding': 'br, gzip' })
    expect(file.statusCode).toBe(200)
    expect(file.headers['content-encoding']).toBeUndefined()
    expect(file.rawPayload).toEqual(pdf)
  })

  it('keeps range requests of media working, uncompressed', async () => {
    const whole = await get('/media/clones/lena-hart.svg', {})
    expect(whole.statusCode).toBe(200)
    const part = await get('/media/clones/lena-hart.svg', {
      range: 'bytes=0-99',
      'accept-encoding': 'br, gzip',
    })
    expect(part.statusCode).toBe(206)
    expect(part.headers['content-range']).toBe(`bytes 0-99/${whole.rawPayload.length}`)
    expect(part.headers['content-encoding']).toBeUndefined()
    expect(part.rawPayload).toEqual(whole.rawPayload.subarray(0, 100))
  })
})

describe('preferredEncoding', () => {
  it.each([
    [undefined, null],
    ['', null],
    ['identity', null],
    ['gzip, deflate, br, zstd', 'br'],
    ['gzip', 'gzip'],
    ['br;q=0.2, gzip;q=0.8', 'gzip'],
    ['br;q=0, gzip;q=0', null],
    ['*', 'br'],
    ['gzip;q=1, *;q=0', 'gzip'],
  ] as const)('%s → %s', (header, expected) => {
    expect(preferredEncoding(header)).toBe(expected)
  })
})
