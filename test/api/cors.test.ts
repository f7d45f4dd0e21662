import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DESKTOP_ORIGIN } from '../../server/cors'
import { type BareTestApp, createBareTestApp, healthWithoutDatabase } from './helpers'

describe('CORS for the desktop app', () => {
  // Only the CORS hook is under test: /api/health stands for any API answer, here without a database.
  let t: BareTestApp
  beforeAll(async () => {
    t = await createBareTestApp({ configure: healthWithoutDatabase })
  })
  afterAll(() => t.close())

  it('lets app://renderer read API answers, without credentials', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health', headers: { origin: DESKTOP_ORIGIN } })
    expect(res.statusCode).toBe(200)
    expect(res.headers['access-control-allow-origin']).toBe(DESKTOP_ORIGIN)
    expect(res.headers['access-control-allow-credentials']).toBeUndefined()
    expect(res.headers.vary).toMatch(/Origin/)
  })

  it('answers its preflight for a bearer-token JSON request', async () => {
    const res = await t.app.inject({
      method: 'OPTIONS',
      url: '/api/clones/lena-hart',
      headers: {
        origin: DESKTOP_ORIGIN,
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'authorization, content-type',
      },
    })
    expect(res.statusCode).toBe(204)
    expect(res.headers['access-control-allow-origin']).toBe(DESKTOP_ORIGIN)
    expect(res.headers['access-control-allow-headers']).toMatch(/authorization/)
    expect(res.headers['access-control-allow-headers']).toMatch(/x-likeness-visitor/)
    expect(res.headers['access-control-allow-methods']).toMatch(/POST/)
    expect(res.headers['access-control-allow-credentials']).toBeUndefined()
  })

  it('gives every other origin nothing', async () => {
    for (const origin of ['https://evil.example', 'app://evil', 'null', 'file://']) {
      const res = await t.app.inject({ method: 'GET', url: '/api/health', headers: { origin } })
      expect(res.headers['access-control-allow-origin']).toBeUndefined()
      const preflight = await t.app.inject({
        method: 'OPTIONS',
        url: '/api/health',
        headers: { origin, 'access-control-request-method': 'POST' },
      })
      expect(preflight.headers['access-control-allow-origin']).toBeUndefined()
    }
  })

  it('stays off everything outside /api', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/explore', headers: { origin: DESKTOP_ORIGIN } })
    expect(res.headers['access-control-allow-origin']).toBeUndefined()
  })
})
