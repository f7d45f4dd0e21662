import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Health } from '../../contract'
import { appVersion } from '../../server/app'
import {
  type BareTestApp,
  createBareTestApp,
  createTestApp,
  healthWithoutDatabase,
  type TestApp,
} from './helpers'

// The database check needs the database: it answers ok only when the database does, and names its kind.
describe('GET /api/health', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp()
  })
  afterAll(() => t.close())

  it('answers ok with the version and the database kind', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toMatch(/^application\/json/)
    const body = Health.parse(res.json())
    expect(body).toEqual({ ok: true, version: appVersion, database: 'pglite' })
    expect(appVersion).toMatch(/^\d+\.\d+\.\d+/)
  })
})

// The security headers come from the HTTP layer alone (server/app.ts buildBareApp): no database.
describe('GET /api/health headers', () => {
  let t: BareTestApp
  beforeAll(async () => {
    t = await createBareTestApp({ configure: healthWithoutDatabase })
  })
  afterAll(() => t.close())

  it('sets the security headers on API answers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' })
    expect(res.headers['x-content-type-options']).toBe('nosniff')
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin')
    expect(res.headers['x-frame-options']).toBe('DENY')
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'")
  })
})
