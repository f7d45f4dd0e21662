import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { App } from '../../server/app'
import { allowFraming, contentSecurityPolicy, HSTS, NON_DOCUMENT_CSP } from '../../server/security-headers'
import { type BareTestApp, createBareTestApp, healthWithoutDatabase } from './helpers'

/** The API's health answer, an HTML page, and an embed-like page that lets one site frame it. */
async function routes(app: App) {
  await healthWithoutDatabase(app)
  app.get('/page', async (_request, reply) =>
    reply.type('text/html; charset=utf-8').send('<!doctype html><p>hi'),
  )
  app.get('/embed/lena-hart', async (_request, reply) => {
    allowFraming(reply, ['https://creator.example', 'https://www.creator.example'])
    return reply.type('text/html; charset=utf-8').send('<!doctype html><p>embedded')
  })
}

const directive = (csp: unknown, name: string) =>
  String(csp)
    .split(';')
    .find((d) => d.startsWith(`${name} `))

describe('security headers (@fastify/helmet)', () => {
  let t: BareTestApp
  beforeAll(async () => {
    t = await createBareTestApp({ configure: routes })
  })
  afterAll(() => t.close())

  it('denies framing of pages and API answers', async () => {
    for (const url of ['/page', '/api/health', '/api/nothing-here']) {
      const res = await t.app.inject({ method: 'GET', url })
      expect(res.headers['x-frame-options'], url).toBe('DENY')
      expect(directive(res.headers['content-security-policy'], 'frame-ancestors'), url).toBe(
        "frame-ancestors 'none'",
      )
    }
  })

  it('gives answers that are not pages a policy that loads nothing', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' })
    expect(res.headers['content-security-policy']).toBe(NON_DOCUMENT_CSP)
    expect(NON_DOCUMENT_CSP).toBe("default-src 'none';frame-ancestors 'none'")
  })

  it('sends the web app’s strict CSP and the other protections', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/page' })
    expect(res.headers['content-security-policy']).toBe(contentSecurityPolicy({ googleSignIn: false }))
    expect(directive(res.headers['content-security-policy'], 'script-src')).toBe("script-src 'self'")
    expect(directive(res.headers['content-security-policy'], 'default-src')).toBe("default-src 'self'")
    expect(res.headers['x-content-type-options']).toBe('nosniff')
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin')
    expect(res.headers['cross-origin-opener-policy']).toBe('same-origin-allow-popups')
    // The desktop app and embeds show our media from other origins.
    expect(res.headers['cross-origin-resource-policy']).toBeUndefined()
  })

  it('lets a route that opts in be framed by the sites it names, and nothing else changes', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/embed/lena-hart' })
    expect(res.headers['x-frame-options']).toBeUndefined()
    const csp = String(res.headers['content-security-policy'])
    expect(directive(csp, 'frame-ancestors')).toBe(
      'frame-ancestors https://creator.example https://www.creator.example',
    )
    expect(csp.replace(/frame-ancestors [^;]*/, '')).toBe(
      contentSecurityPolicy({ googleSignIn: false }).replace(/frame-ancestors [^;]*/, ''),
    )
  })

  it('sends HSTS only over HTTPS', async () => {
    const plain = await t.app.inject({ method: 'GET', url: '/api/health' })
    expect(plain.headers['strict-transport-security']).toBeUndefined()
    // X-Forwarded-Proto from an untrusted client says nothing.
    const claimed = await t.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-forwarded-proto': 'https' },
    })
    expect(claimed.headers['strict-transport-security']).toBeUndefined()
  })
})

describe('security headers behind a trusted proxy', () => {
  let t: BareTestApp
  beforeAll(async () => {
    t = await createBareTestApp({
      env: { TRUST_PROXY: 'true', GOOGLE_CLIENT_ID: 'id.apps.example' },
      configure: routes,
    })
  })
  afterAll(() => t.close())

  it('sends HSTS when the proxy says the client came over HTTPS', async () => {
    const https = await t.app.inject({
      method: 'GET',
      url: '/page',
      headers: { 'x-forwarded-proto': 'https' },
    })
    expect(https.headers['strict-transport-security']).toBe(HSTS)
    expect(HSTS).toMatch(/^max-age=31536000; includeSubDomains$/)
    const http = await t.app.inject({ method: 'GET', url: '/page', headers: { 'x-forwarded-proto': 'http' } })
    expect(http.headers['strict-transport-security']).toBeUndefined()
  })

  it('allows Google’s sign-in in the CSP only when it is configured', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/page' })
    expect(res.headers['content-security-policy']).toBe(contentSecurityPolicy({ googleSignIn: true }))
    expect(directive(res.headers['content-security-policy'], 'script-src')).toContain(
      'https://accounts.google.com',
    )
  })
})
