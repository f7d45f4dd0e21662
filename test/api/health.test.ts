import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Health } from '../../contract'
import { appVersion } from '../../server/app'
import { createTestApp, type TestApp } from './helpers'

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

  it('sets the security headers on API answers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' })
    expect(res.headers['x-content-type-options']).toBe('nosniff')
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin')
    expect(res.headers['content-security-policy']).toBeUndefined()
  })
})
