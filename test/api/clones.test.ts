import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ApiErrorBody, CloneList, CloneProfile } from '../../contract'
import { instances } from '../../server/db/schema'
import { seedClones } from '../../server/seed/data'
import { createTestApp, type TestApp } from './helpers'

const lenaSeed = seedClones.find((c) => c.slug === 'lena-hart')!

describe('clone routes', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp()
  })
  afterAll(() => t.close())

  const get = (url: string) => t.app.inject({ method: 'GET', url })

  it('lists the public clones, verified first, then by name', async () => {
    const res = await get('/api/clones')
    expect(res.statusCode).toBe(200)
    const { clones } = CloneList.parse(res.json())
    // The seed's public clones: Lena Hart is verified, Tomás Rivera is not.
    expect(seedClones.filter((c) => c.public).map((c) => c.slug)).toEqual(['lena-hart', 'tomas-rivera'])
    expect(clones.map((c) => c.slug)).toEqual(['lena-hart', 'tomas-rivera'])
    const order = [...clones].sort((a, b) =>
      a.verified === b.verified ? (a.name < b.name ? -1 : a.name > b.name ? 1 : 0) : a.verified ? -1 : 1,
    )
    expect(clones.map((c) => c.id)).toEqual(order.map((c) => c.id))
    expect(clones[0]!.verified).toBe(true)
  })

  it('answers the full profile of lena-hart', async () => {
    const res = await get('/api/clones/lena-hart')
    expect(res.statusCode).toBe(200)
    const raw = res.json() as Record<string, unknown>
    // Every field of the contract is present (nullable ones as null, not missing).
    for (const key of Object.keys(CloneProfile.shape)) expect(raw).toHaveProperty(key)
    const profile = CloneProfile.parse(raw)
    expect(profile.slug).toBe('lena-hart')
    expect(profile.instance).toBeNull()
    expect(profile.memberships).toHaveLength(lenaSeed.memberships.length)
    expect(profile.memberships.every((m) => m.active)).toBe(true)
    expect(profile.suggestedQuestions).toHaveLength(lenaSeed.suggestedQuestions.length)
    expect(new Set(profile.suggestedQuestions.map((q) => q.id)).size).toBe(profile.suggestedQuestions.length)
    expect(Number.isNaN(Date.parse(profile.createdAt))).toBe(false)
    for (const key of Object.keys(CloneProfile.shape.options.shape))
      expect(profile.options).toHaveProperty(key)
  })

  it('keeps the seed order of suggested questions and memberships', async () => {
    const a = CloneProfile.parse((await get('/api/clones/lena-hart')).json())
    const b = CloneProfile.parse((await get('/api/clones/lena-hart')).json())
    expect(a.suggestedQuestions.map((q) => q.question)).toEqual(lenaSeed.suggestedQuestions)
    expect(a.memberships.map((m) => m.name)).toEqual(lenaSeed.memberships.map((m) => m.name))
    expect(b.suggestedQuestions).toEqual(a.suggestedQuestions)
    expect(b.memberships.map((m) => m.id)).toEqual(a.memberships.map((m) => m.id))
  })

  it('answers the profile through an instance', async () => {
    const base = CloneProfile.parse((await get('/api/clones/lena-hart')).json())
    const [instance] = await t.db.select().from(instances).where(eq(instances.cloneId, base.id)).limit(1)
    expect(instance, 'lena-hart has at least one instance in the seed data').toBeDefined()
    const res = await get(`/api/clones/lena-hart/${instance!.slug}`)
    expect(res.statusCode).toBe(200)
    const profile = CloneProfile.parse(res.json())
    expect(profile.id).toBe(base.id)
    expect(profile.instance).toEqual({
      id: instance!.id,
      slug: instance!.slug,
      name: instance!.name,
      imageUrl: instance!.imageUrl,
    })
  })

  it('answers 404 for an unknown clone or instance', async () => {
    const clone = await get('/api/clones/nobody-here')
    expect(clone.statusCode).toBe(404)
    expect(ApiErrorBody.parse(clone.json())).toEqual({
      error: { code: 'not_found', message: 'Clone not found' },
    })

    const instance = await get('/api/clones/lena-hart/no-such-instance')
    expect(instance.statusCode).toBe(404)
    expect(ApiErrorBody.parse(instance.json())).toEqual({
      error: { code: 'not_found', message: 'Instance not found' },
    })

    const both = await get('/api/clones/nobody-here/no-such-instance')
    expect(ApiErrorBody.parse(both.json()).error.message).toBe('Clone not found')
  })

  it.each([
    '/api/clones/Lena-Hart',
    '/api/clones/lena_hart',
    `/api/clones/${'a'.repeat(65)}`,
    '/api/clones/lena-hart/Bad%20Instance',
  ])('answers 400 for the invalid slug in %s', async (url) => {
    const res = await get(url)
    expect(res.statusCode).toBe(400)
    const body = ApiErrorBody.parse(res.json())
    expect(body.error.code).toBe('bad_request')
    expect(body.error.message).toMatch(/slug/i)
  })
})
