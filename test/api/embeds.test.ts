import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { EmbedConfig, EmbedConfigList, PublicEmbedConfig } from '../../contract/embed'
import { embedConfigIdOf } from '../../server/seed'
import { seededUserCookie, studio, validInput } from './embed-helpers'
import { createTestApp, type TestApp, userWithSession } from './helpers'

const PUBLIC_URL = 'https://likeness.example'
const DEMO = 'http://localhost:5174'
const BASE = '/api/studio/lena-hart/embeds'

describe('embed configurations', () => {
  let t: TestApp
  let creator: string
  let contributor: string
  let otherCreator: string
  let consumer: string

  beforeAll(async () => {
    t = await createTestApp({ env: { PUBLIC_URL, EMBED_DEMO_ORIGINS: DEMO } })
    creator = await seededUserCookie(t.db, 'user-lena')
    contributor = await seededUserCookie(t.db, 'user-sam')
    otherCreator = await seededUserCookie(t.db, 'user-tomas')
    consumer = (await userWithSession(t.db, 'visitor@embeds.test')).cookie
  })
  afterAll(() => t.close())

  it('lets the creator create, list, change and delete a configuration', async () => {
    const created = await studio(t.app, 'POST', BASE, creator, validInput)
    expect(created.statusCode, created.body).toBe(201)
    const config = EmbedConfig.parse(created.json())
    expect(config).toMatchObject({
      cloneSlug: 'lena-hart',
      name: 'Pricing page',
      // Normalised and without duplicates.
      allowedOrigins: ['https://creator.example', 'https://www.creator.example'],
      layout: 'inline',
      whitelabel: true,
      textLimit: null,
      voiceLimitSeconds: null,
    })

    const listed = EmbedConfigList.parse((await studio(t.app, 'GET', BASE, creator)).json())
    expect(listed.configs.map((c) => c.id)).toContain(config.id)

    const patched = await studio(t.app, 'PATCH', `${BASE}/${config.id}`, creator, {
      textLimit: 12,
      allowedOrigins: ['http://localhost:3000'],
    })
    expect(patched.statusCode, patched.body).toBe(200)
    expect(EmbedConfig.parse(patched.json())).toMatchObject({
      name: 'Pricing page',
      textLimit: 12,
      allowedOrigins: ['http://localhost:3000'],
      whitelabel: true,
    })

    const deleted = await studio(t.app, 'DELETE', `${BASE}/${config.id}`, creator)
    expect(deleted.statusCode, deleted.body).toBe(200)
    expect(deleted.json()).toEqual({ ok: true })
    expect((await t.app.inject(`/api/embed/configs/${config.id}`)).statusCode).toBe(404)
    expect((await studio(t.app, 'DELETE', `${BASE}/${config.id}`, creator)).statusCode).toBe(404)
  })

  it('refuses an allowed origin that is not an origin, with the contract’s message', async () => {
    const res = await studio(t.app, 'POST', BASE, creator, {
      ...validInput,
      allowedOrigins: ['https://creator.example/pricing'],
    })
    expect(res.statusCode).toBe(400)
    expect(res.json().error.message).toContain(
      "'https://creator.example/pricing' is not an origin such as https://example.com",
    )
    const patch = await studio(t.app, 'PATCH', `${BASE}/${embedConfigIdOf('lena-hart', 'bubble')}`, creator, {
      allowedOrigins: ["'self'"],
    })
    expect(patch.statusCode).toBe(400)
  })

  it('refuses an origin that would add to the embed page\'s CSP: a ";", a "," or a wildcard (issue #27)', async () => {
    for (const origin of [
      'https://creator.example;',
      'https://creator.example%3Bscript-src',
      'https://creator.example,https://other.example',
      'https://creator.example;sandbox',
      'https://*.creator.example',
    ]) {
      const res = await studio(t.app, 'POST', BASE, creator, { ...validInput, allowedOrigins: [origin] })
      expect(res.statusCode, origin).toBe(400)
    }
  })

  it('refuses other invalid input', async () => {
    for (const body of [
      { ...validInput, name: '  ' },
      { ...validInput, layout: 'sidebar' },
      { ...validInput, textLimit: 0 },
      { ...validInput, allowedOrigins: Array.from({ length: 21 }, (_, i) => `https://o${i}.example`) },
    ]) {
      expect((await studio(t.app, 'POST', BASE, creator, body)).statusCode, JSON.stringify(body)).toBe(400)
    }
  })

  it('lets a contributor read but not write, and hides everything from anyone else (404)', async () => {
    const seeded = embedConfigIdOf('lena-hart', 'bubble')
    expect((await studio(t.app, 'GET', BASE, contributor)).statusCode).toBe(200)
    for (const cookie of [contributor, otherCreator, consumer]) {
      expect((await studio(t.app, 'POST', BASE, cookie, validInput)).statusCode).toBe(404)
      expect((await studio(t.app, 'PATCH', `${BASE}/${seeded}`, cookie, { name: 'x' })).statusCode).toBe(404)
      expect((await studio(t.app, 'DELETE', `${BASE}/${seeded}`, cookie)).statusCode).toBe(404)
    }
    for (const cookie of [otherCreator, consumer]) {
      const res = await studio(t.app, 'GET', BASE, cookie)
      expect(res.statusCode).toBe(404)
      expect(res.json().error.message).toBe('Not found')
    }
    // Same answer as for a clone that does not exist.
    expect((await studio(t.app, 'GET', '/api/studio/no-such-clone/embeds', creator)).statusCode).toBe(404)
    expect((await studio(t.app, 'GET', BASE, null)).statusCode).toBe(401)
    // A creator cannot reach another clone's configuration through their own clone.
    const tomas = embedConfigIdOf('tomas-rivera', 'bubble')
    expect((await studio(t.app, 'PATCH', `${BASE}/${tomas}`, creator, { name: 'x' })).statusCode).toBe(404)
    expect((await studio(t.app, 'PATCH', `${BASE}/not-a-uuid`, creator, { name: 'x' })).statusCode).toBe(404)
  })

  it('serves the public configuration, 404 for unknown or malformed ids', async () => {
    const res = await t.app.inject(`/api/embed/configs/${embedConfigIdOf('lena-hart', 'text-limit')}`)
    expect(res.statusCode).toBe(200)
    const config = PublicEmbedConfig.parse(res.json())
    expect(config).toEqual({
      id: embedConfigIdOf('lena-hart', 'text-limit'),
      cloneSlug: 'lena-hart',
      // The seeded demo origins: the server as reached, PUBLIC_URL and EMBED_DEMO_ORIGINS.
      allowedOrigins: ['http://localhost:80', PUBLIC_URL, DEMO].map((o) => new URL(o).origin),
      layout: 'bubble',
      whitelabel: false,
      textLimit: 4,
      voiceLimitSeconds: null,
    })
    expect(Object.keys(res.json())).not.toContain('name')
    for (const id of ['8d3c9b8e-0000-4000-8000-000000000000', 'nope', '%27']) {
      expect((await t.app.inject(`/api/embed/configs/${id}`)).statusCode, id).toBe(404)
    }
  })

  it('has the seeded configurations, the two special ones included', async () => {
    const listed = EmbedConfigList.parse((await studio(t.app, 'GET', BASE, creator)).json())
    const byId = new Map(listed.configs.map((c) => [c.id, c]))
    expect(byId.get(embedConfigIdOf('lena-hart', 'bubble'))).toMatchObject({
      layout: 'bubble',
      textLimit: null,
    })
    expect(byId.get(embedConfigIdOf('lena-hart', 'text-limit'))).toMatchObject({ textLimit: 4 })
    expect(byId.get(embedConfigIdOf('lena-hart', 'voice-limit'))).toMatchObject({ voiceLimitSeconds: 180 })
  })
})
