import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { MeResponse } from '../../contract/auth'
import { EmbedConfig } from '../../contract/embed'
import { seededUserCookie, studio, validInput } from './embed-helpers'
import { createTestApp, type TestApp, userWithSession } from './helpers'

/*
 * spec 1 §3 'User': the white-labelled customisation flag. A user has it when they run (as creator or
 * contributor) a clone with a white-labelled embed configuration (spec 1 §1 'Creators can white-label it',
 * §6); everyone else, and the same people once no configuration is white-labelled, do not.
 */

const BASE = '/api/studio/lena-hart/embeds'

describe("the user's whitelabeled flag", () => {
  let t: TestApp
  let creator: string
  let contributor: string
  let otherCreator: string
  let consumer: string

  beforeAll(async () => {
    t = await createTestApp()
    creator = await seededUserCookie(t.db, 'user-lena')
    contributor = await seededUserCookie(t.db, 'user-sam')
    otherCreator = await seededUserCookie(t.db, 'user-tomas')
    consumer = (await userWithSession(t.db, 'visitor@whitelabel.test')).cookie
  })
  afterAll(() => t.close())

  const whitelabeled = async (cookie: string) => {
    const res = await t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie } })
    expect(res.statusCode, res.body).toBe(200)
    return MeResponse.parse(res.json()).user?.whitelabeled
  }

  it('is off for everyone while no configuration is white-labelled (the seed)', async () => {
    for (const cookie of [creator, contributor, otherCreator, consumer]) {
      expect(await whitelabeled(cookie)).toBe(false)
    }
  })

  it("is on for the clone's creator and contributor once one of its embeds is white-labelled, and off again after", async () => {
    const created = await studio(t.app, 'POST', BASE, creator, { ...validInput, whitelabel: true })
    expect(created.statusCode, created.body).toBe(201)
    const config = EmbedConfig.parse(created.json())
    try {
      expect(await whitelabeled(creator)).toBe(true)
      expect(await whitelabeled(contributor)).toBe(true)
      // Another clone's creator and a visitor of this one are not white-labelled by it.
      expect(await whitelabeled(otherCreator)).toBe(false)
      expect(await whitelabeled(consumer)).toBe(false)

      // Every answer that shows the user says the same: the profile update's too.
      const updated = await t.app.inject({
        method: 'PATCH',
        url: '/api/me',
        headers: { cookie: creator },
        payload: {},
      })
      expect(updated.statusCode, updated.body).toBe(200)
      expect(MeResponse.parse(updated.json()).user?.whitelabeled).toBe(true)

      const patched = await studio(t.app, 'PATCH', `${BASE}/${config.id}`, creator, { whitelabel: false })
      expect(patched.statusCode, patched.body).toBe(200)
      expect(await whitelabeled(creator)).toBe(false)
      expect(await whitelabeled(contributor)).toBe(false)
    } finally {
      await studio(t.app, 'DELETE', `${BASE}/${config.id}`, creator)
    }
  })
})
