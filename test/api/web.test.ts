import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ApiErrorBody } from '../../contract'
import { createTestApp, type TestApp } from './helpers'

const INDEX_HTML =
  '<!doctype html><html><head><title>Likeness</title></head><body><div id="root"></div></body></html>'
const html = { accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' }

describe('web app and media', () => {
  let t: TestApp
  let webDist: string

  beforeAll(async () => {
    webDist = await mkdtemp(path.join(os.tmpdir(), 'likeness-web-'))
    await mkdir(path.join(webDist, 'assets'))
    await writeFile(path.join(webDist, 'index.html'), INDEX_HTML)
    await writeFile(path.join(webDist, 'sw.js'), 'self.addEventListener("fetch", () => {})')
    await writeFile(path.join(webDist, 'assets', 'index-3f9a1c.js'), 'console.log("app")')
    t = await createTestApp({ env: { WEB_DIST: webDist } })
  })
  afterAll(async () => {
    await t.close()
    await rm(webDist, { recursive: true, force: true })
  })

  const get = (url: string, headers: Record<string, string> = html) =>
    t.app.inject({ method: 'GET', url, headers })

  // A clone's addresses get index.html with the clone's head and first screen (test/api/page-head.test.ts).
  it.each([
    ['/', 'Likeness'],
    ['/explore', 'Likeness'],
    ['/lena-hart', 'Dr. Lena Hart | Likeness'],
    ['/lena-hart/talk', 'Dr. Lena Hart | Likeness'],
    ['/lena-hart/talk/conversation/8d3c9b8e-0000-4000-8000-000000000000', 'Dr. Lena Hart | Likeness'],
  ])('answers index.html for the app route %s', async (url, title) => {
    const res = await get(url)
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toMatch(/^text\/html/)
    expect(res.body).toMatch(/^<!doctype html><html><head><title>/)
    expect(res.body).toContain(`<title>${title}</title>`)
    if (title === 'Likeness') expect(res.body).toBe(INDEX_HTML)
    expect(res.headers['cache-control']).toBe('no-cache')
    expect(res.headers['x-content-type-options']).toBe('nosniff')
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin')
    const csp = String(res.headers['content-security-policy'])
    expect(csp).toContain("default-src 'self'")
    expect(csp).toContain("script-src 'self'")
    expect(csp).toContain("frame-src 'self' https://www.youtube-nocookie.com https://www.youtube.com")
    expect(csp).toContain("frame-ancestors 'none'")
    expect(res.headers['x-frame-options']).toBe('DENY')
  })

  it('keeps query strings on app routes', async () => {
    const res = await get('/lena-hart/talk?message=hello&autoLoadRecent=true')
    expect(res.statusCode).toBe(200)
    expect(res.body).toContain('<title>Dr. Lena Hart | Likeness</title>')
    expect((await get('/explore?sort=new')).body).toBe(INDEX_HTML)
  })

  it('answers unknown API routes with the JSON error, even for a browser', async () => {
    for (const url of ['/api/unknown', '/api', '/api/clones/lena-hart/talk/more']) {
      const res = await get(url)
      expect(res.statusCode, url).toBe(404)
      expect(res.headers['content-type']).toMatch(/^application\/json/)
      expect(ApiErrorBody.parse(res.json())).toEqual({
        error: { code: 'not_found', message: 'Route not found' },
      })
    }
    const post = await t.app.inject({ method: 'POST', url: '/api/nothing', payload: {} })
    expect(post.statusCode).toBe(404)
    expect(ApiErrorBody.parse(post.json()).error.code).toBe('not_found')
  })

  it('does not fall back for files, reserved paths, other methods or non-HTML requests', async () => {
    expect((await get('/missing.js')).statusCode).toBe(404)
    expect((await get('/dev/outbox-unknown')).statusCode).toBe(404)
    expect((await get('/media/clones/nobody.svg')).statusCode).toBe(404)
    expect((await get('/lena-hart', { accept: 'application/json' })).statusCode).toBe(404)
    expect((await t.app.inject({ method: 'POST', url: '/lena-hart', headers: html })).statusCode).toBe(404)
  })

  it('serves hashed assets with immutable caching and sw.js with revalidation', async () => {
    const asset = await get('/assets/index-3f9a1c.js')
    expect(asset.statusCode).toBe(200)
    expect(asset.headers['content-type']).toMatch(/javascript/)
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable')
    expect(asset.headers['x-frame-options']).toBe('DENY')
    expect(asset.headers['content-security-policy']).toBe("default-src 'none';frame-ancestors 'none'")

    const sw = await get('/sw.js')
    expect(sw.statusCode).toBe(200)
    expect(sw.headers['cache-control']).toBe('no-cache')
    // Not the page policy: the service worker caches clone images from other https hosts.
    expect(sw.headers['content-security-policy']).toBe("default-src 'self'; connect-src 'self' https:")
  })

  it('serves the seed media with a long cache', async () => {
    const res = await get('/media/clones/lena-hart.svg', {})
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toMatch(/^image\/svg\+xml/)
    expect(res.headers['cache-control']).toMatch(/^public, max-age=\d{6,}/)
    expect(res.headers['x-content-type-options']).toBe('nosniff')
  })

  it('never serves files outside the media folder', async () => {
    for (const url of ['/media/../package.json', '/media/%2e%2e/package.json', '/media/..%2fpackage.json']) {
      const res = await get(url, {})
      expect(res.statusCode, url).not.toBe(200)
      expect(res.body).not.toContain('"scripts"')
    }
  })
})

describe('web app not built', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp()
  })
  afterAll(() => t.close())

  it('answers app routes with 503 and how to build the web app', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/lena-hart', headers: html })
    expect(res.statusCode).toBe(503)
    expect(res.headers['content-type']).toMatch(/^text\/html/)
    expect(res.body).toContain('npm run build:web')
  })

  it('still serves the API', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' })
    expect(res.statusCode).toBe(200)
  })
})
