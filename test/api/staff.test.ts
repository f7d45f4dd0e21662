import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { StaffStatus } from '../../contract/staff'
import { cloneIdOf } from '../../server/seed'
import { seededUserCookie } from './embed-helpers'
import { createTestApp, type TestApp, userWithSession } from './helpers'

// Fake secrets in the configuration: none may ever appear in the staff status.
const SECRETS = {
  LLM_BASE_URL: 'https://llm-user:llm-password-3141@llm.example.com/v1',
  LLM_API_KEY: 'sk-fake-llm-key-2718',
  LLM_MODEL: 'fake-model',
  STRIPE_SECRET_KEY: 'sk_test_fake_stripe_1618',
  STRIPE_WEBHOOK_SECRET: 'whsec_fake_webhook_1414',
  TAVUS_API_KEY: 'tavus-fake-key-1732',
  TRANSCRIPTION_API_KEY: 'gsk_fake_transcription_0577',
  SMTP_URL: 'smtps://mailer:smtp-password-8080@smtp.example.com:465',
  AUTH_SECRET: 'auth-secret-that-is-at-least-32-characters-long',
}

describe('GET /api/staff/status (spec 1 §6 staff toolbar)', () => {
  let t: TestApp
  let plain: TestApp
  let staff: string

  beforeAll(async () => {
    t = await createTestApp({ env: SECRETS })
    staff = await seededUserCookie(t.db, 'user-riley-staff')
  })
  afterAll(() => t.close())

  const status = (cookie?: string, query = '') =>
    t.app.inject({ url: `/api/staff/status${query}`, headers: cookie ? { cookie } : {} })

  it('tells staff the versions, providers, counts and the page’s clone', async () => {
    const res = await status(staff, '?slug=lena-hart')
    expect(res.statusCode, res.body).toBe(200)
    expect(res.headers['cache-control']).toBe('no-store')
    const body = StaffStatus.parse(res.json())
    expect(body.serverVersion).toMatch(/^\d+\.\d+\.\d+/)
    expect(body.uptimeSeconds).toBeGreaterThanOrEqual(0)
    expect(body.devOutbox).toBe(false)
    const modes = Object.fromEntries(body.providers.map((p) => [p.key, p.mode]))
    expect(modes).toEqual({
      database: 'embedded',
      llm: 'real',
      mail: 'real',
      payments: 'real',
      tts: 'embedded',
      voice: 'embedded',
      video: 'real',
      transcription: 'real',
      texts: 'embedded',
    })
    expect(body.counts.users).toBeGreaterThanOrEqual(5)
    expect(body.counts.clones).toBeGreaterThanOrEqual(2)
    expect(body.clone).toMatchObject({ id: cloneIdOf('lena-hart'), slug: 'lena-hart', visibility: 'public' })
    expect(body.clone!.documents).toBeGreaterThan(0)
  })

  it('names no secret, key or credentialled URL', async () => {
    const res = await status(staff, '?slug=lena-hart')
    expect(res.statusCode).toBe(200)
    for (const [name, value] of Object.entries(SECRETS)) {
      if (name === 'LLM_MODEL') continue
      expect(res.body, name).not.toContain(value)
    }
    expect(res.body).not.toMatch(/password|sk_test|whsec_|sk-fake/)
  })

  it('gives no clone without a slug or for a slug that names none', async () => {
    const before = StaffStatus.parse((await status(staff)).json())
    expect(before.clone).toBeNull()
    const res = await status(staff, '?slug=no-such-clone')
    expect(StaffStatus.parse(res.json()).clone).toBeNull()
  })

  it('answers 404, as an unknown route does, to a consumer, a creator and a signed-out visitor', async () => {
    const consumer = await userWithSession(t.db, 'consumer@staff.test')
    const creator = await seededUserCookie(t.db, 'user-lena')
    const unknown = await t.app.inject({ url: '/api/staff/no-such-route' })
    for (const cookie of [consumer.cookie, creator, undefined]) {
      for (const query of ['', '?slug=lena-hart', `?slug=${'x'.repeat(500)}`]) {
        const res = await status(cookie, query)
        expect(res.statusCode, `${cookie} ${query}`).toBe(404)
        expect(res.json()).toEqual(unknown.json())
      }
    }
  })

  describe('with the embedded defaults', () => {
    beforeAll(async () => {
      plain = await createTestApp()
    })
    afterAll(() => plain.close())

    it('says every provider is embedded and the dev outbox holds the mail', async () => {
      const cookie = await seededUserCookie(plain.db, 'user-riley-staff')
      const res = await plain.app.inject({ url: '/api/staff/status', headers: { cookie } })
      const body = StaffStatus.parse(res.json())
      expect(body.devOutbox).toBe(true)
      expect(body.providers.find((p) => p.key === 'database')).toEqual({
        key: 'database',
        mode: 'embedded',
        name: 'PGlite',
      })
      expect(body.providers.filter((p) => p.mode === 'real')).toEqual([])
    })
  })
})
